package performance

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// BeforeInceptionMessage is the refusal of a start date before the selection's opening date
// (spec 2 §8), sent as both api_message and user_message with status 400.
const BeforeInceptionMessage = "The date range selected is earlier than the portfolio / account opening date."

// ConversionUnavailableMessage is the text of a missing exchange rate (spec 2 §8).
const ConversionUnavailableMessage = "Conversion rate unavailable"

var (
	errBeforeInception = apierr.New(http.StatusBadRequest, BeforeInceptionMessage, BeforeInceptionMessage)
	// errConversion answers a series that cannot be converted into the report currency.
	errConversion = apierr.New(http.StatusUnprocessableEntity, ConversionUnavailableMessage, ConversionUnavailableMessage)
)

// Pricing types (spec 2 §4): the platform only holds closing prices, so every type is valued
// at closes; the requested types are echoed so the caller can see what was asked and used.
const (
	pricingClose   = "close"
	pricingDelayed = "delayed"
	pricingLive    = "live"
)

// Groupings of profit_analysis/detail.
const (
	groupPortfolioAccount = "portfolio,account"
	groupAccount          = "account"
	groupPortfolio        = "portfolio"
	groupTotal            = "" // none, "all" or "none": the consolidated total only
)

// commonParams are the parameters both endpoints take.
type commonParams struct {
	Start, End     time.Time // zero when not sent
	HoldBack       bool
	FromPricing    string
	ToPricing      string
	Basis          FeeBasis
	ReportCurrency string // "" for the selection's default
	Fields         []string
	EntityID       int64 // the client in context (entityid); 0 when not sent
}

// detailParams are profit_analysis/detail's parameters.
type detailParams struct {
	commonParams
	Grouping    string
	IncludeTWRR bool
	IncludeIRR  bool
	AccountIDs  []int64
}

// seriesParams are historic_time_series_twrr's parameters.
type seriesParams struct {
	commonParams
	Frequency        calc.Frequency // 0: the profit-analysis default for the range
	BenchmarkName    string
	ExcludeUnlessFUM bool
	ShowHidden       bool
}

var currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)

func parseCommon(p resourceful.Params) (commonParams, error) {
	var c commonParams
	var err error
	if c.Start, _, err = p.Date("start_date"); err != nil {
		return c, err
	}
	if c.End, _, err = p.Date("end_date"); err != nil {
		return c, err
	}
	if c.HoldBack, err = holdBackParam(p); err != nil {
		return c, err
	}
	if c.FromPricing, err = pricingParam(p, "from_pricing_type"); err != nil {
		return c, err
	}
	if c.ToPricing, err = pricingParam(p, "to_pricing_type"); err != nil {
		return c, err
	}
	if c.Basis, err = basisParam(p); err != nil {
		return c, err
	}
	c.ReportCurrency = strings.ToUpper(strings.TrimSpace(p.String("report_currency")))
	if c.ReportCurrency != "" && !currencyCode.MatchString(c.ReportCurrency) {
		return c, apierr.BadRequest("report_currency must be a three-letter currency code")
	}
	c.Fields = resourceful.Fields(p)
	if c.EntityID, _, err = p.Int64("entityid"); err != nil {
		return c, err
	}
	return c, nil
}

func parseDetail(p resourceful.Params) (detailParams, error) {
	var d detailParams
	var err error
	if d.commonParams, err = parseCommon(p); err != nil {
		return d, err
	}
	g := strings.ToLower(strings.ReplaceAll(p.String("grouping"), " ", ""))
	if list := p.Strings("grouping"); len(list) > 1 { // grouping.0=portfolio&grouping.1=account
		g = strings.ToLower(strings.Join(list, ","))
	}
	switch g {
	case groupPortfolioAccount, groupAccount, groupPortfolio:
		d.Grouping = g
	case "", "all", "none":
		d.Grouping = groupTotal
	default:
		return d, apierr.BadRequest("grouping must be 'portfolio,account', 'account', 'portfolio' or 'all'")
	}
	if d.IncludeTWRR, err = p.Bool("include_twrr", true); err != nil {
		return d, err
	}
	if d.IncludeIRR, err = p.Bool("include_irr", true); err != nil {
		return d, err
	}
	d.AccountIDs, err = p.Int64s("accountid")
	return d, err
}

func parseSeries(p resourceful.Params) (seriesParams, error) {
	var s seriesParams
	var err error
	if s.commonParams, err = parseCommon(p); err != nil {
		return s, err
	}
	if v := strings.TrimSpace(p.String("frequency")); v != "" {
		n, err := strconv.Atoi(v)
		f := calc.Frequency(n)
		if err != nil || (f < calc.FrequencyDaily || f > calc.FrequencyYearly) && f != calc.FrequencyNone {
			return s, apierr.BadRequest("frequency must be 1 (Daily), 2 (Weekly), 3 (Monthly), 4 (Quarterly), 5 (Yearly) or 7 (None)")
		}
		s.Frequency = f
	}
	s.BenchmarkName = strings.TrimSpace(p.String("benchmark_name"))
	if s.ExcludeUnlessFUM, err = p.Bool("apply_exclude_unless_FUM", false); err != nil {
		return s, err
	}
	s.ShowHidden, err = p.Bool("show_hidden_positions", false)
	return s, err
}

// holdBackParam reads hold_back_period: a flag, or the site's hold-back period as a number of
// days. Any period above zero applies the rule of spec 2 §9 (the data ends yesterday).
func holdBackParam(p resourceful.Params) (bool, error) {
	v := strings.TrimSpace(p.String("hold_back_period"))
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return false, apierr.BadRequest("hold_back_period must not be negative")
		}
		return n > 0, nil
	}
	return p.Bool("hold_back_period", false)
}

func pricingParam(p resourceful.Params, key string) (string, error) {
	switch v := strings.ToLower(strings.TrimSpace(p.String(key))); v {
	case "":
		return pricingClose, nil
	case pricingClose, pricingDelayed, pricingLive:
		return v, nil
	}
	return "", apierr.BadRequest(key + " must be close, delayed or live")
}

// basisParam reads fees_and_taxes: a number, or a list whose first element is one (spec 2 §5);
// default AfterFeesAndTaxes.
func basisParam(p resourceful.Params) (FeeBasis, error) {
	v := ""
	if list := p.Strings("fees_and_taxes"); len(list) > 0 {
		v = strings.TrimSpace(list[0])
	}
	if v == "" {
		return AfterFeesAndTaxes, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < int(BeforeFeesAndTaxes) || n > int(AfterTaxesBeforeFees) {
		return 0, apierr.BadRequest("fees_and_taxes must be 0 (before fees and taxes), 1 (after fees and taxes), " +
			"2 (after fees, before taxes) or 3 (after taxes, before fees)")
	}
	return FeeBasis(n), nil
}

// resolveRange turns the request's dates into the range to measure (spec 2 §5, §8, §9):
//   - the last day with data is today, or yesterday with a hold-back period; an end date after
//     it (including today under a hold-back) is brought back to it, and a missing end is it;
//   - a missing start is one year before the end, moved up to the opening date when the
//     selection is younger than that;
//   - a start sent before the opening date (the earliest inception of the selection) is
//     refused with BeforeInceptionMessage; an end before the start with calc's message.
func resolveRange(c commonParams, today, opening time.Time) (calc.DateRange, error) {
	last := calc.DefaultEndDate(today, c.HoldBack)
	end := c.End
	if !end.IsZero() && end.After(last) {
		end = last
	}
	r, err := calc.ResolveRange(calc.RangeRequest{Option: calc.RangeCustom, Today: today, HoldBack: c.HoldBack,
		CustomStart: c.Start, CustomEnd: end})
	if errors.Is(err, calc.ErrEndBeforeStart) {
		return r, apierr.BadRequest(err.Error())
	}
	if err != nil {
		return r, fmt.Errorf("resolve range: %w", err)
	}
	if opening.IsZero() || !r.Start.Before(opening) {
		return r, nil
	}
	if !c.Start.IsZero() {
		return r, errBeforeInception
	}
	r.Start = opening
	if r.Start.After(r.End) {
		r.Start = r.End
	}
	return r, nil
}
