package recovery

import (
	"errors"
	"strings"
	"testing"

	"wealthportal/backend/internal/apierr"
)

func wantAPI(t *testing.T, err error, api string) {
	t.Helper()
	if api == "" {
		if err != nil {
			t.Fatalf("unexpected %v", err)
		}
		return
	}
	var ae *apierr.Error
	if !errors.As(err, &ae) || ae.Status != 400 || ae.APIMessage != api {
		t.Fatalf("got %v, want 400 %q", err, api)
	}
}

func TestResetInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Reset
		want string
	}{
		{"complete", Reset{UserID: " demo.client ", ResetCode: " 123456 ", NewPassword: "x"}, ""},
		{"with answers", Reset{UserID: "u", ResetCode: "1", NewPassword: "x", Answers: []string{"a", "b"}}, ""},
		{"no username", Reset{UserID: "  ", ResetCode: "123456", NewPassword: "x"}, UsernameRequired},
		{"no code", Reset{UserID: "u", ResetCode: " ", NewPassword: "x"}, ResetCodeRequired},
		{"no password", Reset{UserID: "u", ResetCode: "123456"}, PasswordRequired},
		{"three answers", Reset{UserID: "u", ResetCode: "1", NewPassword: "x", Answers: []string{"a", "b", "c"}}, ArgumentsIncorrectAPI},
		{"a code too long to be one", Reset{UserID: "u", ResetCode: strings.Repeat("1", 300), NewPassword: "x"}, CodeInvalidAPI},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			wantAPI(t, in.Normalise(), tc.want)
			if tc.want == "" && (in.UserID != strings.TrimSpace(tc.in.UserID) || in.ResetCode != strings.TrimSpace(tc.in.ResetCode)) {
				t.Fatalf("not trimmed: %+v", in)
			}
		})
	}
}

func TestUsernameReminderInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   UsernameReminder
		want string
	}{
		{"complete", UsernameReminder{PreferredEmail: " eleanor@example.co.uk ", RoleType: "client", DOB: "1968-04-17"}, ""},
		{"role type left out", UsernameReminder{PreferredEmail: "e@example.com", DOB: "1968-04-17"}, ""},
		{"no email", UsernameReminder{PreferredEmail: " ", DOB: "1968-04-17"}, EmailRequired},
		{"not an email", UsernameReminder{PreferredEmail: "eleanor.example.co.uk", DOB: "1968-04-17"}, EmailInvalid},
		{"no domain dot", UsernameReminder{PreferredEmail: "eleanor@example", DOB: "1968-04-17"}, EmailInvalid},
		{"no date", UsernameReminder{PreferredEmail: "e@example.com"}, DOBRequired},
		{"locale date", UsernameReminder{PreferredEmail: "e@example.com", DOB: "17/04/1968"}, DOBInvalid},
		{"impossible date", UsernameReminder{PreferredEmail: "e@example.com", DOB: "1968-02-30"}, DOBInvalid},
		{"adviser role", UsernameReminder{PreferredEmail: "e@example.com", RoleType: "adviser", DOB: "1968-04-17"}, ArgumentsIncorrectAPI},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			wantAPI(t, in.Normalise(), tc.want)
		})
	}
}
