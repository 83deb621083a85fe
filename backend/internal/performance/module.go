package performance

import (
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Module is the performance share of the platform API (a platform.Module).
type Module struct {
	db   *store.DB
	days *ledger.Days
	now  func() time.Time
}

// New builds the module over the platform's store; now is the clock "today" is read from.
// Valuations read the store's materialised days (ledger.Days).
func New(db *store.DB, now func() time.Time) *Module {
	return &Module{db: db, days: ledger.NewDays(db), now: now}
}

// timeSeriesNames are the two names of the TWRR series: historic_time_series_twrr (spec 2 §7,
// spec 3 §7.6 batched) and time_series_twrr (spec 3 §7.6, not batched). Both answer the same.
var timeSeriesNames = []string{"historic_time_series_twrr", "time_series_twrr"}

// Register adds the routes, relative to /resourceful, on the authenticated group.
func (m *Module) Register(authed *gin.RouterGroup) {
	authed.GET("/portfolio/profit_analysis/detail", apierr.Handler(m.profitAnalysis))
	authed.GET("/portfolio/group/account/code/:code/profit_analysis/detail", apierr.Handler(m.groupProfitAnalysis))
	authed.GET("/portfolio/profit_analysis/breakdown", apierr.Handler(m.profitBreakdown))
	authed.GET("/portfolio/group/account/code/:code/profit_analysis/breakdown", apierr.Handler(m.groupProfitBreakdown))
	for _, name := range timeSeriesNames {
		authed.GET("/portfolio/account/:id/profit_analysis/"+name, apierr.Handler(m.accountTimeSeries))
		authed.GET("/portfolio/group/account/code/:code/profit_analysis/"+name, apierr.Handler(m.groupTimeSeries))
		authed.GET("/portfolio/portfolio/:id/profit_analysis/"+name, apierr.Handler(m.portfolioTimeSeries))
	}
}

// reader runs the request's SQL through its querier (its open transaction, if any). Inside a
// transaction it values from the transaction's own view, not from the materialised days,
// which are kept outside it.
func (m *Module) reader(c *gin.Context) reader {
	r := reader{q: resourceful.Q(c, m.db), rebind: m.db.Rebind}
	if !resourceful.InTransaction(c) {
		r.days = m.days
		// The items of one batch (the dashboard's analysis and chart) read each account's days
		// once.
		if shared := resourceful.SharedOf(c.Request.Context()); shared != nil {
			r.days = m.days.With(shared)
		}
	}
	return r
}

// principal is the caller; the platform's authentication always sets one on these routes.
func principal(c *gin.Context) (access.Principal, error) {
	p, ok := access.From(c.Request.Context())
	if !ok {
		return p, apierr.ErrNoSession
	}
	return p, nil
}

func requestParams(c *gin.Context) (resourceful.Params, error) {
	p, err := resourceful.ParamsOf(c)
	if err != nil {
		return nil, apierr.BadRequest(err.Error())
	}
	return p, nil
}
