package assets

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/portfolio"
	"wealthportal/backend/internal/resourceful"
)

// PageSize is the investment asset fetch page (spec 3 §9: 50, continued while a page returns 50).
const PageSize = 50

// maxPageSize bounds page_size.
const maxPageSize = 200

// ConversionUnavailable is written in place of an amount that needs an exchange rate the store
// does not hold (spec 2 §8).
const ConversionUnavailable = "Conversion rate unavailable"

// converter puts amounts in the report currency at the latest rates on or before a date,
// reading each currency's rate once.
type converter struct {
	ctx    context.Context
	q      Querier
	report string
	asOf   time.Time
	rates  map[string]float64
}

func newConverter(ctx context.Context, q Querier, report string, asOf time.Time) *converter {
	return &converter{ctx: ctx, q: q, report: report, asOf: asOf, rates: map[string]float64{report: 1}}
}

// convert is amount in the report currency; ok is false when no rate exists.
func (c *converter) convert(amount float64, currency string) (float64, bool, error) {
	rate, seen := c.rates[currency]
	if !seen {
		r, _, err := portfolio.FXRate(c.ctx, c.q, currency, c.report, c.asOf)
		switch {
		case errors.Is(err, calc.ErrConversionRateUnavailable):
			r = 0
		case err != nil:
			return 0, false, err
		}
		c.rates[currency], rate = r, r
	}
	if rate == 0 {
		return 0, false, nil
	}
	return amount * rate, true, nil
}

func money(v float64) map[string]any {
	return resourceful.BigDecimal(calc.Round(v, calc.MoneyDecimals), calc.MoneyDecimals)
}

func optionalMoney(v sql.NullFloat64) any {
	if !v.Valid {
		return nil
	}
	return money(v.Float64)
}

func percent(v float64) map[string]any {
	return resourceful.BigDecimal(calc.Round(v, calc.PercentDecimals), calc.PercentDecimals)
}

func optionalPercent(v sql.NullFloat64) any {
	if !v.Valid {
		return nil
	}
	return percent(v.Float64)
}

// wire is a row as its list writes it in the client's region: the regional field set (spec 3
// §3.5) and commonFields, the amounts as BigDecimal of 2 places in currency, the report-currency
// amount in report_currency (or ConversionUnavailable), the client's share of it, and the owners
// with a share above 0 when withOwners (include_association).
func wire(r Row, cl Client, owners []Owner, conv *converter, withOwners bool) (map[string]any, error) {
	inReport, ok, err := conv.convert(r.Amount, r.Currency)
	if err != nil {
		return nil, err
	}
	var reportAmount any = ConversionUnavailable
	if ok {
		reportAmount = money(inReport)
	}
	shares := Owners(owners)
	owned := PercentOwned(shares, cl.ID)
	if len(owners) > 0 && len(shares) == 0 {
		owned = 0
	}
	date := resourceful.DateString(r.ValuationDate.String)
	all := map[string]any{
		"index": r.ID, "entity_id": r.EntityID, "currency": r.Currency, "report_currency": conv.report,
		"nbr_under_advice": r.NbrUnderAdvice, "percent_owned": percent(owned), "value_owned": money(ValueOwned(r.Amount, owned)),
		"type_description": r.TypeDescription,
		"type":             r.Type, "owner": r.Owner, "is_sipp_wrapper": r.IsSIPPWrapper,
		"policy_number": r.PolicyNumber, "asset_number": r.AssetNumber,
		"contribution_total": optionalMoney(r.ContributionTotal), "withdrawal_total": optionalMoney(r.WithdrawalTotal),
		"valuation_date": date,
	}
	switch r.List {
	case ListAsset:
		all["desc"], all["amount"], all["amount_in_report_currency"] = r.Description, money(r.Amount), reportAmount
		all["market_value"] = optionalMoney(r.MarketValue)
		all["status"], all["provider"], all["supplier"], all["supplier_string"] = r.Status, r.Provider, r.Provider, r.Provider
	case ListPension:
		all["desc"], all["fund_value"], all["fund_value_in_report_currency"] = r.Description, money(r.Amount), reportAmount
		all["fund_value_in_plan_currency"] = money(r.Amount)
		all["fund_or_policy_num"], all["product_provider"], all["policy_status"] = r.PolicyNumber, r.Provider, r.Status
		all["fund_valuation_date"] = date
		all["crystallised_fund"], all["uncrystallised_fund"] = optionalMoney(r.CrystallisedFund), optionalMoney(r.UncrystallisedFund)
	case ListAnnuity:
		all["description"], all["current_value"], all["current_value_in_report_currency"] = r.Description, money(r.Amount), reportAmount
		all["frequency"], all["income_value"], all["income_rate"] = r.Frequency, optionalMoney(r.IncomeValue), optionalPercent(r.IncomeRate)
		all["product_provider"], all["policy_status"], all["capital_content"] = r.Provider, r.Status, optionalMoney(r.CapitalContent)
	case ListLiability:
		all["package_name"], all["amount"], all["amount_in_report_currency"] = r.Description, money(r.Amount), reportAmount
		all["supplier"], all["rate"], all["status"] = r.Provider, optionalPercent(r.Rate), r.Status
	}
	out := make(map[string]any, len(commonFields)+16)
	for _, name := range append(FieldSet(r.List, cl.Region), commonFields...) {
		out[name] = all[name]
	}
	if withOwners {
		list := make([]map[string]any, len(shares))
		for i, o := range shares {
			list[i] = ownerWire(o)
		}
		out["owners"] = list
	}
	return out, nil
}

func ownerWire(o Owner) map[string]any {
	return map[string]any{"owner_id": o.EntityID, "owner_first_name": o.FirstName, "owner_last_name": o.LastName,
		"owner_name": o.Name, "percentage": percent(o.Percentage)}
}

// listRows serves GET entity/client/{id}/{list}: the client's records of the list the caller
// may see (list_filter: a view with spec 3 §5's filters), a page at a time: page (from 1) of
// page_size (default 50, at most 200) in index order; include_association adds the owners.
func (m *Module) listRows(list string) resourceful.Endpoint {
	return func(c *gin.Context, q resourceful.Querier, p access.Principal) error {
		cl, err := reachClient(c, q, p)
		if err != nil {
			return err
		}
		params, err := resourceful.ParamsOf(c)
		if err != nil {
			return err
		}
		view, err := listFilter(params)
		if err != nil {
			return err
		}
		page, err := params.Int("page", 1)
		if err != nil || page < 1 {
			return apierr.BadRequest("Invalid page: must be a whole number from 1")
		}
		size, err := params.Int("page_size", PageSize)
		if err != nil || size < 1 || size > maxPageSize {
			return apierr.BadRequest("Invalid page_size: must be a whole number from 1 to 200")
		}
		withOwners, err := params.Bool("include_association", false)
		if err != nil {
			return err
		}
		ctx := c.Request.Context()
		rows, err := LoadList(ctx, q, cl.ID, list)
		if err != nil {
			return err
		}
		rows = kept(rows, view, cl.Region)
		from := min((page-1)*size, len(rows))
		rows = rows[from:min(from+size, len(rows))]
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		owners, err := LoadOwners(ctx, q, ids)
		if err != nil {
			return err
		}
		conv := newConverter(ctx, q, cl.PreferredCurrency, calc.ToDate(m.now()))
		fields := resourceful.Fields(params)
		out := make([]map[string]any, len(rows))
		for i, r := range rows {
			w, err := wire(r, cl, owners[r.ID], conv, withOwners)
			if err != nil {
				return err
			}
			out[i] = resourceful.Select(w, fields)
		}
		resourceful.JSON(c, 200, out)
		return nil
	}
}

// listOwners serves GET entity/client/{id}/{list}/{index}/owner: the owners of one of the
// client's records with a share above 0 (spec 3 §5). A record the caller may not see answers
// like a missing one.
func (m *Module) listOwners(list string) resourceful.Endpoint {
	return func(c *gin.Context, q resourceful.Querier, p access.Principal) error {
		cl, err := reachClient(c, q, p)
		if err != nil {
			return err
		}
		index, err := pathID(c, "index")
		if err != nil {
			return err
		}
		ctx := c.Request.Context()
		r, err := LoadRow(ctx, q, cl.ID, list, index)
		if err != nil {
			return err
		}
		if !Visible(r.Record()) {
			return apierr.ErrNotFound
		}
		owners, err := LoadOwners(ctx, q, []int64{r.ID})
		if err != nil {
			return err
		}
		shares := Owners(owners[r.ID])
		out := make([]map[string]any, len(shares))
		for i, o := range shares {
			out[i] = ownerWire(o)
		}
		resourceful.JSON(c, 200, out)
		return nil
	}
}

// totalAmount serves GET entity/client-v4/{id}/total_amount: the sum of a list's amount field in
// the client's report currency over the records the caller may see, with list_filter's view
// (spec 2 §7 "Asset totals"), and how many records it sums.
func (m *Module) totalAmount(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	cl, err := reachClient(c, q, p)
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return err
	}
	list := params.String("list_name")
	if !slices.Contains(Lists, list) {
		return apierr.BadRequest("Invalid list_name: must be asset, fund_za, annuity or liability")
	}
	field := params.String("amount_field")
	if field == "" {
		field = AmountField(list)
	}
	if field != AmountField(list) {
		return apierr.BadRequest("Invalid amount_field: " + list + " sums " + AmountField(list))
	}
	view, err := listFilter(params)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	rows, err := LoadList(ctx, q, cl.ID, list)
	if err != nil {
		return err
	}
	rows = kept(rows, view, cl.Region)
	conv := newConverter(ctx, q, cl.PreferredCurrency, calc.ToDate(m.now()))
	var total any
	sum := 0.0
	for _, r := range rows {
		v, ok, err := conv.convert(r.Amount, r.Currency)
		if err != nil {
			return err
		}
		if !ok {
			total = ConversionUnavailable
			break
		}
		sum += v
	}
	if total == nil {
		total = money(sum)
	}
	resourceful.JSON(c, 200, map[string]any{"list_name": list, "amount_field": field, "list_filter": view,
		"total_amount": total, "currency": cl.PreferredCurrency, "count": len(rows)})
	return nil
}
