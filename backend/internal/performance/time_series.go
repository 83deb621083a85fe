package performance

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
)

// notManaged is the service_type of accounts that are not funds under management: left out
// of a series when apply_exclude_unless_FUM is set (spec 2 §3).
const notManaged = "Not managed"

// GET /resourceful/portfolio/account/:id/profit_analysis/historic_time_series_twrr
func (m *Module) accountTimeSeries(c *gin.Context) error {
	return m.timeSeries(c, func(ctx context.Context, r reader, p access.Principal, _ seriesParams) (selection, error) {
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil {
			return selection{}, apierr.ErrNotFound
		}
		return r.accountSelection(ctx, p, id)
	})
}

// GET /resourceful/portfolio/group/account/code/:code/profit_analysis/historic_time_series_twrr
func (m *Module) groupTimeSeries(c *gin.Context) error {
	return m.timeSeries(c, func(ctx context.Context, r reader, p access.Principal, sp seriesParams) (selection, error) {
		return r.groupSelection(ctx, p, c.Param("code"), sp.EntityID)
	})
}

// GET /resourceful/portfolio/portfolio/:id/profit_analysis/historic_time_series_twrr
func (m *Module) portfolioTimeSeries(c *gin.Context) error {
	return m.timeSeries(c, func(ctx context.Context, r reader, p access.Principal, _ seriesParams) (selection, error) {
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil {
			return selection{}, apierr.ErrNotFound
		}
		return r.portfolioSelection(ctx, p, id)
	})
}

type selector func(ctx context.Context, r reader, p access.Principal, sp seriesParams) (selection, error)

func (m *Module) timeSeries(c *gin.Context, selectAccounts selector) error {
	p, err := principal(c)
	if err != nil {
		return err
	}
	params, err := requestParams(c)
	if err != nil {
		return err
	}
	sp, err := parseSeries(params)
	if err != nil {
		return err
	}
	ctx, r := c.Request.Context(), m.reader(c)
	sel, err := selectAccounts(ctx, r, p, sp)
	if err != nil {
		return err
	}
	ans, err := r.timeSeries(ctx, p, sel, sp, m.now())
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, ans)
	return nil
}

// timeSeries values the selection day by day over the range and answers the sampled series.
func (r reader) timeSeries(ctx context.Context, p access.Principal, sel selection, sp seriesParams, now time.Time) (map[string]any, error) {
	accts, err := r.loadAccounts(ctx, sel.AccountIDs)
	if err != nil {
		return nil, err
	}
	today, err := r.today(ctx, p, now)
	if err != nil {
		return nil, err
	}
	// The opening date is the whole selection's, before any account is left out below.
	rng, err := resolveRange(sp.commonParams, today, opening(accts))
	if err != nil {
		return nil, err
	}
	firm, err := r.firmCurrency(ctx, p.FirmID)
	if err != nil {
		return nil, err
	}
	currency := reportCurrency(sp.ReportCurrency, sel, accts, firm)
	measured, err := r.seriesAccounts(ctx, accts, sel, sp)
	if err != nil {
		return nil, err
	}
	v, err := r.valuation(ctx, measured, rng, currency, sp.Basis)
	if err != nil {
		return nil, err
	}
	var bench *benchmark
	if sp.BenchmarkName != "" {
		b, err := r.loadBenchmark(ctx, sp.BenchmarkName, rng.Start, rng.End)
		if errors.Is(err, errUnknownBenchmark) {
			return nil, apierr.BadRequest("benchmark_name does not name a benchmark")
		}
		if err != nil {
			return nil, err
		}
		bench = &b
	}
	freq := seriesFrequency(sp.Frequency, rng)
	return seriesAnswer(v, v.Combine(measured), freq, bench, sp)
}

// seriesFrequency is the sampling of a series over rng: the profit-analysis rule of spec 2 §9
// when none is asked for. An asked-for frequency is kept up to two years (the longest span the
// spec charts monthly or finer); over a longer span one finer than the rule's is coarsened to
// it (five years asked daily are answered quarterly), so a long series stays a chart's worth of
// points. The answer's "frequency" says which was used.
func seriesFrequency(asked calc.Frequency, rng calc.DateRange) calc.Frequency {
	rule := calc.ProfitAnalysisFrequency(rng)
	switch {
	case asked == 0:
		return rule
	case calc.ChartFrequency(rng) == calc.FrequencyMonthly: // up to two years
		return asked
	}
	return max(asked, rule) // codes grow coarser: Daily 1 … Yearly 5, None 7
}

// seriesAccounts leaves out the accounts a series does not show: not-managed accounts under
// apply_exclude_unless_FUM, and accounts the viewer has hidden (account visibility links)
// unless show_hidden_positions is set.
func (r reader) seriesAccounts(ctx context.Context, accts []accountInfo, sel selection, sp seriesParams) ([]int64, error) {
	hidden := map[int64]bool{}
	viewer := sel.ViewerID
	if viewer == 0 && len(accts) > 0 {
		viewer = accts[0].OwnerEntityID
	}
	if !sp.ShowHidden && viewer != 0 {
		var err error
		if hidden, err = r.hiddenAccounts(ctx, viewer); err != nil {
			return nil, err
		}
	}
	var ids []int64
	for _, a := range accts {
		if hidden[a.ID] || sp.ExcludeUnlessFUM && strings.EqualFold(strings.TrimSpace(a.ServiceType), notManaged) {
			continue
		}
		ids = append(ids, a.ID)
	}
	return ids, nil
}

// seriesAnswer samples a valued series. Each point has the date, the closing value, the
// movement since the start (value change less net flows), the cumulative TWRR in percent (null
// before the selection first held anything) and the net external flows since the previous
// point. With a benchmark, its cumulative return on the same dates, based at the same date as
// the TWRR, follows in "benchmark".
func seriesAnswer(v ledger.Valuation, s ledger.Series, freq calc.Frequency, bench *benchmark, sp seriesParams) (map[string]any, error) {
	if s.Err != nil {
		if errors.Is(s.Err, calc.ErrConversionRateUnavailable) {
			return nil, errConversion
		}
		return nil, s.Err
	}
	ans := map[string]any{
		"start_date":               resourceful.Date(v.Range.Start),
		"end_date":                 resourceful.Date(v.Range.End),
		"report_currency":          v.Currency,
		"frequency":                int(freq),
		"frequency_name":           freq.String(),
		"from_pricing_type":        sp.FromPricing,
		"to_pricing_type":          sp.ToPricing,
		"prices_used":              pricingClose,
		"fees_and_taxes":           int(sp.Basis),
		"hold_back_period":         sp.HoldBack,
		"apply_exclude_unless_FUM": sp.ExcludeUnlessFUM,
		"show_hidden_positions":    sp.ShowHidden,
	}
	var benchAns map[string]any
	if bench != nil {
		ans["benchmark_name"] = bench.Name
		benchAns = map[string]any{"name": bench.Name, "currency": bench.Currency, "points": []map[string]any{}}
		ans["benchmark"] = benchAns
	}
	res, err := calc.TWRR(v.Points(s), v.Flows(s), v.Range.Start, v.Range.End)
	if errors.Is(err, calc.ErrNoData) {
		ans["points"] = []map[string]any{}
		ans["message"] = reasonNoData
		return ans, nil
	}
	n := len(v.Dates)
	twrr := make([]float64, n)
	base := n // no point has a return until base
	switch {
	case errors.Is(err, calc.ErrNotComputable):
		// The values are still answered; the return is null with the reason beside it.
		ans["twrr"], ans["twrr_start_date"], ans["twrr_reason"] = nil, nil, reason(err)
	case err != nil:
		return nil, err
	default:
		ans["twrr"] = percent(res.Return)
		ans["twrr_start_date"] = resourceful.Date(res.Start)
		for _, pt := range res.Series {
			twrr[calc.DaysBetween(v.Range.Start, pt.Date)] = pt.Value
		}
		base = calc.DaysBetween(v.Range.Start, res.Start)
	}
	cumFlows := make([]float64, n) // flows after the start day up to and including day i
	for i := 1; i < n; i++ {
		cumFlows[i] = cumFlows[i-1] + s.Flows[i]
	}
	var benchAt []float64
	if base < n {
		benchAt = benchmarkReturns(v, bench, res.Start)
	}

	days := make([]calc.Point, n)
	for i, d := range v.Dates {
		days[i] = calc.Point{Date: d, Value: float64(i)}
	}
	points := []map[string]any{}
	var benchPoints []map[string]any
	prev := 0
	for _, sampled := range calc.Sample(days, freq) {
		i := int(sampled.Value)
		pt := map[string]any{
			"date":      resourceful.Date(v.Dates[i]),
			"value":     money(v.Currency, s.Values[i]),
			"movement":  money(v.Currency, s.Values[i]-s.Values[0]-cumFlows[i]),
			"net_flows": money(v.Currency, cumFlows[i]-cumFlows[prev]),
			"twrr":      nil,
		}
		if i >= base {
			pt["twrr"] = percent(twrr[i])
		}
		points = append(points, selectFields(pt, sp.Fields, "date"))
		if benchAns != nil {
			bp := map[string]any{"date": resourceful.Date(v.Dates[i]), "value": nil}
			if i >= base && benchAt != nil && !math.IsNaN(benchAt[i]) {
				bp["value"] = percent(benchAt[i])
			}
			benchPoints = append(benchPoints, bp)
		}
		prev = i
	}
	ans["points"] = points
	if benchAns != nil {
		benchAns["points"] = benchPoints
	}
	return ans, nil
}

// benchmarkReturns is the benchmark's cumulative return on each day of the range, measured
// from its last value on or before base (NaN before base); nil when it has no value by then.
// Values are carried forward over days without one, as prices are.
func benchmarkReturns(v ledger.Valuation, bench *benchmark, base time.Time) []float64 {
	if bench == nil {
		return nil
	}
	level := make([]float64, len(v.Dates))
	j, last := 0, 0.0
	for i, d := range v.Dates {
		for j < len(bench.Values) && !bench.Values[j].Date.After(d) {
			last = bench.Values[j].Close
			j++
		}
		level[i] = last
	}
	// The base level may be before the range start: the loader reads from the last value on or
	// before the start.
	baseLevel := 0.0
	for _, bv := range bench.Values {
		if bv.Date.After(base) {
			break
		}
		baseLevel = bv.Close
	}
	if baseLevel == 0 {
		return nil
	}
	out := make([]float64, len(v.Dates))
	for i, d := range v.Dates {
		if d.Before(base) {
			out[i] = math.NaN()
			continue
		}
		out[i] = level[i]/baseLevel - 1
	}
	return out
}
