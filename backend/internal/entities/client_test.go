package entities

import (
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestClientDetail(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		gbKeys := append(append([]string{}, detailFields...), gbDetailFields...)
		sort.Strings(gbKeys)
		otherKeys := append([]string{}, detailFields...)
		sort.Strings(otherKeys)
		for _, path := range []string{"entity/client-v3/1001", "entity/client/1001"} {
			var got map[string]any
			e.getJSON("eleanor", path, &got)
			if !reflect.DeepEqual(keysOf(got), gbKeys) {
				t.Fatalf("%s keys: %v, want %v", path, keysOf(got), gbKeys)
			}
			want := map[string]any{
				"id": float64(eleanor), "entity_id": float64(eleanor), "title": "Mrs", "first_name": "Eleanor",
				"middle_name": "Rose", "last_name": "Whitfield", "preferred_name": "Ellie",
				"dob":                 map[string]any{"_type": "Date", "_val": "1970-03-14"},
				"client_access_level": map[string]any{"code": "1", "description": "Client Portfolio"},
				"country_of_birth":    "United Kingdom", "nationality": "British", "marital_status": "Married",
				"entity_client_status": "Active", "external_id": "EXT-1001", "preferred_email": "eleanor@example.com",
				"partner_entity_id": float64(james), "uk_domicile_country": "England", "uk_domiciled": true,
				"comm_pref_email": "1", "comm_pref_mail": "0", "comm_pref_sms": "0", "region": "GB",
				"preferred_currency": "GBP", "user_id": float64(eleanorUser), "has_client_access": true,
				"is_partner": false, "last_login_datetime": fixtureNow, // she logged in to ask
			}
			for k, v := range want {
				if !reflect.DeepEqual(got[k], v) {
					t.Errorf("%s %s = %#v, want %#v", path, k, got[k], v)
				}
			}
		}
		// Other regions have no UK domicile fields.
		var au map[string]any
		e.getJSON("alice", "entity/client-v3/1004", &au)
		if !reflect.DeepEqual(keysOf(au), otherKeys) || au["dob"] != nil {
			t.Errorf("AU client: %v", au)
		}
		// A client reading its partner sees is_partner; an adviser never does.
		var partner map[string]any
		e.getJSON("eleanor", "entity/client-v3/1002", &partner)
		if partner["is_partner"] != true || partner["first_name"] != "James" {
			t.Errorf("eleanor reads james: %v", partner)
		}
		e.getJSON("alice", "entity/client-v3/1002", &partner)
		if partner["is_partner"] != false {
			t.Errorf("alice reads james: is_partner %v", partner["is_partner"])
		}
		// Field selection.
		var some map[string]any
		e.getJSON("alice", "entity/client/1001?fields.0=first_name&fields.1=dob", &some)
		if !reflect.DeepEqual(keysOf(some), []string{"dob", "first_name", "id"}) {
			t.Errorf("selected fields: %v", some)
		}
		e.expectError("alice", http.MethodGet, "entity/client/1001?fields=first_name,password_hash", nil, http.StatusBadRequest, "invalid field name: password_hash")
		e.expectError("alice", http.MethodGet, "entity/client/1004?fields=uk_domiciled", nil, http.StatusBadRequest, "invalid field name: uk_domiciled")
	})
}

func TestClientDetailRefusals(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		for _, tc := range []struct{ user, id string }{
			{"eleanor", "1003"}, // group member, not login_accessible
			{"james", "1001"},   // partner without view_partner
			{"eleanor", "1005"}, // another client of the same adviser
			{"bob", "1001"},     // a colleague's client
			{"alice", "1101"},   // a colleague's client
			{"alice", "1006"},   // a client with no adviser
			{"zoe", "1001"},     // another firm
			{"dan", "1001"},     // another firm's client
			{"alice", "2001"},   // another firm's client
			{"alice", "100"},    // an adviser, even oneself, is not a client
			{"alice", "101"},    // a colleague adviser
			{"alice", "424242"}, // missing
			{"alice", "x"},      // malformed
			{"alice", "-1"},     // malformed
		} {
			for _, path := range []string{"entity/client/", "entity/client-v3/"} {
				e.expectNotFound(tc.user, http.MethodGet, path+tc.id, nil)
			}
		}
	})
}

// commPrefs reads a client's three preferences straight from the store.
func commPrefs(t *testing.T, e *testEnv, id int) [3]bool {
	t.Helper()
	var p [3]bool
	if err := e.db.QueryRow(e.db.Rebind(`SELECT comm_pref_email, comm_pref_mail, comm_pref_sms FROM entity WHERE id = ?`), id).Scan(&p[0], &p[1], &p[2]); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestUpdatePreferences(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		code, body := e.call("eleanor", http.MethodPatch, "entity/client-v3/1001", map[string]any{"comm_pref_mail": true, "comm_pref_sms": "1"})
		if code != http.StatusOK {
			t.Fatalf("patch: %d %s", code, body)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		if got["comm_pref_email"] != "1" || got["comm_pref_mail"] != "1" || got["comm_pref_sms"] != "1" || got["first_name"] != "Eleanor" {
			t.Errorf("patched entity: %v", got)
		}
		code, body = e.call("eleanor", http.MethodPut, "entity/client-v3/1001", url.Values{"comm_pref_email": {"0"}, "comm_pref_sms": {"false"}})
		if code != http.StatusOK {
			t.Fatalf("put form: %d %s", code, body)
		}
		if got := commPrefs(t, e, eleanor); got != [3]bool{false, true, false} {
			t.Errorf("after put: %v", got)
		}
		code, _ = e.call("eleanor", http.MethodPut, "entity/client-v3/1001", map[string]any{"comm_pref_email": 1, "_transaction": ""})
		if code != http.StatusOK || commPrefs(t, e, eleanor) != [3]bool{true, true, false} {
			t.Errorf("numeric flag: %d %v", code, commPrefs(t, e, eleanor))
		}

		before := commPrefs(t, e, eleanor)
		for _, tc := range []struct {
			body any
			want string
		}{
			{map[string]any{"comm_pref_email": "0", "first_name": "Eve"}, "Field cannot be updated: first_name"},
			{map[string]any{"preferred_email": "x@example.com"}, "Field cannot be updated: preferred_email"},
			{map[string]any{"comm_pref_email": "yes"}, "comm_pref_email must be '1' or '0'"},
			{map[string]any{"comm_pref_sms": 2}, "comm_pref_sms must be '1' or '0'"},
			{map[string]any{}, "No fields to update"},
		} {
			e.expectError("eleanor", http.MethodPatch, "entity/client-v3/1001", tc.body, http.StatusBadRequest, tc.want)
		}
		if got := commPrefs(t, e, eleanor); got != before {
			t.Errorf("a refused update changed preferences: %v, was %v", got, before)
		}
		var name string
		e.db.QueryRow(e.db.Rebind(`SELECT first_name FROM entity WHERE id = 1001`)).Scan(&name)
		if name != "Eleanor" {
			t.Errorf("first_name changed to %q", name)
		}

		// Advisers see preferences read-only; a partner may read but not change them.
		change := map[string]any{"comm_pref_email": "0"}
		e.expectError("alice", http.MethodPatch, "entity/client-v3/1001", change, http.StatusForbidden, "Permission Error: access denied")
		e.expectError("eleanor", http.MethodPut, "entity/client-v3/1002", change, http.StatusForbidden, "Permission Error: access denied")
		for _, tc := range []struct{ user, id string }{{"bob", "1001"}, {"zoe", "1001"}, {"james", "1001"}, {"eleanor", "1003"}, {"alice", "100"}, {"eleanor", "9999"}} {
			e.expectNotFound(tc.user, http.MethodPatch, "entity/client-v3/"+tc.id, change)
			e.expectNotFound(tc.user, http.MethodPut, "entity/client-v3/"+tc.id, change)
		}
		if got := commPrefs(t, e, eleanor); got != before || commPrefs(t, e, james) != [3]bool{true, true, false} {
			t.Errorf("a refused caller changed preferences: %v", got)
		}
	})
}

func TestUserRecord(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		code, body := e.get("eleanor", "entity/user/11")
		if code != http.StatusOK {
			t.Fatalf("own user: %d %s", code, body)
		}
		for _, secret := range []string{"password", "hash", "$2a$", "mfa", "mobile"} {
			if strings.Contains(body, secret) {
				t.Errorf("user record leaks %q: %s", secret, body)
			}
		}
		var u map[string]any
		json.Unmarshal([]byte(body), &u)
		want := map[string]any{"id": float64(11), "username": "eleanor", "entity_id": float64(eleanor), "role_name": "ClientUser",
			"disabled": false, "last_login": "2026-11-20T09:14:03Z", "login_profile_id": float64(1), "created_at": "2025-01-01T00:00:00Z"}
		if !reflect.DeepEqual(u, want) {
			t.Errorf("user: %v, want %v", u, want)
		}
		e.getJSON("alice", "entity/user/11", &u) // her client's login
		e.getJSON("alice", "entity/user/14", &u) // a disabled login of her client
		e.getJSON("alice", "entity/user/21", &u) // herself
		if u["role_name"] != "User" || u["login_profile_id"] != nil {
			t.Errorf("adviser user: %v", u)
		}
		for _, tc := range []struct{ user, id string }{
			{"eleanor", "12"}, // her partner's login, although she may read his entity
			{"james", "11"},
			{"eleanor", "21"}, // her adviser's login
			{"alice", "13"},   // a colleague's client
			{"alice", "22"},   // a colleague
			{"zoe", "11"},     // another firm
			{"alice", "15"},   // another firm's client
			{"alice", "999"},
		} {
			e.expectNotFound(tc.user, http.MethodGet, "entity/user/"+tc.id, nil)
		}
	})
}

// A preference update as XPLAN clients send it: the fields to change inside "fields", as
// flattened form values (fields.comm_pref_sms=1, in the body or the query) or a JSON object
// {"fields": {...}}, by PATCH or PUT; the top-level form of the web app keeps working.
func TestUpdatePreferencesInFields(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		for _, tc := range []struct {
			name, method, query string
			body                any
			want                [3]bool // email, mail, sms
		}{
			{"form fields.x", http.MethodPatch, "", url.Values{"fields.comm_pref_sms": {"0"}, "fields.comm_pref_mail": {"0"}}, [3]bool{true, false, false}},
			{"query fields.x, no body", http.MethodPatch, "?fields.comm_pref_email=0", nil, [3]bool{false, true, true}},
			{"JSON fields object", http.MethodPatch, "", map[string]any{"fields": map[string]any{"comm_pref_email": "0", "comm_pref_sms": false}}, [3]bool{false, true, false}},
			{"PUT JSON fields object", http.MethodPut, "", map[string]any{"fields": map[string]any{"comm_pref_mail": 0}}, [3]bool{true, false, true}},
			{"fields beside a top-level field", http.MethodPatch, "", map[string]any{"fields": map[string]any{"comm_pref_sms": "0"}, "comm_pref_email": "0"}, [3]bool{false, true, false}},
			{"top level, as the web app sends it", http.MethodPut, "", map[string]any{"comm_pref_mail": "0"}, [3]bool{true, false, true}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				e := newTestEnv(t, dialect)
				testdb.MustExec(t, e.db, `UPDATE entity SET comm_pref_email = 1, comm_pref_mail = 1, comm_pref_sms = 1 WHERE id = 1001`)
				code, body := e.call("eleanor", tc.method, "entity/client-v3/1001"+tc.query, tc.body)
				if code != http.StatusOK {
					t.Fatalf("%d %s", code, body)
				}
				if got := commPrefs(t, e, eleanor); got != tc.want {
					t.Errorf("preferences %v, want %v", got, tc.want)
				}
			})
		}
		e := newTestEnv(t, dialect)
		before := commPrefs(t, e, eleanor)
		for _, tc := range []struct {
			body any
			want string
		}{
			{map[string]any{"fields": map[string]any{"first_name": "Eve"}}, "Field cannot be updated: first_name"},
			{url.Values{"fields.comm_pref_sms": {"maybe"}}, "comm_pref_sms must be '1' or '0'"},
			{map[string]any{"fields": []any{"comm_pref_sms"}}, "Invalid fields: must name each field to update with its value"},
			{map[string]any{"fields": "comm_pref_sms"}, "Invalid fields: must name each field to update with its value"},
			{map[string]any{"fields": map[string]any{}}, "No fields to update"},
			{map[string]any{"fields": map[string]any{"comm_pref_sms": "0"}, "comm_pref_sms": "1"}, "Field given twice: comm_pref_sms"},
		} {
			e.expectError("eleanor", http.MethodPatch, "entity/client-v3/1001", tc.body, http.StatusBadRequest, tc.want)
		}
		if got := commPrefs(t, e, eleanor); got != before {
			t.Errorf("a refused update changed preferences: %v, was %v", got, before)
		}
	})
}
