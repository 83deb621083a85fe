package platform

import (
	"context"
	"crypto/rand"
	"testing"
	"time"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// fixture is a platform over a fresh store (testdb.EachDB gives one per dialect) with one firm, one client and four logins: ada
// (password Correct#Horse1), ada.mfa (sms code), ada.off (disabled) and ada.new (no password).
type fixture struct {
	svc *auth.Service
	db  *store.DB
	now time.Time
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	f := &fixture{db: db, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	var err error
	f.svc, err = auth.NewService(auth.SQLStore{DB: db}, discardSender{}, func() time.Time { return f.now }, rand.Reader, 4)
	if err != nil {
		t.Fatal(err)
	}
	hash, _ := auth.HashPassword("Correct#Horse1", 4)
	testdb.MustExec(t, db, `INSERT INTO firm (id, name, product_name, region) VALUES (1, 'F', 'P', 'GB')`)
	testdb.MustExec(t, db, `INSERT INTO client_access_level_choice (code, description) VALUES (1, 'Client Portfolio')`)
	testdb.MustExec(t, db, `INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, client_access_level) VALUES (10, 1, 'client', 'Ada', 'Lovelace', 'Lovelace, Ada', 1)`)
	testdb.MustExec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, mfa_method, mobile_phone, created_at) VALUES
		(1, 'ada', ?, 'ClientUser', 10, '', '', 'x'),
		(2, 'ada.mfa', ?, 'ClientUser', 10, 'sms', '+447700900001', 'x'),
		(3, 'ada.off', ?, 'ClientUser', 10, '', '', 'x'),
		(4, 'ada.new', '', 'ClientUser', 10, '', '', 'x')`, hash, hash, hash)
	testdb.MustExec(t, db, `UPDATE app_user SET disabled = 1 WHERE id = 3`)
	return f
}

// discardSender drops second-factor codes: the platform's own tests log in with passwords.
type discardSender struct{}

func (discardSender) Send(context.Context, string, string, string) error { return nil }
