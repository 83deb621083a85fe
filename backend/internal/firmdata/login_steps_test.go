package firmdata

import (
	"context"
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestValidateLoginSteps(t *testing.T) {
	type want = []Problem
	terms := &SiteTerms{Heading: "Terms of use", Disclaimer: "<p>Agree</p>"}
	tests := []struct {
		name   string
		change func(f *Firm)
		want   want
	}{
		{"all of it, well formed", func(f *Firm) {
			f.Firm.SiteTerms, f.Firm.MFAMethods = terms, []string{"sms", "token"}
			l := f.Clients[0].Login
			l.SiteTermsPending, l.ForceChangePassword, l.MFAMethod, l.TOTPSecret = true, true, "token", "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
			f.Clients[1].Login.SetSecurityQuestions, f.Clients[1].Login.MFARequired = true, true
			f.Advisers[0].Login.ForceChangePassword = true
		}, nil},
		{"site terms need both texts", func(f *Firm) { f.Firm.SiteTerms = &SiteTerms{Heading: " "} },
			want{{"firm.site_terms.heading", "required"}, {"firm.site_terms.disclaimer", "required"}}},
		{"methods", func(f *Firm) { f.Firm.MFAMethods = []string{"sms", "fax", "sms"} }, want{
			{"firm.mfa_methods[1]", `want one of sms, email, token, got "fax"`},
			{"firm.mfa_methods[2]", `duplicate method "sms"`},
		}},
		{"terms pending without terms", func(f *Firm) { f.Clients[0].Login.SiteTermsPending = true },
			want{{"clients[0].login.site_terms_pending", "the firm has no site_terms to agree to"}}},
		{"an adviser's steps", func(f *Firm) {
			f.Firm.SiteTerms = terms
			f.Advisers[0].Login.SiteTermsPending, f.Advisers[0].Login.SetSecurityQuestions = true, true
		}, want{
			{"advisers[0].login.site_terms_pending", "only a client agrees to the site terms at login"},
			{"advisers[0].login.set_security_questions", "only a client sets security questions"},
		}},
		{"questions to set and given", func(f *Firm) {
			l := f.Clients[0].Login
			l.SetSecurityQuestions = true
			l.SecurityQuestions = []SecurityQuestion{{Question: "Q1", Answer: "A1"}, {Question: "Q2", Answer: "A2"}}
		}, want{{"clients[0].login.set_security_questions", "the login already has security_questions"}}},
		{"secret without token", func(f *Firm) { f.Clients[0].Login.TOTPSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" },
			want{{"clients[0].login.totp_secret", "only a login whose mfa_method is token has a totp_secret"}}},
		{"secret not base32", func(f *Firm) { f.Clients[0].Login.MFAMethod, f.Clients[0].Login.TOTPSecret = "token", "not-base-32!" },
			want{{"clients[0].login.totp_secret", "not base32 (A-Z and 2-7)"}}},
		{"secret too short", func(f *Firm) {
			f.Clients[0].Login.MFAMethod, f.Clients[0].Login.TOTPSecret = "token", "JBSWY3DPEHPK3PXP"
		},
			want{{"clients[0].login.totp_secret", "shorter than 16 bytes (26 base32 characters)"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := smallFirm(t)
			tc.change(&f)
			got := Validate(f)
			if !reflect.DeepEqual(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("problems:\n%s\nwant:\n%s", lines(got), lines(tc.want))
			}
		})
	}
}

// The loader stores the firm's terms and methods and each login's steps and token; a token
// login without a secret enrols its app at its next login; terms are due from this load on.
func TestLoadLoginSteps(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		if _, err := db.Exec(`INSERT INTO firm (id, name, product_name, region) VALUES (99, 'Older', 'Older', 'GB')`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO entity (id, firm_id, entity_kind, entity_name) VALUES (999, 99, 'client', 'Older client')`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO terms_acceptance (id, entity_id, description, content, agreed_date, recorded_at) VALUES (41, 999, 'Login Disclaimer', 'x', '2020-01-01', 'x')`); err != nil {
			t.Fatal(err)
		}
		f := smallFirm(t)
		f.Firm.SiteTerms = &SiteTerms{Heading: "Terms of use", Disclaimer: "<p>Agree</p>"}
		f.Firm.MFAMethods = []string{"sms", "token"}
		helen, mark, ruth := f.Clients[0].Login, f.Clients[1].Login, f.Advisers[0].Login
		helen.SiteTermsPending, helen.SetSecurityQuestions = true, true
		mark.MFAMethod, mark.TOTPSecret, mark.ForceChangePassword = "token", "jbswy3dpehpk3pxpjbswy3dpehpk3pxp", true
		ruth.MFAMethod = "token"
		if _, err := Load(context.Background(), db, f, LoadOptions{HashCost: 4}); err != nil {
			t.Fatal(err)
		}
		var heading, disclaimer, methods string
		if err := db.QueryRow(db.Rebind(`SELECT site_terms_heading, site_terms_disclaimer, mfa_methods FROM firm WHERE name = ?`), f.Firm.Name).Scan(&heading, &disclaimer, &methods); err != nil {
			t.Fatal(err)
		}
		if heading != "Terms of use" || disclaimer != "<p>Agree</p>" || methods != "sms,token" {
			t.Fatalf("firm: %q %q %q", heading, disclaimer, methods)
		}
		type row struct {
			force, questions, required bool
			termsAfter                 *int64
			method, secret             string
		}
		get := func(username string) row {
			var r row
			if err := db.QueryRow(db.Rebind(`SELECT force_change_password, set_security_questions, mfa_required, site_terms_after, mfa_method, totp_secret FROM app_user WHERE username = ?`), username).
				Scan(&r.force, &r.questions, &r.required, &r.termsAfter, &r.method, &r.secret); err != nil {
				t.Fatal(err)
			}
			return r
		}
		after := int64(41)
		for username, want := range map[string]row{
			"helen.trelawny": {questions: true, termsAfter: &after, method: "sms"},
			"mark.trelawny":  {force: true, method: "token", secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"},
			"ruth@client":    {required: true},
		} {
			if got := get(username); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %+v, want %+v", username, got, want)
			}
		}
	})
}
