package firmdata

import (
	"encoding/base32"
	"fmt"
	"slices"
	"strings"
)

// SiteTerms are a firm's site terms: what a client agrees to at login (spec 1 §3 "Site terms:
// heading, disclaimer"). The disclaimer is HTML, sanitised by the browser when shown.
type SiteTerms struct {
	Heading    string `json:"heading"`
	Disclaimer string `json:"disclaimer"`
}

// mfaMethods are the second-factor methods (spec 1 §3).
var mfaMethods = []string{"sms", "email", "token"}

// minTOTPSecretBytes is RFC 4226's least shared-secret length (128 bits).
const minTOTPSecretBytes = 16

// loginSteps checks the firm's site terms and second-factor methods and each login's additional
// login steps and software-token secret.
func (v *validator) loginSteps() {
	fi := v.f.Firm
	if t := fi.SiteTerms; t != nil {
		v.required("firm.site_terms.heading", t.Heading)
		v.required("firm.site_terms.disclaimer", t.Disclaimer)
	}
	seen := map[string]bool{}
	for i, m := range fi.MFAMethods {
		p := fmt.Sprintf("firm.mfa_methods[%d]", i)
		if !slices.Contains(mfaMethods, m) {
			v.oneOf(p, m, mfaMethods)
		} else if seen[m] {
			v.add(p, "duplicate method %q", m)
		}
		seen[m] = true
	}
	for i, a := range v.f.Advisers {
		if l := a.Login; l != nil {
			path := fmt.Sprintf("advisers[%d].login", i)
			if l.SiteTermsPending {
				v.add(path+".site_terms_pending", "only a client agrees to the site terms at login")
			}
			if l.SetSecurityQuestions {
				v.add(path+".set_security_questions", "only a client sets security questions")
			}
			v.loginSecondFactor(path, l)
		}
	}
	for i, c := range v.f.Clients {
		if l := c.Login; l != nil {
			path := fmt.Sprintf("clients[%d].login", i)
			if l.SiteTermsPending && fi.SiteTerms == nil {
				v.add(path+".site_terms_pending", "the firm has no site_terms to agree to")
			}
			if l.SetSecurityQuestions && len(l.SecurityQuestions) > 0 {
				v.add(path+".set_security_questions", "the login already has security_questions")
			}
			v.loginSecondFactor(path, l)
		}
	}
}

func (v *validator) loginSecondFactor(path string, l *Login) {
	if l.TOTPSecret == "" {
		return
	}
	if l.MFAMethod != "token" {
		v.add(path+".totp_secret", "only a login whose mfa_method is token has a totp_secret")
		return
	}
	b, err := decodeTOTPSecret(l.TOTPSecret)
	switch {
	case err != nil:
		v.add(path+".totp_secret", "not base32 (A-Z and 2-7)")
	case len(b) < minTOTPSecretBytes:
		v.add(path+".totp_secret", "shorter than %d bytes (%d base32 characters)", minTOTPSecretBytes, (minTOTPSecretBytes*8+4)/5)
	}
}

func decodeTOTPSecret(s string) ([]byte, error) {
	s = strings.TrimRight(strings.ToUpper(strings.ReplaceAll(s, " ", "")), "=")
	return base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(s)
}

// loginSteps stores the firm's site terms and second-factor methods and the logins' steps and
// tokens. A login due to agree to the site terms must agree once after this load (an
// acceptance recorded later than every one in the store now). A token login without a secret
// has no authenticator app yet: it enrols one at its next login.
func (l *loader) loginSteps() error {
	fi := l.f.Firm
	if fi.SiteTerms != nil {
		if err := l.exec(`UPDATE firm SET site_terms_heading = ?, site_terms_disclaimer = ? WHERE id = ?`,
			strings.TrimSpace(fi.SiteTerms.Heading), fi.SiteTerms.Disclaimer, l.firmID); err != nil {
			return err
		}
	}
	if len(fi.MFAMethods) > 0 {
		if err := l.exec(`UPDATE firm SET mfa_methods = ? WHERE id = ?`, strings.Join(fi.MFAMethods, ","), l.firmID); err != nil {
			return err
		}
	}
	var lastAcceptance int64
	if err := l.tx.QueryRowContext(l.ctx, `SELECT COALESCE(MAX(id), 0) FROM terms_acceptance`).Scan(&lastAcceptance); err != nil {
		return err
	}
	var logins []*Login
	for i := range l.f.Advisers {
		logins = append(logins, l.f.Advisers[i].Login)
	}
	for i := range l.f.Clients {
		logins = append(logins, l.f.Clients[i].Login)
	}
	for _, lg := range logins {
		if lg == nil || !(lg.ForceChangePassword || lg.SiteTermsPending || lg.SetSecurityQuestions || lg.MFARequired || lg.MFAMethod == "token") {
			continue
		}
		method, required, secret := lg.MFAMethod, lg.MFARequired, ""
		if method == "token" {
			if b, err := decodeTOTPSecret(lg.TOTPSecret); err == nil && len(b) > 0 {
				secret = base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)
			} else {
				method, required = "", true
			}
		}
		var termsAfter any
		if lg.SiteTermsPending {
			termsAfter = lastAcceptance
		}
		if err := l.exec(updateLoginStepsSQL, lg.ForceChangePassword, lg.SetSecurityQuestions, termsAfter, required, method, secret, lg.Username); err != nil {
			return err
		}
	}
	return nil
}

// updateLoginStepsSQL sets one login's pending steps. Usernames are matched as the store keeps
// them unique, by lower(username), which its index serves on both dialects.
const updateLoginStepsSQL = `UPDATE app_user SET force_change_password = ?, set_security_questions = ?, site_terms_after = ?,
	mfa_required = ?, mfa_method = ?, totp_secret = ? WHERE lower(username) = lower(?)`
