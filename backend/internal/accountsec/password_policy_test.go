package accountsec

import (
	"errors"
	"strings"
	"testing"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
)

func TestCheckNewPasswordAgainstAHash(t *testing.T) {
	current, err := auth.HashPassword("DemoClient#2026", 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, next, want string
	}{
		{"good", "Harbour-View-2027", ""},
		{"the platform's policy applies", "short", auth.PasswordTooShort},
		{"too long", strings.Repeat("Ab1", 25), auth.PasswordTooLong},
		{"the current password", "DemoClient#2026", auth.PasswordUnchanged},
		{"the username", "Demo.Client#2027", auth.PasswordHasUsername},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckNewPassword("demo.client", current, tc.next)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			var ae *apierr.Error
			if !errors.As(err, &ae) || ae.Status != 400 || ae.APIMessage != tc.want {
				t.Fatalf("got %v, want 400 %q", err, tc.want)
			}
		})
	}
	if err := CheckNewPassword("someone", "", "Harbour-View-2027"); err != nil {
		t.Fatalf("no current password: %v", err)
	}
}
