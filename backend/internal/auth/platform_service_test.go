package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"regexp"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

type recordingSender struct{ bodies []string }

func (r *recordingSender) Send(_ context.Context, _, _, body string) error {
	r.bodies = append(r.bodies, body)
	return nil
}

func (r *recordingSender) lastCode(t *testing.T) string {
	t.Helper()
	if len(r.bodies) == 0 {
		t.Fatal("no code sent")
	}
	m := regexp.MustCompile(`\d{6}`).FindString(r.bodies[len(r.bodies)-1])
	if m == "" {
		t.Fatalf("no code in %q", r.bodies[len(r.bodies)-1])
	}
	return m
}

type fixture struct {
	svc    *Service
	sender *recordingSender
	db     *store.DB
	now    time.Time
}

// newFixture is a migrated store of the test's own on dialect d with a firm, a client party
// and four logins: ada, ada.mfa (sms), ada.off (disabled) and ada.new (no password yet).
func newFixture(t *testing.T, d store.Dialect) *fixture {
	t.Helper()
	db := testdb.Open(t, d)
	var err error
	f := &fixture{sender: &recordingSender{}, db: db, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	f.svc, err = NewService(SQLStore{DB: db}, f.sender, func() time.Time { return f.now }, rand.Reader, 4)
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := HashPassword("Correct#Horse1", 4)
	testdb.MustExec(t, db, `INSERT INTO firm (id, name, product_name, region) VALUES (1, 'F', 'P', 'GB')`)
	testdb.MustExec(t, db, `INSERT INTO client_access_level_choice (code, description) VALUES (1, 'Client Portfolio')`)
	testdb.MustExec(t, db, `INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, client_access_level) VALUES (10, 1, 'client', 'Ada', 'Lovelace', 'Lovelace, Ada', 1)`)
	testdb.MustExec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, mfa_method, mobile_phone, created_at) VALUES
		(1, 'ada', ?, 'ClientUser', 10, '', '', 'x'),
		(2, 'ada.mfa', ?, 'ClientUser', 10, 'sms', '+447700900001', 'x'),
		(3, 'ada.off', ?, 'ClientUser', 10, '', '', 'x'),
		(4, 'ada.new', '', 'ClientUser', 10, '', '', 'x')`, hash, hash, hash)
	testdb.MustExec(t, db, `UPDATE app_user SET disabled = 1 WHERE id = 3`)
	syncIDs(t, db)
	return f
}

// syncIDs moves PostgreSQL's identity sequences past ids a test wrote itself (a no-op on
// SQLite), as firmdata's load does.
func syncIDs(t *testing.T, db *store.DB) {
	t.Helper()
	if err := db.SyncIdentities(context.Background(), db); err != nil {
		t.Fatal(err)
	}
}

func apiMessage(err error) string {
	var e *apierr.Error
	if errors.As(err, &e) {
		return e.APIMessage
	}
	return ""
}

func TestAuthenticatePassword(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect)
		ctx := context.Background()
		cases := []struct {
			user, secret, want string
		}{
			{"ada", "Correct#Horse1", ""},
			{"ADA", "Correct#Horse1", ""}, // usernames ignore case
			{"ada", "wrong", apierr.BadCredentials},
			{"nobody", "Correct#Horse1", apierr.BadCredentials},
			{"ada.new", "", apierr.BadCredentials}, // no password set yet
			{"ada.off", "wrong", apierr.BadCredentials},
			{"ada.off", "Correct#Horse1", apierr.AccountDisabled}, // disabled only told with the right password
		}
		for _, tc := range cases {
			_, err := f.svc.Authenticate(ctx, tc.user, tc.secret)
			if got := apiMessage(err); got != tc.want || (tc.want == "" && err != nil) {
				t.Errorf("%s/%s: got %v, want %q", tc.user, tc.secret, err, tc.want)
			}
		}
	})
}

func TestAuthenticateSecondFactor(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect)
		ctx := context.Background()
		_, err := f.svc.Authenticate(ctx, "ada.mfa", "Correct#Horse1")
		if apiMessage(err) != MFARequiredAPI {
			t.Fatalf("password alone: %v", err)
		}
		code := f.sender.lastCode(t)

		// A wrong code is refused and a new code is sent; the old one then no longer works.
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		if _, err := f.svc.Authenticate(ctx, "ada.mfa", "Correct#Horse1"+wrong); apiMessage(err) != apierr.BadOTPAPI {
			t.Fatalf("wrong code: %v", err)
		}
		if _, err := f.svc.Authenticate(ctx, "ada.mfa", "Correct#Horse1"+code); apiMessage(err) != apierr.BadOTPAPI {
			t.Fatalf("superseded code accepted: %v", err)
		}
		code = f.sender.lastCode(t)
		if _, err := f.svc.Authenticate(ctx, "ada.mfa", "Wrong#Horse1"+code); apiMessage(err) != apierr.BadCredentials {
			t.Fatalf("wrong password with code: %v", err)
		}
		u, err := f.svc.Authenticate(ctx, "ada.mfa", "Correct#Horse1"+code)
		if err != nil || u.ID != 2 {
			t.Fatalf("right code: %v", err)
		}
		// Single use.
		if _, err := f.svc.Authenticate(ctx, "ada.mfa", "Correct#Horse1"+code); apiMessage(err) != apierr.BadOTPAPI {
			t.Fatalf("code reused: %v", err)
		}
		// Expiry.
		code = f.sender.lastCode(t)
		f.now = f.now.Add(codeLifetime + time.Second)
		if _, err := f.svc.Authenticate(ctx, "ada.mfa", "Correct#Horse1"+code); apiMessage(err) != apierr.BadOTPAPI {
			t.Fatalf("expired code accepted: %v", err)
		}
	})
}

func TestSessionsAndLastLogin(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect)
		ctx := context.Background()
		u, err := f.svc.Authenticate(ctx, "ada", "Correct#Horse1")
		if err != nil {
			t.Fatal(err)
		}
		first, err := f.svc.StartSession(ctx, u, "test")
		if err != nil {
			t.Fatal(err)
		}
		su, _ := f.svc.SessionUser(ctx, u)
		if su.LastLogin != nil {
			t.Fatalf("first login shows a last login: %v", *su.LastLogin)
		}
		if su.ClientAccessLevel == nil || su.ClientAccessLevel.Description != "Client Portfolio" || su.DisplayName != "Ada Lovelace" {
			t.Fatalf("session user: %+v", su)
		}
		f.now = f.now.Add(time.Hour)
		second, _ := f.svc.StartSession(ctx, u, "test")
		su, _ = f.svc.SessionUser(ctx, u)
		if su.LastLogin == nil || *su.LastLogin != "2026-11-22T09:00:00Z" {
			t.Fatalf("last login = %v, want the previous login", su.LastLogin)
		}
		if bytes.Equal([]byte(first), []byte(second)) {
			t.Fatal("session tokens repeat")
		}
		if _, err := f.svc.UserForToken(ctx, first); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.EndSession(ctx, first); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.UserForToken(ctx, first); !errors.Is(err, apierr.ErrNoSession) {
			t.Fatalf("ended session still valid: %v", err)
		}
		// Disabling the account ends its sessions at the platform.
		testdb.MustExec(t, f.db, `UPDATE app_user SET disabled = 1 WHERE id = 1`)
		if _, err := f.svc.UserForToken(ctx, second); !errors.Is(err, apierr.ErrNoSession) {
			t.Fatalf("disabled user's session still valid: %v", err)
		}
	})
}
