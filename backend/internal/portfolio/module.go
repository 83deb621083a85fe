package portfolio

import (
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Module is the platform's portfolio API: portfolios, accounts, account groups, positions,
// transactions, FX rates, benchmarks and target sets.
type Module struct {
	db *store.DB
	// now gives "today" for positions and FX when the request names no date.
	now func() time.Time
}

// New builds the portfolio module over the platform's store; now is the clock.
func New(db *store.DB, now func() time.Time) *Module { return &Module{db: db, now: now} }

// Register adds the portfolio routes to the authenticated /resourceful group.
func (m *Module) Register(r *gin.RouterGroup) {
	// Accounts and portfolios (spec 2 §3, spec 3 §3.5, §7.4).
	r.GET("/portfolio/account", m.handle(m.listAccounts))
	r.GET("/portfolio/account/:id", m.handle(m.getAccount))
	r.GET("/portfolio/portfolio", m.handle(m.listPortfolios))
	r.GET("/portfolio/portfolio/:id", m.handle(m.getPortfolio))
	r.GET("/portfolio/portfolio/:id/account", m.handle(m.listPortfolioAccounts))
	r.GET("/entity/client/:id/portfolio", m.handle(m.listClientPortfolios))
	r.GET("/entity/client-v4/:id/account_user_visibility_link", m.handle(m.listVisibilityLinks))

	// Account groups (spec 2 §3, spec 3 §7.6).
	r.GET("/portfolio/group/account", m.handle(m.listAccountGroups))
	r.GET("/portfolio/group/account/code/:code", m.handle(m.getAccountGroup))
	r.GET("/portfolio/group/account/code/:code/member", m.handle(m.listAccountGroupMembers))

	// Positions (spec 2 §3, §9; spec 3 §7.6).
	r.GET("/portfolio/position", m.handle(m.listPositions))
	r.GET("/portfolio/group/account/code/:code/position", m.handle(m.listGroupPositions))

	// Transactions (spec 3 §7.5).
	r.GET("/portfolio/transaction", m.handle(m.listTransactions))
	r.GET("/portfolio/account/:id/transaction", m.handle(m.listAccountTransactions))
	r.GET("/portfolio/group/account/code/:code/transaction", m.handle(m.listGroupTransactions))

	// Reference data: FX (a pair whose "/" was decoded arrives as two segments), benchmarks.
	r.GET("/security/:pair/FX", m.handle(m.getFXRate))
	r.GET("/security/:pair/:quote/FX", m.handle(m.getFXRate))
	r.GET("/portfolio/benchmark", m.handle(m.listBenchmarks))

	// Target sets: none are stored yet (see doc.go).
	r.GET("/portfolio/targetset", m.handle(m.listTargetSets))
	r.GET("/portfolio/account/:id/targetlink", m.handle(m.listTargetLinks))
	r.GET("/portfolio/targetset/:id/allocation/security", m.handle(m.getTargetSetAllocation))

	// Payment information by account (spec 2 §2.3, §3; the path is ours: spec 2 §7 does not show it).
	r.GET("/portfolio/account/:id/payment_information", m.handle(m.getPaymentInformation))
}

// handle serves an endpoint with its caller and querier (resourceful.Handle).
func (m *Module) handle(fn resourceful.Endpoint) gin.HandlerFunc { return resourceful.Handle(m.db, fn) }

// today is the civil date of the injected clock.
func (m *Module) today() time.Time { return calc.ToDate(m.now()) }

// pathID reads a numeric path parameter. A malformed id is a resource that does not exist, so
// it answers like any other missing id.
func pathID(c *gin.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apierr.ErrNotFound
	}
	return id, nil
}

// answer writes a list or an object after applying the request's field selection.
func answer(c *gin.Context, params resourceful.Params, v any) {
	fields := resourceful.Fields(params)
	switch x := v.(type) {
	case map[string]any:
		resourceful.JSON(c, 200, resourceful.Select(x, fields))
	case []map[string]any:
		out := make([]map[string]any, len(x))
		for i, item := range x {
			out[i] = resourceful.Select(item, fields)
		}
		resourceful.JSON(c, 200, out)
	default:
		resourceful.JSON(c, 200, v)
	}
}

// badParams is the 400 of a request whose parameters cannot be read.
func badParams(err error) error { return apierr.BadRequest(err.Error()) }
