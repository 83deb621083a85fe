package housekeeping

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// now is the tests' clock: a fixed instant, so every row's age is exact.
var now = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// ago is the stored form of the instant d before now.
func ago(d time.Duration) string { return store.FormatTime(now.Add(-d)) }

const (
	hour = time.Hour
	day  = 24 * time.Hour
)

// withUser is a store with one login (id 1) for the rows that reference app_user.
func withUser(t *testing.T, db *store.DB) {
	t.Helper()
	testdb.MustExec(t, db, `INSERT INTO firm (id, name, product_name, region) VALUES (1, 'F', 'P', 'GB')`)
	testdb.MustExec(t, db, `INSERT INTO entity (id, firm_id, entity_kind, entity_name) VALUES (10, 1, 'client', 'C')`)
	testdb.MustExec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, created_at) VALUES (1, 'u', 'x', 'ClientUser', 10, ?)`, ago(400*day))
}

func bffSession(t *testing.T, db *store.DB, label string, idle, expires string, revoked any) {
	t.Helper()
	testdb.MustExec(t, db, `INSERT INTO bff_session (id_hash, user_id, role_name, platform_session, created_at, last_seen_at, idle_expires_at, expires_at, revoked_at)
		VALUES (?, 1, 'ClientUser', 'p', ?, ?, ?, ?, ?)`, []byte(label), ago(3*day), ago(3*day), idle, expires, revoked)
}

func platformSession(t *testing.T, db *store.DB, label, expires string) {
	t.Helper()
	testdb.MustExec(t, db, `INSERT INTO platform_session (token_hash, user_id, app_id, created_at, last_seen_at, expires_at) VALUES (?, 1, 'a', ?, ?, ?)`,
		[]byte(label), ago(3*day), ago(3*day), expires)
}

func otpCode(t *testing.T, db *store.DB, label, expires string, used any) {
	t.Helper()
	testdb.MustExec(t, db, `INSERT INTO otp_code (user_id, purpose, code_hash, created_at, expires_at, used_at) VALUES (1, 'login', ?, ?, ?, ?)`,
		[]byte(label), ago(3*day), expires, used)
}

func mfaDevice(t *testing.T, db *store.DB, label, expires string, linked any) {
	t.Helper()
	testdb.MustExec(t, db, `INSERT INTO mfa_device (id, user_id, method, created_at, expires_at, linked_at) VALUES (?, 1, 'sms', ?, ?, ?)`,
		label, ago(100*day), expires, linked)
}

func outbox(t *testing.T, db *store.DB, label, created string) {
	t.Helper()
	testdb.MustExec(t, db, `INSERT INTO outbox (channel, recipient, body, created_at) VALUES ('sms', '+44', ?, ?)`, label, created)
}

func biometricDevice(t *testing.T, db *store.DB, label string, revoked any) {
	t.Helper()
	testdb.MustExec(t, db, `INSERT INTO biometric_device (id, user_id, name, credential_hash, bound_to, created_at, revoked_at) VALUES (?, 1, 'phone', ?, ?, ?, ?)`,
		label, []byte("c"+label), []byte("b"), ago(400*day), revoked)
}

// labels are what is left of a table, by the column each fixture row's label is in.
func labels(t *testing.T, db *store.DB, table string) []string {
	t.Helper()
	col := map[string]string{"bff_session": "id_hash", "platform_session": "token_hash", "otp_code": "code_hash",
		"mfa_device": "id", "outbox": "body", "biometric_device": "id", "rate_limit": "scope"}[table]
	rows, err := db.Query(`SELECT ` + col + ` FROM ` + table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

func newSweeper(t *testing.T, db *store.DB, o Options) *Sweeper {
	t.Helper()
	if o.Now == nil {
		o.Now = func() time.Time { return now }
	}
	s, err := New(db, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Per table: rows dead for longer than their grace go, rows dead within it and live rows stay.
// The graces are the documented ones (doc.go): 24 h for sessions, codes and enrolments, 7
// days for the outbox, 90 days for revoked biometric devices. rate_limit is ratelimit's to
// sweep, so its long-expired row stays.
func TestSweepDeletesRowsPastTheirGraceOnly(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		withUser(t, db)
		future := store.FormatTime(now.Add(hour))
		// bff_session: each way of dying, past and within the 24 h grace, and a live one.
		bffSession(t, db, "gone-revoked-25h", future, future, ago(25*hour))
		bffSession(t, db, "kept-revoked-23h", future, future, ago(23*hour))
		bffSession(t, db, "gone-idle-25h", ago(25*hour), future, nil)
		bffSession(t, db, "kept-idle-23h", ago(23*hour), future, nil)
		bffSession(t, db, "gone-lifetime-25h", future, ago(25*hour), nil) // idle limit above the lifetime
		bffSession(t, db, "kept-lifetime-23h", future, ago(23*hour), nil)
		bffSession(t, db, "kept-live", future, future, nil)
		platformSession(t, db, "gone-25h", ago(25*hour))
		platformSession(t, db, "kept-23h", ago(23*hour))
		platformSession(t, db, "kept-live", future)
		otpCode(t, db, "gone-25h", ago(25*hour), nil)
		otpCode(t, db, "gone-used-25h", ago(25*hour), ago(26*hour))
		otpCode(t, db, "kept-used-23h", ago(23*hour), ago(24*hour)) // used codes wait for the same grace
		otpCode(t, db, "kept-live", future, nil)
		mfaDevice(t, db, "gone-pending-25h", ago(25*hour), nil)
		mfaDevice(t, db, "kept-pending-23h", ago(23*hour), nil)
		mfaDevice(t, db, "kept-linked", ago(90*day), ago(90*day)) // a linked device's enrolment window does not matter
		mfaDevice(t, db, "kept-pending-live", future, nil)
		outbox(t, db, "gone-8d", ago(8*day))
		outbox(t, db, "kept-6d", ago(6*day))
		biometricDevice(t, db, "gone-revoked-91d", ago(91*day))
		biometricDevice(t, db, "kept-revoked-89d", ago(89*day))
		biometricDevice(t, db, "kept-active", nil)
		testdb.MustExec(t, db, `INSERT INTO rate_limit (key_hash, scope, failures, window_end, updated_at, expires_at) VALUES (?, 'kept-ratelimit', 1, ?, ?, ?)`,
			[]byte("k"), ago(400*day), ago(400*day), ago(400*day))

		res, err := newSweeper(t, db, Options{}).Sweep(context.Background())
		if err != nil || !res.Ran {
			t.Fatalf("sweep: %+v %v", res, err)
		}
		want := map[string]int64{"bff_session": 3, "platform_session": 1, "otp_code": 2, "mfa_device": 1, "outbox": 1, "biometric_device": 1}
		if got := fmt.Sprint(res.Counts); got != "[{bff_session 3} {platform_session 1} {otp_code 2} {mfa_device 1} {outbox 1} {biometric_device 1}]" {
			t.Errorf("counts %s, want %v", got, want)
		}
		for _, table := range []string{"bff_session", "platform_session", "otp_code", "mfa_device", "outbox", "biometric_device", "rate_limit"} {
			for _, l := range labels(t, db, table) {
				if !strings.HasPrefix(l, "kept-") {
					t.Errorf("%s: %s is still there", table, l)
				}
			}
		}
		kept := 0
		for _, table := range []string{"bff_session", "platform_session", "otp_code", "mfa_device", "outbox", "biometric_device", "rate_limit"} {
			kept += len(labels(t, db, table))
		}
		if kept != 15 {
			t.Errorf("%d rows kept, want the 15 labelled kept-", kept)
		}
		// A second round finds nothing.
		res, err = newSweeper(t, db, Options{}).Sweep(context.Background())
		if err != nil || res.Total() != 0 {
			t.Errorf("second sweep: %+v %v", res, err)
		}
	})
}

// More dead rows than one batch: the batches go on until every one is gone, and the live rows
// stay.
func TestSweepDeletesEveryBatch(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		withUser(t, db)
		for i := range 11 {
			otpCode(t, db, fmt.Sprintf("gone-%02d", i), ago(2*day), nil)
		}
		otpCode(t, db, "kept-live", store.FormatTime(now.Add(hour)), nil)
		res, err := newSweeper(t, db, Options{BatchSize: 3}).Sweep(context.Background()) // 3+3+3+2
		if err != nil || res.Total() != 11 {
			t.Fatalf("sweep: %+v %v", res, err)
		}
		if got := labels(t, db, "otp_code"); strings.Join(got, ",") != "kept-live" {
			t.Fatalf("left %v", got)
		}
	})
}
