package performance

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
)

// SubPeriodReturnDecimals are the decimals of a sub-period's return and cumulative return (in
// percentage points) in a breakdown: far more than the 2 of a shown return (spec 2 §9), so that
// chain-linking the listed daily returns again gives the period's TWRR to its 2 decimals over
// decades of days.
const SubPeriodReturnDecimals = 10

func (m *Module) answerBreakdown(c *gin.Context, r reader, p access.Principal, sel selection, d detailParams) error {
	ans, err := r.breakdown(c.Request.Context(), p, sel, d, m.now())
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, ans)
	return nil
}

// breakdown values the selection exactly as its profit analysis does (valueSelection) and
// answers the total's figures with the chain-link behind its TWRR.
func (r reader) breakdown(ctx context.Context, p access.Principal, sel selection, d detailParams, now time.Time) (map[string]any, error) {
	v, accts, err := r.valueSelection(ctx, p, sel, d, now)
	if err != nil {
		return nil, err
	}
	return breakdownAnswer(v, accts, d, sel.Group), nil
}

// periodBreakdown is a selection's period as "How was this calculated?" explains it: the
// profit analysis's own figures (measure) and the links of its TWRR's chain.
type periodBreakdown struct {
	Figures figures
	// Links are the daily sub-periods of the TWRR (calc.TWRRSubPeriods); empty when the
	// selection could not be valued or held nothing.
	Links []calc.SubPeriod
}

// breakdownOf measures a series as profit_analysis/detail does and lists the sub-periods of
// the same chain-link: the same values, flows and range through the same calc code.
func breakdownOf(v ledger.Valuation, s ledger.Series) periodBreakdown {
	b := periodBreakdown{Figures: measure(v, s, true, true), Links: []calc.SubPeriod{}}
	if b.Figures.Err != nil || b.Figures.TWRR == nil {
		return b
	}
	if _, links, err := calc.TWRRSubPeriods(v.Points(s), v.Flows(s), v.Range.Start, v.Range.End); err == nil {
		b.Links = links
	}
	return b
}

// growth is the closing value less the opening value and the flows, each as shown (rounded to
// the penny), so that value_start + contributions + withdrawals + growth = value holds to the
// penny on the screen. It includes income and, on the default basis, fees and taxes.
func growth(m calc.Movement) float64 {
	return calc.RoundMoney(calc.RoundMoney(m.EndValue) - calc.RoundMoney(m.StartValue) -
		calc.RoundMoney(m.Contributions) - calc.RoundMoney(m.Withdrawals))
}

// breakdownAnswer lays out a breakdown: the parameters as profit_analysis/detail echoes them,
// "total" with detail's figures plus "growth", and "subperiods", one per link of the chain.
func breakdownAnswer(v ledger.Valuation, accts []accountInfo, d detailParams, group *accountGroup) map[string]any {
	ids := idsOf(accts)
	b := breakdownOf(v, v.Combine(ids))
	total := figuresJSON(b.Figures, v.Currency, true, true)
	total["accounts_count"] = len(ids)
	total["growth"] = nil
	if b.Figures.Err == nil {
		total["growth"] = money(v.Currency, growth(b.Figures.Movement))
	}
	links := make([]map[string]any, len(b.Links))
	for i, l := range b.Links {
		links[i] = map[string]any{
			"start_date":        resourceful.Date(l.Start),
			"end_date":          resourceful.Date(l.End),
			"value_start":       resourceful.BigDecimal(calc.RoundMoney(l.StartValue), calc.MoneyDecimals),
			"flow":              resourceful.BigDecimal(calc.RoundMoney(l.Flow), calc.MoneyDecimals),
			"value":             resourceful.BigDecimal(calc.RoundMoney(l.EndValue), calc.MoneyDecimals),
			"return":            resourceful.BigDecimal(calc.Round(l.Return*100, SubPeriodReturnDecimals), SubPeriodReturnDecimals),
			"cumulative_return": resourceful.BigDecimal(calc.Round(l.Cumulative*100, SubPeriodReturnDecimals), SubPeriodReturnDecimals),
		}
	}
	ans := map[string]any{
		"start_date":        resourceful.Date(v.Range.Start),
		"end_date":          resourceful.Date(v.Range.End),
		"report_currency":   v.Currency,
		"from_pricing_type": d.FromPricing,
		"to_pricing_type":   d.ToPricing,
		"prices_used":       pricingClose,
		"fees_and_taxes":    int(d.Basis),
		"hold_back_period":  d.HoldBack,
		"total":             total,
		"subperiods":        links,
	}
	if group != nil {
		ans["group_code"], ans["group_name"] = group.Code, group.Name
	}
	if len(accts) == 0 {
		ans["message"] = NoAccountsMessage
	}
	return ans
}
