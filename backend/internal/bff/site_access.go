package bff

import (
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
)

// SiteAccessAllows reports whether a client with the site access level may make call: portfolio
// data (the table's PortfolioData rows) needs Portfolio or Assets access (spec 1 §6); everything
// else is for the other checks.
func SiteAccessAllows(level siteaccess.Level, call Call) bool {
	return level.SeesPortfolioData() || !call.Route.PortfolioData
}

// siteAccessOf is a session's site access: a client's from their client_access_level and the
// site configuration's lists; an adviser (whose client in context the platform checks) is not
// limited by it. A configuration that cannot be read limits a client to NotAssigned: fail
// closed.
func (h *Handler) siteAccessOf(s session.Row) siteaccess.Level {
	if s.RoleName != "ClientUser" {
		return siteaccess.Portfolio
	}
	lists, err := h.siteAccess.Lists()
	if err != nil {
		return siteaccess.NotAssigned
	}
	return siteaccess.Derive(s.ClientAccessLevel, lists)
}

// checker is every BFF check of a forwarded call for a session, with the session's site access
// worked out once (a batch asks for each of its items).
func (h *Handler) checker(s session.Row) func(Call) bool {
	level := h.siteAccessOf(s)
	return func(call Call) bool {
		return ClientMayCall(s, call) && SiteAccessAllows(level, call) && !h.oneWayRefuses(call)
	}
}
