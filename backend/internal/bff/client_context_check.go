package bff

import (
	"net/http"
	"strings"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/siteaccess"
)

// ErrNoClientInContext is spec 1 §6's answer to a non-client making a client's call with no
// client in context.
var ErrNoClientInContext = apierr.New(http.StatusForbidden,
	"I am not a clientUser and no client in context", "I am not a clientUser and no client in context")

// InContext is the client an adviser session acts for, as its session row holds it (package
// clientcontext); the zero value is none.
type InContext struct {
	ClientID  int64 // the client's entity
	PartnerID int64 // the client's partner entity, 0 when none
	UserID    int64 // the client's login, 0 when none
	Level     siteaccess.Level
}

// notClientData are the table's rows that read no client's data: the session's own settings,
// the firm's, advisers, field metadata, the client list, reference data (prices, benchmarks,
// model target sets, document categories, email templates) and the batch itself, whose items
// are judged one by one. Every other row is a client's data; a new row is one until it is
// listed here (fail closed).
var notClientData = map[string]bool{
	BatchPath:                         true,
	"session/capability":              true,
	"session/feature_access":          true,
	"session/user/adviser":            true,
	"site":                            true,
	"feature_toggle/toggle_condition": true,
	"sysadmin/loginsetting/login_profile/{id}":     true,
	"sysadmin/digital_signature-v2":                true,
	"adviser/{id}":                                 true,
	"adviser/{id}/contact":                         true,
	"adviser/{id}/address":                         true,
	"ufield/{name}":                                true,
	"ufield/{name}/{name}":                         true,
	"ufield/{name}/{name}/choice":                  true,
	"entity/client-v3":                             true,
	"entity/client-v3/":                            true,
	"entity/client":                                true,
	"entity/client/":                               true,
	"security/{pair}/FX":                           true,
	"portfolio/benchmark":                          true,
	"portfolio/targetset":                          true,
	"portfolio/targetset/{id}/allocation/security": true,
	"docnote-v2/category":                          true,
	"docnote-v2/doctype":                           true,
	"email/template/{name}":                        true,
}

// ClientData reports whether a route reads or writes a client's data: what an adviser may call
// only with that client in context.
func ClientData(r Route) bool { return !notClientData[r.Path] }

// adviserPosts are the client-data POSTs an adviser in context may make: running a valuation
// report reads the client's data (spec 2 §6, the Adviser templates). Everything else an adviser
// could write (preferences, terms, messages, read receipts, signatures, notifications) is the
// client's own act (spec 1 §6, spec 2 §6, spec 3 §6).
var adviserPosts = map[string]bool{"xmerge/template-v2/{name}": true}

// downloads are the rows that hand over a document's content (action "download" in the audit
// trail): message attachments and documents to sign (spec 3 §7.1, §7.2).
var downloads = map[string]bool{
	"docnote/files/{name}/{name}/{name}":      true,
	"digital_signature/content/{name}/{name}": true,
}

// IsDownload reports whether a route downloads a document.
func IsDownload(r Route) bool { return downloads[r.Path] }

// AdviserMayCall is the BFF's check of an adviser session's call against its client in context,
// made before the platform's (which narrows the adviser to that client too): a call of a
// client's data needs a client in context (else ErrNoClientInContext); a {client} must be that
// client or its partner and a {user} that client's login, else 404 exactly like a missing one;
// an adviser does not write a client's data (403); and the portal view the adviser chose limits
// portfolio data as the client's own site access would (403).
func AdviserMayCall(in InContext, call Call) error {
	if !ClientData(call.Route) {
		return nil
	}
	if in.ClientID == 0 {
		return ErrNoClientInContext
	}
	if call.client != "" {
		id := idOf(call.client)
		if id != in.ClientID && (in.PartnerID == 0 || id != in.PartnerID) {
			return apierr.ErrNotFound
		}
	}
	if call.user != "" && (in.UserID == 0 || idOf(call.user) != in.UserID) {
		return apierr.ErrNotFound
	}
	if call.Method != http.MethodGet && !adviserPosts[call.Route.Path] {
		return apierr.ErrForbidden
	}
	if !SiteAccessAllows(in.Level, call) {
		return apierr.ErrForbidden
	}
	return nil
}

// AuditTarget is what the audit trail records of a call: the method and route pattern, never
// the ids, query or body; a download adds the document's numeric ids (resource kind and id),
// never its file name.
func AuditTarget(call Call) string {
	if !IsDownload(call.Route) {
		return call.Method + " " + call.Route.Path
	}
	patterns, segments := strings.Split(call.Route.Path, "/"), strings.Split(call.Path, "/")
	for i, p := range patterns {
		if p == "{name}" && i < len(segments) && isID(segments[i]) {
			patterns[i] = segments[i]
		}
	}
	return call.Method + " " + strings.Join(patterns, "/")
}
