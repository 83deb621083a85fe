package resourceful

import (
	"math/big"
	"testing"
	"time"
)

// Typed values as XPLAN clients send them: a Date may carry a time and a zone (XPLAN's Date
// covers both) and is read as the date written; a BigDecimal may be in scientific notation and
// is read exactly. In a query an unencoded "+" (a zone offset, an exponent's sign) arrives as a
// space; a public client library sends its parameters unencoded, so that spelling is read too.
func TestTypedValuesAsClientsSendThem(t *testing.T) {
	day := time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)
	for _, val := range []string{
		"2026-01-31", "2026-01-31T00:00:00", "2026-01-31T10:00:00Z", "2026-01-31T00:00:00+11:00",
		"2026-01-31T23:30:00-05:00", "2026-01-31T00:00:00.000Z", "2026-01-31T09:15", "2026-01-31T00:00:00+1100",
		" 2026-01-31T00:00:00 11:00", // "+11:00" sent unencoded in a query
	} {
		p := Params{"d": map[string]any{"_type": "Date", "_val": val}}
		if got, ok, err := p.Date("d"); err != nil || !ok || !got.Equal(day) {
			t.Errorf("Date %q: %v %v %v", val, got, ok, err)
		}
	}
	for _, val := range []string{"2026-01-31T", "2026-01-31T25:00:00", "2026-02-30T00:00:00", "2026-01-31 junk", "2026-01-31T00:00:00+25:00", "31/01/2026T00:00:00"} {
		_, _, err := Params{"d": map[string]any{"_type": "Date", "_val": val}}.Date("d")
		badRequestNaming(t, err, "d")
	}
	// Through the wire, flattened in a query exactly as the client library writes it.
	p := parseQuery(t, "d._type=Date&d._val=2026-01-31T00:00:00+11:00&n._type=BigDecimal&n._val=1.5E+3")
	if got, _, err := p.Date("d"); err != nil || !got.Equal(day) {
		t.Errorf("flattened Date with a zone: %v %v", got, err)
	}
	if got, _, err := p.Decimal("n"); err != nil || got != 1500 {
		t.Errorf("flattened BigDecimal 1.5E+3: %v %v", got, err)
	}

	exact := func(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }
	for val, want := range map[any]*big.Rat{
		"1.5E+3":                    exact("1500"),
		"1.5E 3":                    exact("1500"),
		"1.5e-3":                    exact("0.0015"),
		"1.23456e2":                 exact("123.456"),
		"+12345678901234567890.05":  exact("12345678901234567890.05"),
		"89875517873681764":         exact("89875517873681764"),
		"-0.125":                    exact("-1/8"),
		".5":                        exact("1/2"),
		"7.":                        exact("7"),
		12.5:                        exact("12.5"),
		0.1:                         exact("1/10"), // a JSON number is read as the decimal it was written as
		"  100  ":                   exact("100"),
		"1000000000000000000000E-3": exact("1000000000000000000"),
	} {
		for _, v := range []any{val, map[string]any{"_type": "BigDecimal", "_val": val}} {
			got, ok, err := Params{"n": v}.BigDecimal("n")
			if err != nil || !ok || got.Cmp(want) != 0 {
				t.Errorf("BigDecimal %v: %v %v %v, want %v", v, got, ok, err, want.RatString())
			}
		}
	}
	for _, val := range []string{"1e", "e5", "0x1p3", "NaN", "Inf", "1/3", "1e999999999", "1,5", "1.2.3", "--1", "1e+-2"} {
		_, _, err := Params{"n": map[string]any{"_type": "BigDecimal", "_val": val}}.BigDecimal("n")
		badRequestNaming(t, err, "n")
		_, _, err = Params{"n": val}.Decimal("n")
		badRequestNaming(t, err, "n")
	}
	if _, ok, err := (Params{}).BigDecimal("n"); ok || err != nil {
		t.Errorf("absent BigDecimal: %v %v", ok, err)
	}
	_, _, err := Params{"n": Date(day)}.BigDecimal("n")
	badRequestNaming(t, err, "n")
	// A Currency's value is a BigDecimal too.
	c := Params{"c": map[string]any{"_type": "Currency", "_val": map[string]any{"code": "aud", "value": map[string]any{"_type": "BigDecimal", "_val": "1.5E+3"}}}}
	if code, v, ok, err := c.Currency("c"); err != nil || !ok || code != "AUD" || v != 1500 {
		t.Errorf("Currency: %q %v %v %v", code, v, ok, err)
	}
}
