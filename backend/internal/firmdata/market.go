package firmdata

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"time"
)

// marketEpoch is the Monday every generated series starts its walk from. Each series draws from
// a generator seeded by its own name, so the value of a date depends only on the name and the
// date: a firm generated today and one generated next year agree on every day they share.
var marketEpoch = time.Date(2015, 1, 5, 0, 0, 0, 0, time.UTC)

// tradingDaysPerYear scales annual drift and volatility to one business day.
const tradingDaysPerYear = 252

// businessIndex numbers the business days from marketEpoch (0); a Saturday or Sunday gets the
// number of the Friday before, which is what "the latest value on or before" needs.
func businessIndex(d time.Time) int {
	days := int(civil(d).Sub(marketEpoch).Hours() / 24)
	if days < 0 {
		return -1
	}
	return days/7*5 + min(days%7, 4)
}

// businessDate is the business day numbered i.
func businessDate(i int) time.Time {
	return marketEpoch.AddDate(0, 0, i/5*7+i%5)
}

// civil is d's calendar date at UTC midnight.
func civil(d time.Time) time.Time {
	y, m, day := d.Date()
	return time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
}

// lastBusinessDay is d, or the Friday before when d falls at a weekend.
func lastBusinessDay(d time.Time) time.Time { return businessDate(businessIndex(d)) }

// firstBusinessDayFrom is d, or the Monday after when d falls at a weekend.
func firstBusinessDayFrom(d time.Time) time.Time {
	d = civil(d)
	for isWeekend(d) {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

// Walk describes how a generated series moves: a geometric random walk with annual drift and
// volatility, or, when Revert is set, a walk pulled back towards its starting level (FX rates
// wander but do not trend for ever).
type Walk struct {
	Level  float64 // value at the market epoch (5 January 2015)
	Drift  float64 // annual, log terms
	Vol    float64 // annual volatility
	Revert float64 // annual pull towards Level; 0 for none
	Places int     // decimals kept
}

func nameSeed(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// generate gives the values of the series named name on every business day from marketEpoch
// to the last business day on or before to.
func (w Walk) generate(name string, to time.Time) []float64 {
	n := businessIndex(to) + 1
	if n <= 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(nameSeed(name), 0x6d61726b6574)) // "market"
	out := make([]float64, n)
	dt := 1.0 / tradingDaysPerYear
	x := 0.0 // log(value / level)
	scale := math.Pow(10, float64(w.Places))
	floor := 1 / scale
	for i := range out {
		if i > 0 {
			shock := w.Vol * math.Sqrt(dt) * rng.NormFloat64()
			if w.Revert > 0 {
				x += -w.Revert*x*dt + shock
			} else {
				x += (w.Drift-w.Vol*w.Vol/2)*dt + shock
			}
		}
		out[i] = math.Max(floor, math.Round(w.Level*math.Exp(x)*scale)/scale)
	}
	return out
}

// history is a generated series held from marketEpoch on.
type history []float64

// on is the value on d, or on the latest business day before it; the first value before the
// series starts, and the last after it ends.
func (h history) on(d time.Time) float64 {
	i := businessIndex(d)
	if i < 0 {
		i = 0
	}
	if i >= len(h) {
		i = len(h) - 1
	}
	return h[i]
}

// series writes the part of h from from to to (inclusive) in the compact form.
func (h history) series(from, to time.Time) Series {
	first := businessIndex(firstBusinessDayFrom(from))
	last := min(businessIndex(to), len(h)-1)
	if first < 0 {
		first = 0
	}
	if first > last {
		return Series{}
	}
	return Series{Start: businessDate(first).Format(dateLayout), Closes: append([]float64(nil), h[first:last+1]...)}
}

// fxLevels are the generated GBP rates at marketEpoch: units of each currency per pound.
var fxLevels = []struct {
	currency string
	level    float64
}{{"USD", 1.56}, {"EUR", 1.28}, {"AUD", 1.90}, {"CAD", 1.80}, {"NZD", 2.00}}

// FXRates generates daily rates between GBP and the currencies given (any of USD, EUR, AUD,
// CAD and NZD; others are left out) for the business days from from to to. With crosses, each
// pair of those currencies gets its own series too, because calc.RateTable does not chain rates
// through a third currency; cross rates are derived from the GBP ones, so every triangle agrees.
func FXRates(currencies []string, crosses bool, from, to time.Time) []FXSeries {
	gbp := map[string]history{}
	var order []string
	for _, l := range fxLevels {
		for _, c := range currencies {
			if c == l.currency {
				gbp[c] = Walk{Level: l.level, Vol: 0.08, Revert: 0.35, Places: 4}.generate("fx GBP/"+c, to)
				order = append(order, c)
			}
		}
	}
	var out []FXSeries
	for _, c := range order {
		out = append(out, FXSeries{Base: "GBP", Quote: c, Series: gbp[c].series(from, to)})
	}
	if !crosses {
		return out
	}
	for i, a := range order {
		for _, b := range order[i+1:] {
			cross := make(history, len(gbp[a]))
			for k := range cross {
				cross[k] = math.Round(gbp[b][k]/gbp[a][k]*1e6) / 1e6
			}
			out = append(out, FXSeries{Base: a, Quote: b, Series: cross.series(from, to)})
		}
	}
	return out
}

// benchmarkSpecs are the benchmarks of generated firms: invented composites, shared by the demo
// and synthetic firms (same names, so the same values).
var benchmarkSpecs = []struct {
	name string
	w    Walk
}{
	{"UK Equity Index", Walk{Level: 3500, Drift: 0.05, Vol: 0.15, Places: 2}},
	{"Global Equity Index (GBP)", Walk{Level: 2400, Drift: 0.08, Vol: 0.14, Places: 2}},
	{"Balanced 60/40 Composite", Walk{Level: 1000, Drift: 0.05, Vol: 0.09, Places: 2}},
}

// Benchmarks are the benchmarks of generated firms with their values from from to to.
func Benchmarks(from, to time.Time) []Benchmark {
	var out []Benchmark
	for _, b := range benchmarkSpecs {
		out = append(out, Benchmark{Name: b.name, Currency: "GBP", Series: history(b.w.generate("benchmark "+b.name, to)).series(from, to)})
	}
	return out
}

// ISIN builds a valid ISIN from a country prefix and a name: the nine middle characters are
// drawn from the name, the twelfth is the check digit.
func ISIN(country, name string) string {
	const alphabet = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	h := nameSeed("isin " + name)
	body := []byte(country + "00")
	for len(body) < 11 {
		body = append(body, alphabet[h%uint64(len(alphabet))])
		h /= uint64(len(alphabet))
	}
	return string(body) + string(isinCheckDigit(string(body)))
}
