package portfolio

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
)

// ErrConversionRateUnavailable answers an FX request for a pair with no rate on or before the
// date: a 404, since the rate is a resource that does not exist, carrying spec 2 §8's text.
var ErrConversionRateUnavailable = apierr.New(http.StatusNotFound, conversionUnavailable, conversionUnavailable)

// ParseCurrencyPair reads "GBPUSD", "GBP-USD", "GBP/USD" or "GBP USD" (any case) into its two
// three-letter codes.
func ParseCurrencyPair(s string) (base, quote string, err error) {
	var letters []rune
	for _, r := range strings.ToUpper(strings.TrimSpace(s)) {
		switch {
		case r >= 'A' && r <= 'Z':
			letters = append(letters, r)
		case r == '-' || r == '/' || r == '_' || unicode.IsSpace(r):
		default:
			return "", "", errInvalidPair
		}
	}
	if len(letters) != 6 {
		return "", "", errInvalidPair
	}
	return string(letters[:3]), string(letters[3:]), nil
}

var errInvalidPair = apierr.BadRequest("Invalid currency pair: expected two currency codes such as GBPUSD")

// GET /resourceful/security/:pair/FX (date or as_at_date)
func (m *Module) getFXRate(c *gin.Context, q resourceful.Querier, _ access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	pair := c.Param("pair")
	if quote := c.Param("quote"); quote != "" { // "GBP/USD" decoded into two segments
		pair += "/" + quote
	}
	base, quoteCcy, err := ParseCurrencyPair(pair)
	if err != nil {
		return err
	}
	asOf := m.today()
	for _, key := range []string{"date", "as_at_date"} {
		d, given, err := params.Date(key)
		if err != nil {
			return err
		}
		if given {
			asOf = d
		}
	}
	rate, date, err := FXRate(c.Request.Context(), q, base, quoteCcy, asOf)
	if errors.Is(err, calc.ErrConversionRateUnavailable) {
		return ErrConversionRateUnavailable
	}
	if err != nil {
		return err
	}
	answer(c, params, map[string]any{
		"pair":           base + quoteCcy,
		"base_currency":  base,
		"quote_currency": quoteCcy,
		"rate":           resourceful.BigDecimal(calc.Round(rate, calc.FXRateDecimals), calc.FXRateDecimals),
		"rate_date":      resourceful.Date(date),
	})
	return nil
}

// FXRate is how many units of quote one unit of base buys on asOf: the latest published rate
// on or before it (direct or inverse, GBX as GBP/100, as calc.RateTable decides), and the date
// it was published. A pair of one currency is 1 (or the GBX factor) on asOf itself.
func FXRate(ctx context.Context, q Querier, base, quote string, asOf time.Time) (float64, time.Time, error) {
	rates, err := ledger.NewReader(q, nil).LoadRates(ctx, []string{base, quote}, asOf, asOf)
	if err != nil {
		return 0, time.Time{}, err
	}
	table, err := calc.NewRateTable(rates)
	if err != nil {
		return 0, time.Time{}, err
	}
	rate, err := table.Rate(base, quote, asOf)
	if err != nil {
		return 0, time.Time{}, err
	}
	if _, fixedErr := fixedRates.Rate(base, quote, asOf); fixedErr == nil {
		return rate, calc.ToDate(asOf), nil
	}
	// The table holds only the latest rate of each direction, and it uses the later of the
	// two, so the latest date among them is the date of the rate it gave.
	var date time.Time
	for _, r := range rates {
		if _, sameBase := fixedRates.Rate(r.From, r.To, asOf); sameBase == nil {
			continue // GBP against GBX: calc ignores it for the fixed factor
		}
		if r.Date.After(date) {
			date = r.Date
		}
	}
	return rate, date, nil
}

// GET /resourceful/portfolio/benchmark
func (m *Module) listBenchmarks(c *gin.Context, q resourceful.Querier, _ access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	return answerRows(c, q, params, func(scan func(...any) error) (map[string]any, error) {
		var id int64
		var name, currency string
		err := scan(&id, &name, &currency)
		return map[string]any{"id": id, "name": name, "currency": currency}, err
	}, `SELECT id, name, currency FROM benchmark ORDER BY name, id`)
}
