package auth

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// enrolFixture adds ada.enrol (id 5): second factor required, none enrolled, with a mobile
// contact and an email address on her party.
func enrolFixture(t *testing.T, dialect store.Dialect) (*fixture, User) {
	t.Helper()
	f := newFixture(t, dialect)
	hash, _ := HashPassword("Correct#Horse1", 4)
	testdb.MustExec(t, f.db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, mfa_required, created_at) VALUES (5, 'ada.enrol', ?, 'ClientUser', 10, 1, 'x')`, hash)
	testdb.MustExec(t, f.db, `UPDATE entity SET preferred_email = 'ada@example.org' WHERE id = 10`)
	testdb.MustExec(t, f.db, `INSERT INTO contact (entity_id, type, value, country_code, preferred) VALUES (10, 'p3', '07700 900005', '44', 1)`)
	syncIDs(t, f.db)
	u, err := f.svc.Store.UserByID(context.Background(), 5)
	if err != nil {
		t.Fatal(err)
	}
	return f, u
}

// A login with no device enrolled is told to enrol, with the firm's methods, whether or not a
// code is joined to its password; nothing is sent.
func TestAuthenticateEnrolmentChallenge(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f, _ := enrolFixture(t, dialect)
		ctx := context.Background()
		for _, secret := range []string{"Correct#Horse1", "Correct#Horse1123456"} {
			_, err := f.svc.Authenticate(ctx, "ada.enrol", secret)
			var ch *Challenge
			if !errors.As(err, &ch) || ch.Err.APIMessage != MFAEnrolmentRequiredAPI || !slices.Equal(ch.TfaMethods, []string{"sms", "email", "token"}) {
				t.Fatalf("%s: %v", secret, err)
			}
		}
		if len(f.sender.bodies) != 0 {
			t.Fatal("a code was sent to a login with no device")
		}
		_, err := f.svc.Authenticate(ctx, "ada.mfa", "Correct#Horse1")
		var ch *Challenge
		if !errors.As(err, &ch) || ch.MfaMethod != "sms" || apiMessage(err) != MFARequiredAPI {
			t.Fatalf("sms challenge: %v", err)
		}
	})
}

func TestEnrolmentCodes(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f, u := enrolFixture(t, dialect)
		ctx := context.Background()
		if _, err := f.svc.StartEnrolment(ctx, u, "pigeon"); apiMessage(err) != "Unknown verification method" {
			t.Fatalf("unknown method: %v", err)
		}

		// A wrong code ends the enrolment: the right code is then refused too.
		e, err := f.svc.StartEnrolment(ctx, u, MethodSMS)
		if err != nil {
			t.Fatal(err)
		}
		code := f.sender.lastCode(t)
		if _, ok, err := f.svc.LinkDevice(ctx, u, e.DeviceID, MethodSMS, otherCode(code)); ok || err != nil {
			t.Fatalf("wrong code linked: %v", err)
		}
		if _, ok, _ := f.svc.LinkDevice(ctx, u, e.DeviceID, MethodSMS, code); ok {
			t.Fatal("the right code after a wrong one linked")
		}

		// Expiry: five minutes.
		e, _ = f.svc.StartEnrolment(ctx, u, MethodSMS)
		code = f.sender.lastCode(t)
		f.now = f.now.Add(codeLifetime + time.Second)
		if _, ok, _ := f.svc.LinkDevice(ctx, u, e.DeviceID, MethodSMS, code); ok {
			t.Fatal("an expired code linked")
		}

		// A newer enrolment replaces the older one.
		older, _ := f.svc.StartEnrolment(ctx, u, MethodSMS)
		olderCode := f.sender.lastCode(t)
		if _, err := f.svc.StartEnrolment(ctx, u, MethodSMS); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := f.svc.LinkDevice(ctx, u, older.DeviceID, MethodSMS, olderCode); ok {
			t.Fatal("a replaced enrolment linked")
		}
		// That failed attempt spent the enrolment too: the user asks for a new code.
		newer, _ := f.svc.StartEnrolment(ctx, u, MethodSMS)
		newerCode := f.sender.lastCode(t)
		// Another user cannot use the device id; the attempt spends nothing of ada.enrol's.
		other, _ := f.svc.Store.UserByID(ctx, 1)
		if _, ok, _ := f.svc.LinkDevice(ctx, other, newer.DeviceID, MethodSMS, newerCode); ok {
			t.Fatal("another user linked the device")
		}
		method, ok, err := f.svc.LinkDevice(ctx, u, newer.DeviceID, MethodSMS, newerCode)
		if err != nil || !ok || method != MethodSMS {
			t.Fatalf("right code: %v %v %v", method, ok, err)
		}
		linked, _ := f.svc.Store.UserByID(ctx, 5)
		if linked.MFAMethod != MethodSMS || linked.MobilePhone != "+447700900005" {
			t.Fatalf("linked user %+v", linked)
		}
		// Single use: the device is linked, the code spent.
		if _, ok, _ := f.svc.LinkDevice(ctx, linked, newer.DeviceID, MethodSMS, newerCode); ok {
			t.Fatal("a code linked twice")
		}
	})
}

// otherCode is a six-digit code that is not code.
func otherCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func TestEnrolmentDestinations(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f, u := enrolFixture(t, dialect)
		ctx := context.Background()
		e, err := f.svc.StartEnrolment(ctx, u, MethodEmail)
		if err != nil || e.OTPAuthURI != "" {
			t.Fatalf("email: %+v %v", e, err)
		}
		d, err := f.svc.Store.PendingDevice(ctx, u.ID, e.DeviceID, f.now)
		if err != nil || d.Destination != "ada@example.org" {
			t.Fatalf("email device %+v %v", d, err)
		}
		testdb.MustExec(t, f.db, `UPDATE entity SET preferred_email = 'not an address' WHERE id = 10`)
		testdb.MustExec(t, f.db, `UPDATE contact SET value = 'call reception' WHERE entity_id = 10`)
		u, _ = f.svc.Store.UserByID(ctx, 5)
		for _, m := range []string{MethodEmail, MethodSMS} {
			if _, err := f.svc.StartEnrolment(ctx, u, m); apiMessage(err) != InvalidNumberAPI {
				t.Errorf("%s without a destination: %v", m, err)
			}
		}
		// A token needs no destination.
		tok, err := f.svc.StartEnrolment(ctx, u, MethodToken)
		if err != nil || tok.OTPAuthURI == "" || tok.QRCode == "" {
			t.Fatalf("token: %+v %v", tok, err)
		}
		d, _ = f.svc.Store.PendingDevice(ctx, u.ID, tok.DeviceID, f.now)
		code, _ := TOTPCode(d.TOTPSecret, f.now)
		if _, ok, err := f.svc.LinkDevice(ctx, u, tok.DeviceID, MethodToken, code); !ok || err != nil {
			t.Fatalf("token link: %v %v", ok, err)
		}
		linked, _ := f.svc.Store.UserByID(ctx, 5)
		if linked.MFAMethod != MethodToken || linked.TOTPSecret != d.TOTPSecret || linked.TOTPLastStep != totpStep(f.now) {
			t.Fatalf("token user %+v", linked)
		}
		// The enrolment code cannot log in; the next step's can, once.
		if _, err := f.svc.Authenticate(ctx, "ada.enrol", "Correct#Horse1"+code); apiMessage(err) != "bad_otp" {
			t.Fatalf("enrolment code reused at login: %v", err)
		}
		f.now = f.now.Add(30 * time.Second)
		next, _ := TOTPCode(d.TOTPSecret, f.now)
		if _, err := f.svc.Authenticate(ctx, "ada.enrol", "Correct#Horse1"+next); err != nil {
			t.Fatalf("next code: %v", err)
		}
		if _, err := f.svc.Authenticate(ctx, "ada.enrol", "Correct#Horse1"+next); apiMessage(err) != "bad_otp" {
			t.Fatalf("code replayed: %v", err)
		}
		// Firms choose their methods.
		testdb.MustExec(t, f.db, `UPDATE firm SET mfa_methods = 'token'`)
		u, _ = f.svc.Store.UserByID(ctx, 5)
		if _, err := f.svc.StartEnrolment(ctx, u, MethodSMS); apiMessage(err) != "Unknown verification method" {
			t.Fatalf("a method the firm does not offer: %v", err)
		}
	})
}

func TestNormalisePhone(t *testing.T) {
	for _, tc := range []struct {
		number, cc, want string
		ok               bool
	}{
		{"+44 7700 900123", "", "+447700900123", true},
		{"0044 7700 900123", "", "+447700900123", true},
		{"07700-900123", "44", "+447700900123", true},
		{"7700900123", "+44", "+447700900123", true},
		{"1300 123 456", "61", "1300123456", true},
		{"412 345 678", "61", "+61412345678", true},
		{"7700900123", "", "07700900123", true},
		{"07700 900123", "", "07700900123", true},
		{"call me", "44", "", false},
		{"(0117) 496 0123", "44", "", false},
		{"+44", "", "", false},
		{"", "44", "", false},
	} {
		got, ok := NormalisePhone(tc.number, tc.cc)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q/%q: %q %v, want %q %v", tc.number, tc.cc, got, ok, tc.want, tc.ok)
		}
	}
}
