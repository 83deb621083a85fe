package bff

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Route is one platform call the browser may make through /xplanapi: the calls of the spec's
// screens (spec 1 §7, spec 2 §7, spec 3 §7) that the BFF does not answer itself. Path is
// relative to the platform's /resourceful, one pattern per segment:
//
//	literal    itself, exactly
//	{client}   a client entity's id; a client may name only its own entity or its partner's
//	{user}     a login's id; a client may name only its own
//	{id}       any other record's id (account, portfolio, adviser, document ...): digits
//	{name}     a code, field name or file name: any text but a slash, a backslash, a dot
//	           segment, a percent sign or a control character, once decoded
//	{pair}     a currency pair: GBPUSD, GBP-USD, GBP_USD, GBP%20USD or GBP%2FUSD (the one
//	           encoded slash the BFF forwards; the platform routes it as security/GBP/USD/FX)
//
// The table drives the /xplanapi routes (Mounts) and every BFF check (Match, Allowed,
// ClientMayCall, SiteAccessAllows): a call that matches no row answers 404.
type Route struct {
	Path    string
	Methods []string
	// PortfolioData marks accounts, holdings, transactions, performance, assets and reports:
	// what Messages and NotAssigned site access do not show (spec 1 §6).
	PortfolioData bool
	// AdvisersOnly marks the adviser's client list (spec 3 §2.6).
	AdvisersOnly bool
}

var (
	get      = []string{http.MethodGet}
	post     = []string{http.MethodPost}
	getPost  = []string{http.MethodGet, http.MethodPost}
	getPatch = []string{http.MethodGet, http.MethodPatch}
	getWrite = []string{http.MethodGet, http.MethodPut, http.MethodPatch}
)

// BatchPath is the table's row of the batch endpoint (POST /xplanapi/ → POST /resourceful/),
// whose items are matched against the table one by one (ScreenBatch).
const BatchPath = ""

// forwarded is the table. Platform-only calls (auth/*, session, session/user, session/tfa,
// session/password, session/biometric_*, session/transaction, the rest of sysadmin) are not in
// it: the BFF answers the spec's login and account calls itself (auth, accountsec, recovery,
// biometric, health), and write transactions are the platform's own (no browser opens one).
// It is read, never written.
var forwarded = []Route{
	{Path: BatchPath, Methods: post},

	// The session's settings, the site, advisers (spec 1 §7, spec 2 §2.9, spec 3 §7.4).
	{Path: "session/capability", Methods: get},
	{Path: "session/feature_access", Methods: get},
	{Path: "session/user/adviser", Methods: get},
	{Path: "site", Methods: get},
	{Path: "feature_toggle/toggle_condition", Methods: get},
	{Path: "sysadmin/loginsetting/login_profile/{id}", Methods: get},
	{Path: "sysadmin/digital_signature-v2", Methods: get},
	{Path: "adviser/{id}", Methods: get},
	{Path: "adviser/{id}/contact", Methods: get},
	{Path: "adviser/{id}/address", Methods: get},
	{Path: "ufield/{name}", Methods: get},
	{Path: "ufield/{name}/{name}", Methods: get},
	{Path: "ufield/{name}/{name}/choice", Methods: get},

	// The adviser's client list (spec 3 §7.4): "entity/client-v3/" as the spec writes it.
	{Path: "entity/client-v3", Methods: get, AdvisersOnly: true},
	{Path: "entity/client-v3/", Methods: get, AdvisersOnly: true},
	{Path: "entity/client", Methods: get, AdvisersOnly: true},
	{Path: "entity/client/", Methods: get, AdvisersOnly: true},

	// One client's details, preferences, terms, review (spec 1 §7, spec 2 §7, spec 3 §7.3-7.4).
	{Path: "entity/user/{user}", Methods: get},
	{Path: "entity/client/{client}", Methods: get},
	{Path: "entity/client/{client}/bank", Methods: get},
	{Path: "entity/client/{client}/client_group/member", Methods: get},
	{Path: "entity/client/{client}/risk_profile/value/client", Methods: get},
	{Path: "entity/client-v3/{client}", Methods: getWrite},
	{Path: "entity/client-v3/{client}/address", Methods: get},
	{Path: "entity/client-v3/{client}/contact", Methods: get},
	{Path: "entity/client-v3/{client}/capability", Methods: get},
	{Path: "entity/client-v3/{client}/terms_and_conditions", Methods: post},
	{Path: "entity/client-v4/{client}", Methods: getPatch},
	{Path: "entity/client-v4/{client}/dependent", Methods: get},
	// The annual review (issue 18, docs/api-contract.md "Annual review"): the firm's pages, the
	// details it plays back, the submission.
	{Path: "review/page", Methods: get},
	{Path: "entity/client-v4/{client}/review/playback", Methods: get},
	{Path: "entity/client-v4/{client}/review", Methods: getPost},

	// A client's portfolios and assets (spec 2 §7, spec 3 §7.4).
	{Path: "entity/client/{client}/portfolio", Methods: get, PortfolioData: true},
	{Path: "entity/client-v4/{client}/account_user_visibility_link", Methods: get, PortfolioData: true},
	{Path: "entity/client-v4/{client}/total_amount", Methods: get, PortfolioData: true},
	{Path: "entity/client/{client}/asset", Methods: get, PortfolioData: true},
	{Path: "entity/client/{client}/fund_za", Methods: get, PortfolioData: true},
	{Path: "entity/client/{client}/annuity", Methods: get, PortfolioData: true},
	{Path: "entity/client/{client}/liability", Methods: get, PortfolioData: true},
	{Path: "entity/client/{client}/asset/{id}/owner", Methods: get, PortfolioData: true},
	{Path: "entity/client/{client}/annuity/{id}/owner", Methods: get, PortfolioData: true},
	{Path: "entity/client/{client}/liability/{id}/owner", Methods: get, PortfolioData: true},

	// Accounts, portfolios, groups, positions, transactions, performance (spec 2 §7, spec 3 §7.4-7.6).
	{Path: "portfolio/account", Methods: get, PortfolioData: true},
	{Path: "portfolio/account/{id}", Methods: get, PortfolioData: true},
	{Path: "portfolio/account/{id}/transaction", Methods: get, PortfolioData: true},
	{Path: "portfolio/account/{id}/targetlink", Methods: get, PortfolioData: true},
	{Path: "portfolio/account/{id}/payment_information", Methods: get, PortfolioData: true},
	{Path: "portfolio/account/{id}/profit_analysis/historic_time_series_twrr", Methods: get, PortfolioData: true},
	{Path: "portfolio/account/{id}/profit_analysis/time_series_twrr", Methods: get, PortfolioData: true},
	{Path: "portfolio/portfolio", Methods: get, PortfolioData: true},
	{Path: "portfolio/portfolio/{id}", Methods: get, PortfolioData: true},
	{Path: "portfolio/portfolio/{id}/account", Methods: get, PortfolioData: true},
	{Path: "portfolio/portfolio/{id}/profit_analysis/historic_time_series_twrr", Methods: get, PortfolioData: true},
	{Path: "portfolio/portfolio/{id}/profit_analysis/time_series_twrr", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account/code/{name}", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account/code/{name}/member", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account/code/{name}/position", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account/code/{name}/transaction", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account/code/{name}/profit_analysis/detail", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account/code/{name}/profit_analysis/breakdown", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account/code/{name}/profit_analysis/historic_time_series_twrr", Methods: get, PortfolioData: true},
	{Path: "portfolio/group/account/code/{name}/profit_analysis/time_series_twrr", Methods: get, PortfolioData: true},
	{Path: "portfolio/position", Methods: get, PortfolioData: true},
	{Path: "portfolio/transaction", Methods: get, PortfolioData: true},
	{Path: "portfolio/profit_analysis/detail", Methods: get, PortfolioData: true},
	{Path: "portfolio/profit_analysis/breakdown", Methods: get, PortfolioData: true},
	{Path: "portfolio/benchmark", Methods: get, PortfolioData: true},
	{Path: "portfolio/targetset", Methods: get, PortfolioData: true},
	{Path: "portfolio/targetset/{id}/allocation/security", Methods: get, PortfolioData: true},
	{Path: "security/{pair}/FX", Methods: get, PortfolioData: true},
	// The valuation report (spec 2 §7, spec 3 §7.6): "POST xmerge template-v2/{id}", and the
	// templates it offers (issue 17's own call, spec 2 §2.6 "templates by user type").
	{Path: "xmerge/template-v2", Methods: get, PortfolioData: true},
	{Path: "xmerge/template-v2/{name}", Methods: post, PortfolioData: true},
	{Path: "job_queue/completed_job/{name}", Methods: get, PortfolioData: true},

	// Messages and documents, digital signatures (spec 3 §7.1-7.2): every site access has them.
	{Path: "docnote-v2", Methods: getPost},
	{Path: "docnote-v2/category", Methods: get},
	{Path: "docnote-v2/doctype", Methods: get},
	{Path: "docnote-v2/{id}", Methods: get},
	{Path: "docnote-v2/{id}/body", Methods: get},
	{Path: "docnote-v2/{id}/firstread", Methods: post},
	{Path: "docnote-v2/{id}/attachment-v3", Methods: post},
	{Path: "docnote-v2/{id}/attachment-v4", Methods: get},
	{Path: "docnote-v2/{id}/attachment-v4/{id}", Methods: get},
	{Path: "docnote/files/{name}/{name}/{name}", Methods: get},
	{Path: "email/email", Methods: post},
	{Path: "email/template/{name}", Methods: get},
	{Path: "digital_signature", Methods: get},
	{Path: "digital_signature/content/{name}/{name}", Methods: get},
	{Path: "digital_signature/{id}/signatories", Methods: get},
	{Path: "digital_signature/{id}/signatories/{id}/generate_code", Methods: post},
	{Path: "digital_signature/{id}/signatories/{id}/sign", Methods: post},
}

// Routes is a copy of the table.
func Routes() []Route {
	out := make([]Route, len(forwarded))
	for i, r := range forwarded {
		r.Methods = slices.Clone(r.Methods)
		out[i] = r
	}
	return out
}

// Call is a forwarded call matched against the table.
type Call struct {
	Route  Route
	Method string
	Path   string // escaped, relative to /resourceful, as it is forwarded
	client string // the {client} segment, when the route has one
	user   string // the {user} segment, when the route has one
}

// pairSegment is a currency pair as spec 2 §7 names it in security/{pair}/FX.
var pairSegment = regexp.MustCompile(`^[A-Za-z]{3}(?:%2[Ff]|%20|-|_)?[A-Za-z]{3}$`)

// Match finds the table's row of a call: method and the escaped path relative to /resourceful
// (no leading slash, as the platform will receive it). Anything else is refused: a method the
// row does not list, an encoded slash or backslash, a dot or empty segment (also encoded), a
// control character, or a segment that does not fit its pattern.
func Match(method, escapedPath string) (Call, bool) {
	decoded, err := url.PathUnescape(escapedPath)
	if err != nil || strings.ContainsFunc(decoded, unicode.IsControl) || strings.Contains(decoded, `\`) {
		return Call{}, false
	}
	segments := strings.Split(escapedPath, "/")
	for _, r := range forwarded {
		if !slices.Contains(r.Methods, method) {
			continue
		}
		if call, ok := r.match(segments); ok {
			call.Method, call.Path = method, escapedPath
			return call, true
		}
	}
	return Call{}, false
}

func (r Route) match(segments []string) (Call, bool) {
	patterns := strings.Split(r.Path, "/")
	if len(patterns) != len(segments) {
		return Call{}, false
	}
	call := Call{Route: r}
	for i, p := range patterns {
		s := segments[i]
		switch p {
		case "{client}", "{user}", "{id}":
			if !isID(s) {
				return Call{}, false
			}
			if p == "{client}" {
				call.client = s
			} else if p == "{user}" {
				call.user = s
			}
		case "{name}":
			if !isName(s) {
				return Call{}, false
			}
		case "{pair}":
			if !pairSegment.MatchString(s) {
				return Call{}, false
			}
		default:
			if s != p {
				return Call{}, false
			}
		}
	}
	return call, true
}

// isID is a record id: digits only, no encoding.
func isID(s string) bool {
	if s == "" || len(s) > 18 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isName is a code or file name segment: once decoded, not empty, not a dot segment, and
// without what could change the path the platform sees (slash, backslash, a second round of
// percent-decoding) or its log lines (control characters).
func isName(s string) bool {
	d, err := url.PathUnescape(s)
	if err != nil || d == "" || d == "." || d == ".." {
		return false
	}
	return !strings.ContainsAny(d, `/\%`) && !strings.ContainsFunc(d, unicode.IsControl)
}

// Allowed reports whether the table forwards method on the escaped path.
func Allowed(method, escapedPath string) bool {
	_, ok := Match(method, escapedPath)
	return ok
}

// Mounts are the /xplanapi router paths the table needs, relative to the group: a catch-all
// per first segment whose rows have patterns (Forward matches the rest), otherwise each path
// exactly, so that the BFF's own handlers (session/user, session/password ...) keep theirs.
func Mounts() []string {
	var out []string
	add := func(p string) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	patterned := map[string]bool{}
	for _, r := range forwarded {
		first, rest, _ := strings.Cut(r.Path, "/")
		if strings.Contains(rest, "{") || strings.HasSuffix(r.Path, "/") {
			patterned[first] = true
		}
	}
	for _, r := range forwarded {
		first, rest, _ := strings.Cut(r.Path, "/")
		switch {
		case !patterned[first] || rest == "":
			add("/" + r.Path)
		default:
			add("/" + first + "/*rest")
		}
	}
	return out
}

// idOf reads an id segment (digits, as Match checked).
func idOf(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return -1
	}
	return n
}
