package demo

import (
	"reflect"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/store"
)

// TestSeedStepLogins: every login-step demo login works with its password and has the step or
// second factor its note promises, and the firm has site terms to agree to.
func TestSeedStepLogins(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		type flags struct {
			force, questions, terms, required bool
			method, secret                    string
		}
		want := map[string]flags{
			"demo.terms":     {terms: true},
			"demo.questions": {questions: true},
			"demo.newpass":   {force: true},
			"demo.steps":     {force: true, questions: true, terms: true},
			"demo.enrol":     {required: true},
			"demo.token":     {method: "token", secret: TokenSecret},
		}
		if len(StepLogins) != len(want) {
			t.Fatalf("%d step logins, want %d", len(StepLogins), len(want))
		}
		for _, l := range StepLogins {
			var hash, role string
			var got flags
			err := db.QueryRow(db.Rebind(`SELECT password_hash, role_name, force_change_password, set_security_questions, site_terms_after IS NOT NULL,
				mfa_required, mfa_method, totp_secret FROM app_user WHERE username = ?`), l.Typed).
				Scan(&hash, &role, &got.force, &got.questions, &got.terms, &got.required, &got.method, &got.secret)
			if err != nil {
				t.Fatalf("%s: %v", l.Typed, err)
			}
			if bcrypt.CompareHashAndPassword([]byte(hash), []byte(l.Password)) != nil || role != "ClientUser" || l.Tab != "Client" {
				t.Errorf("%s does not log in as a client with %s", l.Typed, l.Password)
			}
			if !reflect.DeepEqual(got, want[l.Typed]) {
				t.Errorf("%s: %+v, want %+v", l.Typed, got, want[l.Typed])
			}
			var contacts int
			db.QueryRow(db.Rebind(`SELECT COUNT(*) FROM contact c JOIN app_user u ON u.entity_id = c.entity_id WHERE u.username = ? AND c.type IN ('p3', 'm1')`), l.Typed).Scan(&contacts)
			if contacts != 2 {
				t.Errorf("%s has %d of a mobile and an email address", l.Typed, contacts)
			}
		}
		var heading, disclaimer string
		if err := db.QueryRow(db.Rebind(`SELECT site_terms_heading, site_terms_disclaimer FROM firm WHERE name = ?`), FirmName).Scan(&heading, &disclaimer); err != nil ||
			heading != SiteTerms.Heading || disclaimer != SiteTerms.Disclaimer {
			t.Fatalf("site terms %q %q %v", heading, disclaimer, err)
		}
		// Only the step logins have steps: the other demo logins are as they were.
		var others int
		db.QueryRow(`SELECT COUNT(*) FROM app_user WHERE username NOT IN ('demo.terms', 'demo.questions', 'demo.newpass', 'demo.steps', 'demo.enrol', 'demo.token')
			AND (force_change_password = 1 OR set_security_questions = 1 OR site_terms_after IS NOT NULL OR mfa_required = 1 OR totp_secret <> '')`).Scan(&others)
		if others != 0 {
			t.Errorf("%d other logins have steps", others)
		}
	})
}

// TestSeedHelpLogins: the help and session demo logins log in as clients with no login steps;
// demo.forgot has two security questions and demo.reset none; demo.timeout is on the two-minute
// login profile and the others on the standard one.
func TestSeedHelpLogins(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		want := map[string]struct {
			questions int
			timeout   int
		}{
			"demo.forgot": {2, 30}, "demo.reset": {0, 30}, "demo.lockout": {0, 30}, "demo.timeout": {0, 2},
		}
		if len(HelpLogins) != len(want) {
			t.Fatalf("%d help logins, want %d", len(HelpLogins), len(want))
		}
		for _, l := range HelpLogins {
			var hash, role string
			var steps, questions, timeout int
			err := db.QueryRow(db.Rebind(`SELECT u.password_hash, u.role_name,
				u.force_change_password + u.set_security_questions + CASE WHEN u.site_terms_after IS NULL THEN 0 ELSE 1 END + u.mfa_required,
				(SELECT COUNT(*) FROM security_question q WHERE q.user_id = u.id), lp.inactive_session_timeout_client
				FROM app_user u JOIN login_profile lp ON lp.id = u.login_profile_id WHERE u.username = ?`), l.Typed).
				Scan(&hash, &role, &steps, &questions, &timeout)
			if err != nil {
				t.Fatalf("%s: %v", l.Typed, err)
			}
			if bcrypt.CompareHashAndPassword([]byte(hash), []byte(l.Password)) != nil || role != "ClientUser" || steps != 0 {
				t.Errorf("%s does not log in as a client with %s and no steps (%d)", l.Typed, l.Password, steps)
			}
			if questions != want[l.Typed].questions || timeout != want[l.Typed].timeout {
				t.Errorf("%s: %d questions, timeout %d; want %+v", l.Typed, questions, timeout, want[l.Typed])
			}
		}
	})
}
