package bff

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/session"
)

// Paged transactions (spec 2 §9 and spec 3 §9): 50 per page by default, at most 200.
const (
	defaultTransactionsPage = 50
	maxTransactionsPage     = 200
)

// TransactionsQuery maps the BFF's account/transactions parameters (repeated accountIds,
// startDate, endDate, sort_type, page_bookmark, page_size) onto the platform's
// portfolio/transaction parameters. It refuses a call without accounts or with a bad page size.
func TransactionsQuery(in url.Values) (url.Values, error) {
	out := url.Values{}
	ids := in["accountIds"]
	if len(ids) == 0 {
		ids = in["accountIds[]"]
	}
	if len(ids) == 0 {
		return nil, apierr.BadRequest("accountIds is required")
	}
	for _, id := range ids {
		if _, err := strconv.ParseInt(id, 10, 64); err != nil {
			return nil, apierr.BadRequest("accountIds must be account numbers")
		}
		out.Add("accountid", id)
	}
	size := defaultTransactionsPage
	if v := in.Get("page_size"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxTransactionsPage {
			return nil, apierr.BadRequest("page_size must be between 1 and 200")
		}
		size = n
	}
	out.Set("page_size", strconv.Itoa(size))
	for from, to := range map[string]string{"startDate": "start_date", "endDate": "stop_date", "sort_type": "sort_type", "page_bookmark": "page_bookmark"} {
		if v := in.Get(from); v != "" {
			out.Set(to, v)
		}
	}
	return out, nil
}

// Transactions serves GET /bff/api/account/transactions for the signed-in user.
func (h *Handler) Transactions(c *gin.Context) {
	q, err := TransactionsQuery(c.Request.URL.Query())
	if err != nil {
		apierr.Write(c, err)
		return
	}
	s := session.From(c)
	if !h.siteAccessOf(s.Row).SeesPortfolioData() {
		apierr.Write(c, apierr.ErrForbidden)
		return
	}
	h.relay(c, s, http.MethodGet, "portfolio/transaction?"+q.Encode(), "", nil)
}
