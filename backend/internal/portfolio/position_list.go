package portfolio

import (
	"context"
	"fmt"
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
	items, err := positionItems(ctx, ledger.NewReader(q, m.db.Rebind), q, ids, asOf, PriceType(caps))
	if err != nil {
		return err
	}
	answer(c, params, items)
	return nil
}

// positionItems works out and describes the positions of accounts, in the order of ids. With
// no accounts the answer is empty (spec 2 §5).
func positionItems(ctx context.Context, r ledger.Reader, q Querier, ids []int64, asOf time.Time, priceType string) ([]map[string]any, error) {
	items := []map[string]any{}
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
		item := positionItem(h, vals[i], priceType)
		item["row_id"] = i + 1
		if weighted[i] {
			item["weight"] = resourceful.BigDecimal(float64(weights[i]), 0)
		} else {
			item["weight"] = vals[i].Value.Unavailable
		}
		items = append(items, item)
	}
	return items, nil
}

// positionItem is the wire form of a position (spec 2 §3).
func positionItem(h Holding, v Valuation, priceType string) map[string]any {
	s := h.Security
	var securityID any
	positionID := fmt.Sprintf("%d-%d", h.AccountID, s.ID)
	if s.ID != 0 {
		securityID = s.ID
	} else {
		positionID = fmt.Sprintf("%d-%s", h.AccountID, s.Code)
	}
	priceDate := dateOrNil(h.PriceDate)
	price := v.NativePrice.wire(priceDecimals)
	prevClose := any(nil)
	if !h.PrevCloseDate.IsZero() {
		prevClose = Amount{Value: h.PrevClose, Currency: s.Currency}.wire(priceDecimals)
	}
	return map[string]any{
		"position_id":                   positionID,
		"accountid":                     h.AccountID,
		"security_id":                   securityID,
		"description":                   s.Description,
		"code":                          s.Code,
		"is_cash":                       s.IsCash(),
		"volume":                        resourceful.BigDecimal(calc.Round(h.Volume, calc.UnitsDecimals), calc.UnitsDecimals),
		"price_type":                    priceType,
		"native_marketprice":            price,
		"last_price":                    price,
		"prev_close_price":              prevClose,
		"plan_currency_marketprice":     v.PlanPrice.wire(priceDecimals),
		"native_currency":               v.NativeCurrency,
		"plan_currency":                 v.PlanCurrency,
		"base_currency":                 v.BaseCcy,
		"value":                         v.Value.wire(calc.MoneyDecimals),
		"native_value":                  v.NativeValue.wire(calc.MoneyDecimals),
		"plan_currency_value":           v.PlanValue.wire(calc.MoneyDecimals),
		"cost":                          v.Cost.wire(calc.MoneyDecimals),
		"native_cost":                   v.NativeCost.wire(calc.MoneyDecimals),
		"plan_currency_cost":            v.PlanCost.wire(calc.MoneyDecimals),
		"cost_base":                     v.NativeCost.wire(calc.MoneyDecimals),
		"unrealised_gain":               v.Gain.wire(calc.MoneyDecimals),
		"native_unrealised_gain":        v.NativeGain.wire(calc.MoneyDecimals),
		"plan_currency_unrealised_gain": v.PlanGain.wire(calc.MoneyDecimals),
		"percent_gain_loss":             v.PercentGainLoss.wire(),
		"annual_income":                 v.AnnualIncome.wire(calc.MoneyDecimals),
		"gross_annual_income":           v.AnnualIncome.wire(calc.MoneyDecimals),
		"percent_yield":                 v.PercentYield.wire(),
		"gross_percent_yield":           v.PercentYield.wire(),
		"asset_class_code":              s.AssetClassCode,
		"sector_name":                   s.SectorName,
		"regional_allocation":           percentMap(s.RegionalAllocation),
		"asset_class_allocation":        percentMap(s.AssetClassAllocation),
		"priceDate":                     priceDate,
		"lastTransactionDate":           dateOrNil(h.LastTransactionDate),
		"security": map[string]any{
			"security_id":   securityID,
			"code":          s.Code,
			"exchange":      s.Exchange,
			"isin":          s.ISIN,
			"description":   s.Description,
			"currency":      s.Currency,
			"price_updated": priceDate,
		},
	}
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

func dateOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return resourceful.Date(t)
}
