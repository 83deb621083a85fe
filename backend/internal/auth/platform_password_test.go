package auth

import (
	"context"
	"errors"
	"strings"
	"testing"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestCheckNewPassword(t *testing.T) {
	for _, tc := range []struct {
		next, want string
	}{
		{"", PasswordRequired},
		{"Ab1!xyz", PasswordTooShort},
		{"Ab1!" + strings.Repeat("x", 61), PasswordTooLong},
		{"Ab1!" + strings.Repeat("é", 35), PasswordTooLong}, // 39 characters but over bcrypt's 72 bytes
		{"Correct#Horse1", PasswordUnchanged},
		{"correcthorse", PasswordTooSimple},
		{"CORRECTHORSE12", PasswordTooSimple},
		{"Quay-Side-ada-7", PasswordHasUsername},
		{"Quay-Side-ADA-7", PasswordHasUsername},
		{"Quay-Side-Seven", ""}, // lower, upper, symbols
		{"quayside77#", ""},     // lower, digits, symbol
		{"Ab1!" + strings.Repeat("x", 60), ""},
	} {
		err := CheckNewPassword("ada", "Correct#Horse1", tc.next)
		if got := apiMessage(err); got != tc.want || (tc.want == "" && err != nil) {
			t.Errorf("%q: %v, want %q", tc.next, err, tc.want)
		}
		var ae *apierr.Error
		if err != nil && (!errors.As(err, &ae) || ae.Status != 400 || ae.UserMessage != ae.APIMessage) {
			t.Errorf("%q: not a 400 with the reason for users: %+v", tc.next, ae)
		}
	}
	// An adviser's @client suffix is not part of the name looked for; a short name is not looked for.
	if err := CheckNewPassword("bob@client", "x", "Client-Gate-99"); err != nil {
		t.Errorf("adviser suffix: %v", err)
	}
	if err := CheckNewPassword("bo", "x", "Bo-Gate-99-bo"); err != nil {
		t.Errorf("two-letter name: %v", err)
	}
}

// The forced change proves the current password, applies the policy, clears the step and ends
// the user's other platform sessions only.
func TestChangeForcedPassword(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect)
		ctx := context.Background()
		testdb.MustExec(t, f.db, `UPDATE app_user SET force_change_password = 1 WHERE id = 1`)
		u, err := f.svc.Authenticate(ctx, "ada", "Correct#Horse1")
		if err != nil {
			t.Fatal(err)
		}
		mine, _ := f.svc.StartSession(ctx, u, "test")
		other, _ := f.svc.StartSession(ctx, u, "test")
		if steps, _ := f.svc.PendingSteps(ctx, u); len(steps) != 1 || steps[0] != StepForceChangePassword {
			t.Fatalf("steps %v", steps)
		}
		if err := f.svc.ChangeForcedPassword(ctx, u, mine, "Wrong#Horse1", "Quay-Side-Seven"); apiMessage(err) != apierr.BadCredentials {
			t.Fatalf("wrong current: %v", err)
		}
		if err := f.svc.ChangeForcedPassword(ctx, u, mine, "Correct#Horse1", "short"); apiMessage(err) != PasswordTooShort {
			t.Fatalf("policy: %v", err)
		}
		if err := f.svc.ChangeForcedPassword(ctx, u, mine, "Correct#Horse1", "Quay-Side-Seven"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.UserForToken(ctx, mine); err != nil {
			t.Fatalf("the changing session ended: %v", err)
		}
		if _, err := f.svc.UserForToken(ctx, other); !errors.Is(err, apierr.ErrNoSession) {
			t.Fatalf("the other session survived: %v", err)
		}
		u, err = f.svc.Authenticate(ctx, "ada", "Quay-Side-Seven")
		if err != nil {
			t.Fatal(err)
		}
		if steps, _ := f.svc.PendingSteps(ctx, u); len(steps) != 0 {
			t.Fatalf("steps after the change %v", steps)
		}
		if err := f.svc.ChangeForcedPassword(ctx, u, mine, "Quay-Side-Seven", "Quay-Side-Eight"); apiMessage(err) != "No password change is due" {
			t.Fatalf("a change that is not due: %v", err)
		}
	})
}
