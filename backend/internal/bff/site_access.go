package bff

import (
	"regexp"

	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
)

// portfolioDataPath matches the calls that read a client's accounts, holdings, transactions,
// performance and assets (spec 2 §7): what Messages and NotAssigned site access do not show.
var portfolioDataPath = regexp.MustCompile(
	`^(portfolio|security)(/|$)|^entity/client(-v[34])?/[^/]+/(portfolio|asset|fund_za|annuity|liability|total_amount|account_user_visibility_link)(/|$)`)

// SiteAccessAllows reports whether a client with the site access level may call path: portfolio
// data needs Portfolio or Assets access (spec 1 §6); everything else is for the other checks.
func SiteAccessAllows(level siteaccess.Level, path string) bool {
	return level.SeesPortfolioData() || !portfolioDataPath.MatchString(path)
}

// siteAccessOf is a session's site access: a client's from their client_access_level and the
// site configuration's lists; an adviser (whose client in context the platform checks) and a
// handler without a Source are not limited by it. A configuration that cannot be read limits a
// client to NotAssigned: fail closed.
func (h *Handler) siteAccessOf(s session.Row) siteaccess.Level {
	if s.RoleName != "ClientUser" || h.SiteAccess == nil {
		return siteaccess.Portfolio
	}
	lists, err := h.SiteAccess.Lists()
	if err != nil {
		return siteaccess.NotAssigned
	}
	return siteaccess.Derive(s.ClientAccessLevel, lists)
}

// checker is every BFF check of a forwarded path for a session, with the session's site access
// worked out once (a batch asks for each of its items).
func (h *Handler) checker(s session.Row) func(path string) bool {
	level := h.siteAccessOf(s)
	return func(path string) bool { return ClientMayCall(s, path) && SiteAccessAllows(level, path) }
}
