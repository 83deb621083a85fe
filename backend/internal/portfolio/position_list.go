package portfolio

import (
	"context"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
)

// Price types of spec 2 §4 and §6.
const (
	PriceClose   = "close"
	PriceDelayed = "delayed"
	PriceLive    = "live"
)

// PriceType is the pricing a caller's capabilities give (spec 2 §4, §6): live with
// live_marketdata_access, delayed with view_marketdata, else close.
func PriceType(caps map[string]bool) string {
	switch {
	case caps[access.LiveMarketDataAccess]:
		return PriceLive
	case caps[access.ViewMarketData]:
		return PriceDelayed
	}
	return PriceClose
}

// GET /resourceful/portfolio/position (accountid, as_at_date, fields)
func (m *Module) listPositions(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	ids, err := params.Int64s("accountid")
	if err != nil {
		return err
	}
	ids = dedupe(ids)
	if err := checkAccounts(ctx, q, p, ids); err != nil {
		return err
	}
	return m.answerPositions(c, q, p, params, ids)
}

// GET /resourceful/portfolio/group/account/code/:code/position (as_at_date, fields, entityid)
func (m *Module) listGroupPositions(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	g, err := findAccountGroup(c.Request.Context(), q, p, params, c.Param("code"))
	if err != nil {
		return err
	}
	return m.answerPositions(c, q, p, params, g.AccountIDs())
}

// answerPositions writes the positions of accounts the caller has been checked to reach.
func (m *Module) answerPositions(c *gin.Context, q Querier, p access.Principal, params resourceful.Params, ids []int64) error {
	ctx := c.Request.Context()
	asOf, given, err := params.Date("as_at_date")
	if err != nil {
		return err
	}
	if !given {
		asOf = m.today()
	}
	caps, err := access.Capabilities(ctx, q, p.FirmID, p.Role, p.EntityID)
	if err != nil {
		return err
	}
	rows, err := positionRows(ctx, ledger.NewReader(q, m.db.Rebind), q, ids, asOf, PriceType(caps))
	if err != nil {
		return err
	}
	if len(resourceful.Fields(params)) == 0 {
		resourceful.JSON(c, 200, rows)
		return nil
	}
	items, err := asMaps(rows)
	if err != nil {
		return err
	}
	answer(c, params, items)
	return nil
}

// positionRows works out and describes the positions of accounts, in the order of ids. With
// no accounts the answer is empty (spec 2 §5).
func positionRows(ctx context.Context, r ledger.Reader, q Querier, ids []int64, asOf time.Time, priceType string) ([]positionRow, error) {
	items := []positionRow{}
	if len(ids) == 0 {
		return items, nil
	}
	accounts, err := LoadAccounts(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	hs, _, err := r.PositionsAt(ctx, ids, asOf)
	if err != nil {
		return nil, err
	}
	byID := map[int64]Account{}
	currencies := []string{}
	for _, a := range accounts {
		byID[a.ID] = a
		currencies = append(currencies, a.PlanCurrency, a.BaseCurrency)
	}
	for _, h := range hs {
		currencies = append(currencies, h.Security.Currency)
	}
	rates, err := r.LoadRateTable(ctx, currencies, asOf, asOf)
	if err != nil {
		return nil, err
	}
	// Holdings come by account id; the answer follows the requested account order.
	ordered := make([]Holding, 0, len(hs))
	for _, id := range ids {
		for _, h := range hs {
			if h.AccountID == id {
				ordered = append(ordered, h)
			}
		}
	}
	vals := make([]Valuation, len(ordered))
	for i, h := range ordered {
		a := byID[h.AccountID]
		vals[i] = ValueHolding(h, a.PlanCurrency, a.BaseCurrency, rates, asOf)
	}
	weights, weighted := Weights(ordered, vals)
	for i, h := range ordered {
		item := positionRowOf(h, vals[i], priceType)
		item.RowID = i + 1
		if weighted[i] {
			item.Weight = decimalOf(float64(weights[i]), 0)
		} else {
			item.Weight = vals[i].Value.Unavailable
		}
		items = append(items, item)
	}
	return items, nil
}

// priceDecimals is the precision of unit prices: spec 2 §9 fixes money at 2 decimals, but a
// unit price (a fund at 1.2345) needs the units precision to multiply back to its value.
const priceDecimals = calc.UnitsDecimals

// percentMap is a look-through map as percentage points rounded to 2 decimals.
func percentMap(m map[string]float64) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = calc.RoundPercent(v)
	}
	return out
}
