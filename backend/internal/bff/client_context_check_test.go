package bff

import (
	"net/http"
	"testing"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/siteaccess"
)

// An adviser's calls against its client in context (entity 3, partner 4, login 9): no client in
// context refuses every call of a client's data with spec 1 §6's error and nothing else; a
// {client} other than the client or its partner, and a {user} other than its login, answer 404;
// writes answer 403 but for the valuation report; the chosen portal view limits portfolio data.
func TestAdviserMayCall(t *testing.T) {
	eleanor := InContext{ClientID: 3, PartnerID: 4, UserID: 9, Level: siteaccess.Portfolio}
	messages := eleanor
	messages.Level = siteaccess.Messages
	noPartner := eleanor
	noPartner.PartnerID = 0
	for _, tc := range []struct {
		in           InContext
		method, path string
		want         error
	}{
		{InContext{}, "GET", "entity/client/3", ErrNoClientInContext},
		{InContext{}, "GET", "portfolio/account/12", ErrNoClientInContext},
		{InContext{}, "GET", "docnote-v2", ErrNoClientInContext},
		{InContext{}, "GET", "session/capability", nil},
		{InContext{}, "GET", "entity/client-v3/", nil},
		{InContext{}, "GET", "adviser/7", nil},
		{InContext{}, "GET", "security/GBPUSD/FX", nil},
		{InContext{}, "POST", BatchPath, nil},
		{eleanor, "GET", "entity/client/3/portfolio", nil},
		{eleanor, "GET", "entity/client/4", nil},
		{noPartner, "GET", "entity/client/4", apierr.ErrNotFound},
		{eleanor, "GET", "entity/client/5", apierr.ErrNotFound},
		{eleanor, "GET", "entity/user/9", nil},
		{eleanor, "GET", "entity/user/10", apierr.ErrNotFound},
		{InContext{ClientID: 3}, "GET", "entity/user/0", apierr.ErrNotFound},
		{eleanor, "GET", "portfolio/account/12", nil},
		{eleanor, "PUT", "entity/client-v3/3", apierr.ErrForbidden},
		{eleanor, "PUT", "entity/client-v3/5", apierr.ErrNotFound},
		{eleanor, "PATCH", "entity/client-v4/3", apierr.ErrForbidden},
		{eleanor, "POST", "entity/client-v3/3/terms_and_conditions", apierr.ErrForbidden},
		{eleanor, "POST", "docnote-v2", apierr.ErrForbidden},
		{eleanor, "POST", "docnote-v2/8/firstread", apierr.ErrForbidden},
		{eleanor, "POST", "digital_signature/8/signatories/2/sign", apierr.ErrForbidden},
		{eleanor, "POST", "xmerge/template-v2/77", nil},
		{messages, "GET", "portfolio/account/12", apierr.ErrForbidden},
		{messages, "GET", "entity/client-v3/3", nil},
		{messages, "GET", "docnote-v2", nil},
	} {
		call, ok := Match(tc.method, tc.path)
		if !ok {
			t.Fatalf("%s %s: not in the table", tc.method, tc.path)
		}
		if got := AdviserMayCall(tc.in, call); got != tc.want {
			t.Errorf("%+v %s %s: %v, want %v", tc.in, tc.method, tc.path, got, tc.want)
		}
	}
}

// Every row of the table is either a client's data or listed as not; the list names only rows
// of the table, so a renamed row cannot leave a stale exemption behind.
func TestNotClientDataNamesTableRows(t *testing.T) {
	rows := map[string]bool{}
	for _, r := range Routes() {
		rows[r.Path] = true
	}
	for p := range notClientData {
		if !rows[p] {
			t.Errorf("%q is not a row of the table", p)
		}
	}
	for p := range adviserPosts {
		if !rows[p] {
			t.Errorf("adviser post %q is not a row of the table", p)
		}
	}
	for p := range downloads {
		if !rows[p] {
			t.Errorf("download %q is not a row of the table", p)
		}
	}
}

// The audit target of a call is its method and route pattern; a download adds the document's
// numeric ids and never its file name.
func TestAuditTarget(t *testing.T) {
	for path, want := range map[string]string{
		"portfolio/account/12/transaction":           "GET portfolio/account/{id}/transaction",
		"entity/client/3/portfolio":                  "GET entity/client/{client}/portfolio",
		"docnote/files/12/3/Eleanor%20Whitfield.pdf": "GET docnote/files/12/3/{name}",
		"digital_signature/content/44/contract.pdf":  "GET digital_signature/content/44/{name}",
		"digital_signature/content/secret/12345.pdf": "GET digital_signature/content/{name}/{name}",
	} {
		call, ok := Match(http.MethodGet, path)
		if !ok {
			t.Fatalf("%s: not in the table", path)
		}
		if got := AuditTarget(call); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}
