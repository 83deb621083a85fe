package entities

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The fixture: firm 1 with advisers Alice and Bob, firm 2 with adviser Zoe.
//
//	Alice's clients: Eleanor and James Whitfield (partners; group 1, both login_accessible),
//	the Whitfield Family Trust (non-individual, group 1, not login_accessible, no login),
//	Maria de la Cruz (AU, no date of birth, disabled login), Sean O'Brien.
//	Bob's client: Carol Cole. Nadia Novak has no adviser. Zoe's client (firm 2): Dan Dover.
//
// Eleanor holds view_partner (the firm's client default is off), so she reaches James but not
// the trust; James reaches nobody else.
const (
	alice, bob, zoe                    = 100, 101, 200
	eleanor, james, trust, maria, sean = 1001, 1002, 1003, 1004, 1005
	nadia, carol, dan                  = 1006, 1101, 2001
	eleanorUser, jamesUser, carolUser  = 11, 12, 13
	aliceUser                          = 21
	password                           = "Correct#Horse1"
	fixtureNow                         = "2026-11-22T09:00:00Z"
)

type testEnv struct {
	t       *testing.T
	db      *store.DB
	mod     *Module
	engine  *gin.Engine
	cookies map[string]*http.Cookie
}

// newTestEnv is the fixture's firms, parties and logins in a store of the test's own on
// dialect d, behind the platform engine with the entities module.
func newTestEnv(t *testing.T, d store.Dialect) *testEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	db := openDB(t, d)
	insertFixture(t, db)
	if err := db.SyncIdentities(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	now, _ := time.Parse(time.RFC3339, fixtureNow)
	clock := func() time.Time { return now }
	svc, err := auth.NewService(auth.SQLStore{DB: db}, discardSender{}, clock, rand.Reader, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	mod := New(db)
	mod.now = clock
	return &testEnv{t: t, db: db, mod: mod, engine: platform.NewEngine(svc, db, []platform.Module{mod}), cookies: map[string]*http.Cookie{}}
}

func openDB(t testing.TB, d store.Dialect) *store.DB {
	t.Helper()
	return testdb.Open(t, d)
}

type discardSender struct{}

func (discardSender) Send(context.Context, string, string, string) error { return nil }

func insertFixture(t *testing.T, db *store.DB) {
	t.Helper()
	hash, err := auth.HashPassword(password, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	testdb.MustExec(t, db, `INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Northbridge Wealth', 'Northbridge Online', 'GB')`)
	testdb.MustExec(t, db, `INSERT INTO firm (id, name, product_name, region, site_locales, platform_version) VALUES (2, 'Southgate Advisers', 'Southgate', 'AU', 'en-au', '24.2.7')`)
	testdb.MustExec(t, db, `INSERT INTO client_access_level_choice (code, description) VALUES (1, 'Client Portfolio'), (2, 'Client Assets'), (3, 'Client Messages')`)

	testdb.MustExec(t, db, `INSERT INTO entity (id, firm_id, entity_kind, title, first_name, last_name, entity_name, preferred_email, region,
		introduction_text, opening_hours) VALUES
		(100, 1, 'adviser', 'Ms', 'Alice', 'Adams', 'Adams, Alice', 'alice@northbridge.example', 'GB', 'Chartered adviser since 2004.', 'Mon-Fri 9:00-17:30'),
		(101, 1, 'adviser', 'Mr', 'Bob', 'Brown', 'Brown, Bob', 'bob@northbridge.example', 'GB', '', ''),
		(200, 2, 'adviser', 'Ms', 'Zoe', 'Zhang', 'Zhang, Zoe', 'zoe@southgate.example', 'AU', '', '')`)
	testdb.MustExec(t, db, `INSERT INTO entity (id, firm_id, entity_kind, entity_type, title, first_name, middle_name, last_name, preferred_name,
		entity_name, dob, preferred_email, preferred_postcode, region, client_access_level, adviser_entity_id,
		country_of_birth, nationality, marital_status, uk_domicile_country, uk_domiciled, external_id, address_title, salutation,
		comm_pref_email, comm_pref_mail, comm_pref_sms, last_login_datetime) VALUES
		(1001, 1, 'client', 1, 'Mrs', 'Eleanor', 'Rose', 'Whitfield', 'Ellie', 'Whitfield, Eleanor', '1970-03-14', 'eleanor@example.com', 'SW1A 2AA', 'GB', 1, 100,
		 'United Kingdom', 'British', 'Married', 'England', 1, 'EXT-1001', 'Mrs E Whitfield', 'Dear Eleanor', 1, 0, 0, '2026-11-01T08:30:00Z'),
		(1002, 1, 'client', 1, 'Mr', 'James', '', 'Whitfield', '', 'Whitfield, James', '1968-07-01', 'james@example.com', 'SW1A 2AA', 'GB', 2, 100,
		 'United Kingdom', 'British', 'Married', 'England', 1, 'EXT-1002', 'Mr J Whitfield', 'Dear James', 1, 1, 0, NULL),
		(1003, 1, 'client', 0, '', '', '', '', '', 'Whitfield Family Trust', NULL, 'trust@example.com', 'SW1A 2AA', 'GB', NULL, 100,
		 '', '', '', '', 0, 'EXT-1003', '', '', 0, 1, 0, NULL),
		(1004, 1, 'client', 1, 'Ms', 'Maria', '', 'de la Cruz', '', 'de la Cruz, Maria', NULL, 'maria@example.com', '2000', 'AU', 3, 100,
		 'Spain', 'Spanish', 'Single', '', 0, 'EXT-1004', '', '', 1, 0, 1, NULL),
		(1005, 1, 'client', 1, 'Mr', 'Sean', '', 'O''Brien', '', 'O''Brien, Sean', '1985-12-25', 'sean@example.com', 'M1 1AE', 'GB', 1, 100,
		 'Ireland', 'Irish', 'Single', '', 0, 'EXT-1005', '', '', 1, 0, 0, '2026-10-01T10:00:00Z'),
		(1006, 1, 'client', 1, 'Ms', 'Nadia', '', 'Novak', '', 'Novak, Nadia', '1990-05-05', 'nadia@example.com', 'LS1 1UR', 'GB', 1, NULL,
		 '', '', '', '', 0, '', '', '', 1, 0, 0, NULL),
		(1101, 1, 'client', 1, 'Ms', 'Carol', '', 'Cole', '', 'Cole, Carol', '1975-02-02', 'carol@example.com', 'EC1A 1BB', 'GB', 1, 101,
		 '', '', '', '', 0, '', '', '', 1, 0, 0, NULL),
		(2001, 2, 'client', 1, 'Mr', 'Dan', '', 'Dover', '', 'Dover, Dan', '1980-01-01', 'dan@example.com', '2000', 'AU', 1, 200,
		 '', '', '', '', 0, '', '', '', 1, 0, 0, NULL)`)
	testdb.MustExec(t, db, `UPDATE entity SET partner_entity_id = 1002 WHERE id = 1001`)
	testdb.MustExec(t, db, `UPDATE entity SET partner_entity_id = 1001 WHERE id = 1002`)

	testdb.MustExec(t, db, `INSERT INTO client_group (id, firm_id, name) VALUES (1, 1, 'Whitfield household')`)
	testdb.MustExec(t, db, `INSERT INTO client_group_member (group_id, entity_id, login_accessible) VALUES (1, 1001, 1), (1, 1002, 1), (1, 1003, 0)`)

	testdb.MustExec(t, db, `INSERT INTO capability_grant (firm_id, role_name, entity_id, capability, enabled) VALUES
		(1, 'ClientUser', NULL, 'view_partner', 0),
		(1, 'ClientUser', 1001, 'view_partner', 1),
		(1, 'ClientUser', NULL, 'view_marketdata', 1),
		(1, 'User', NULL, 'live_marketdata_access', 1)`)
	testdb.MustExec(t, db, `INSERT INTO feature_toggle (firm_id, name, enabled) VALUES
		(1, 'multi_currency', 1), (1, 'use-client-analysis', 0), (2, 'multi_currency', 0)`)
	testdb.MustExec(t, db, `INSERT INTO login_profile (id, firm_id, name, inactive_session_timeout_client, inactive_session_timeout) VALUES
		(1, 1, 'Northbridge clients', 15, 30), (2, 2, 'Southgate clients', 20, 45)`)
	testdb.MustExec(t, db, `INSERT INTO ufield_choice (group_name, field_name, code, description, sort_order) VALUES
		('entity', 'marital_status', 'S', 'Single', 1), ('entity', 'marital_status', 'M', 'Married', 2),
		('entity', 'marital_status', 'D', 'Divorced', 3), ('portfolio', 'risk_profile', 'C', 'Cautious', 1)`)

	testdb.MustExec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, disabled, mfa_method, mobile_phone, login_profile_id, created_at, previous_login) VALUES
		(11, 'eleanor', ?, 'ClientUser', 1001, 0, '', '', 1, '2025-01-01T00:00:00.000000000Z', '2026-11-20T09:14:03.000000000Z'),
		(12, 'james', ?, 'ClientUser', 1002, 0, '', '', 1, '2025-01-01T00:00:00.000000000Z', NULL),
		(13, 'carol', ?, 'ClientUser', 1101, 0, '', '', 1, '2025-01-01T00:00:00.000000000Z', NULL),
		(14, 'maria', ?, 'ClientUser', 1004, 1, '', '', 1, '2025-01-01T00:00:00.000000000Z', NULL),
		(15, 'dan', ?, 'ClientUser', 2001, 0, '', '', 2, '2025-01-01T00:00:00.000000000Z', NULL),
		(16, 'nadia', ?, 'ClientUser', 1006, 0, '', '', 1, '2025-01-01T00:00:00.000000000Z', NULL),
		(17, 'sean', ?, 'ClientUser', 1005, 0, '', '', 1, '2025-01-01T00:00:00.000000000Z', NULL),
		(21, 'alice', ?, 'User', 100, 0, '', '', NULL, '2025-01-01T00:00:00.000000000Z', NULL),
		(22, 'bob', ?, 'User', 101, 0, '', '', NULL, '2025-01-01T00:00:00.000000000Z', NULL),
		(23, 'zoe', ?, 'User', 200, 0, '', '', NULL, '2025-01-01T00:00:00.000000000Z', NULL)`,
		hash, hash, hash, hash, hash, hash, hash, hash, hash, hash)
	// Eleanor's login before the tests' own becomes her "last login" once a test signs her in.
	testdb.MustExec(t, db, `UPDATE app_user SET last_login = '2026-11-20T09:14:03.000000000Z' WHERE id = 11`)

	testdb.MustExec(t, db, `INSERT INTO address (id, entity_id, type, block, street_name, street_name_2, street, suburb, state, postcode, country, preferred, status) VALUES
		(1, 1001, 1, 'Flat 2', '10 Downing Street', 'Westminster', '', 'London', 'Greater London', 'SW1A 2AA', 'United Kingdom', 1, 'Current'),
		(2, 1001, 0, '', 'PO Box 5', '', '', 'London', '', 'SW1A 0AA', 'United Kingdom', 0, 'Previous'),
		(3, 1004, 1, '', '', '', '1 George Street', 'Sydney', 'NSW', '2000', 'Australia', 1, 'Current'),
		(4, 100, 2, 'Suite 4', '1 Finsbury Square', '', '', 'London', '', 'EC2A 1AE', 'United Kingdom', 1, 'Current'),
		(5, 100, 1, '', '22 Home Road', '', '', 'Reading', '', 'RG1 1AA', 'United Kingdom', 0, 'Current'),
		(6, 2001, 1, '', '', '', '5 Pitt Street', 'Sydney', 'NSW', '2000', 'Australia', 1, 'Current')`)
	testdb.MustExec(t, db, `INSERT INTO contact (id, entity_id, type, value, country_code, preferred) VALUES
		(1, 1001, 'p1', '020 7946 0001', '44', 0),
		(2, 1001, 'p3', '07700 900001', '44', 1),
		(3, 1001, 'm1', 'eleanor@example.com', '', 1),
		(4, 100, 'm2', 'alice.adams@northbridge.example', '', 1),
		(5, 100, 'p2', '020 7946 0100', '44', 1),
		(6, 100, 'p2', '020 7946 0101', '44', 0),
		(7, 100, 'p3', '07700 900100', '44', 0),
		(8, 2001, 'm1', 'dan@example.com', '', 1)`)
}

// notFoundBody is exactly what a missing resource answers; a foreign id must answer the same.
func notFoundBody(t *testing.T) string {
	t.Helper()
	b, err := json.Marshal(apierr.ErrNotFound)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// login signs username in with HTTP Basic auth and an app id, once, and keeps the XPLANID cookie.
func (e *testEnv) login(username string) *http.Cookie {
	e.t.Helper()
	if c, ok := e.cookies[username]; ok {
		return c
	}
	req := httptest.NewRequest(http.MethodGet, "/resourceful/session/user", nil)
	req.SetBasicAuth(username, password)
	req.Header.Set(platform.AppIDHeader, "entities-test")
	rec := httptest.NewRecorder()
	e.engine.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		e.t.Fatalf("login %s: %d %s", username, rec.Code, rec.Body.String())
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == platform.SessionCookie {
			e.cookies[username] = c
			return c
		}
	}
	e.t.Fatalf("login %s: no %s cookie", username, platform.SessionCookie)
	return nil
}

// call sends a request as username (empty: no session). A map body is sent as JSON, a
// url.Values body as a form.
func (e *testEnv) call(username, method, path string, body any) (int, string) {
	e.t.Helper()
	var rd io.Reader
	contentType := ""
	switch b := body.(type) {
	case nil:
	case url.Values:
		rd, contentType = strings.NewReader(b.Encode()), "application/x-www-form-urlencoded"
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd, contentType = bytes.NewReader(raw), "application/json"
	}
	req := httptest.NewRequest(method, "/resourceful/"+strings.TrimPrefix(path, "/"), rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if username != "" {
		req.AddCookie(e.login(username))
	}
	rec := httptest.NewRecorder()
	e.engine.ServeHTTP(rec, req)
	return rec.Code, strings.TrimSpace(rec.Body.String())
}

func (e *testEnv) get(username, path string) (int, string) {
	e.t.Helper()
	return e.call(username, http.MethodGet, path, nil)
}

// getJSON GETs path as username, expects 200 and decodes the body into v.
func (e *testEnv) getJSON(username, path string, v any) {
	e.t.Helper()
	code, body := e.get(username, path)
	if code != http.StatusOK {
		e.t.Fatalf("GET %s as %s: %d %s", path, username, code, body)
	}
	// Start from zero: Unmarshal would merge into maps left over from an earlier call.
	target := reflect.ValueOf(v).Elem()
	target.Set(reflect.Zero(target.Type()))
	if err := json.Unmarshal([]byte(body), v); err != nil {
		e.t.Fatalf("GET %s: %v in %s", path, err, body)
	}
}

// expectNotFound asserts that method path answers exactly the not-found body for username.
func (e *testEnv) expectNotFound(username, method, path string, body any) {
	e.t.Helper()
	code, got := e.call(username, method, path, body)
	if code != http.StatusNotFound || got != notFoundBody(e.t) {
		e.t.Errorf("%s %s as %s: %d %s, want 404 %s", method, path, username, code, got, notFoundBody(e.t))
	}
}

// expectError asserts the status and api_message of an error answer.
func (e *testEnv) expectError(username, method, path string, body any, status int, apiMessage string) {
	e.t.Helper()
	code, got := e.call(username, method, path, body)
	var msg apierr.Error
	if err := json.Unmarshal([]byte(got), &msg); err != nil || code != status || msg.APIMessage != apiMessage {
		e.t.Errorf("%s %s as %s: %d %s, want %d %q", method, path, username, code, got, status, apiMessage)
	}
}

// keysOf are the keys of a JSON object, sorted.
func keysOf(m map[string]any) []string { return sortedKeys(m) }
