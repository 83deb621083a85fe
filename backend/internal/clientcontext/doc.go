// Package clientcontext is an adviser acting in a client's context (spec 1 §6, spec 2 §6,
// spec 3 §2.6, §3.4, §4.5, §6) and the audit trail of it, BFF side and platform side.
//
// # The BFF side
//
//	GET    /api/client-context   {"client_in_context": {...} | null}
//	PUT    /api/client-context   {"client_id", "site_access_level"?} → {"client_in_context": {...}}
//	DELETE /api/client-context   {"client_in_context": null}
//
// The client in context lives in the adviser's BFF session row (store.go), never in the
// browser: the site_type cookie PUT sets (Portfolio, Assets or Messages; NotAssigned is written
// as Messages) is for the web app only and is never read. PUT asks the platform for the client
// as the adviser may see it (a client of another adviser, a missing id and a non-client entity
// are one and the same 404), works out the client's own site access from its
// client_access_level and the site configuration's lists (as the browser does), takes the
// chosen portal view (default: the client's own), and refuses with 403 ErrNoClientAccess a
// client that has neither access (an enabled login) nor preview (spec 3 §2.6: a chosen view
// other than the client's own, or no login at all); nothing changes then. Otherwise it puts the
// client in context on the platform session too, then in the session row, with its audit rows,
// in one transaction. Only advisers (role User) have a client in context; logout ends it with
// the session.
//
// Guard runs on every forwarded /xplanapi call and on /bff/api/account/transactions of an
// adviser session: bff.AdviserMayCall (no client in context: 403 "I am not a clientUser and no
// client in context"; a {client} or {user} other than the client's: 404; a write: 403; portfolio
// data outside the chosen portal view: 403), batch items one by one (a refused item becomes the
// BFF's refused item, 404). The platform then checks again with the adviser narrowed to the
// client (access.Principal.ClientInContext), which is what keeps the ids of another client's
// accounts, portfolios and documents out.
//
// # The audit trail
//
// Every adviser action in a client's context is appended to audit_event in the same request,
// before the answer is written: opening the client (open), changing the portal view
// (portal_view), closing it or opening another (close), every forwarded call made in context
// (view, with the method and route pattern; download for document content, with the
// document's numeric ids), one row per batch item in one INSERT. A failed audit write fails the
// request (500 in the platform's error shape) and nothing else is answered. Rows are never
// updated or deleted (triggers refuse it; the expiry sweep does not know the table); `portal
// audit` prints them as CSV (Query, WriteCSV).
//
// # The platform side
//
//	GET    /resourceful/session/client_context/:id   the client as it would be put in context
//	PUT    /resourceful/session/client_context/:id   put it in context for this platform session
//	DELETE /resourceful/session/client_context       none in context
//
// Advisers only (403 otherwise); the client is checked against the adviser's whole book (404
// exactly like a missing one). These routes are not in the BFF's table: browsers cannot reach
// them.
package clientcontext
