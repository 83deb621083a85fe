package resourceful

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Typed value names of the wire format ({"_type": name, "_val": ...}).
const (
	TypeDate       = "Date"
	TypeDateTime   = "DateTime"
	TypeBigDecimal = "BigDecimal"
	TypeCurrency   = "Currency"
)

var knownTypes = map[string]bool{TypeDate: true, TypeDateTime: true, TypeBigDecimal: true, TypeCurrency: true}

// DateLayout is how dates travel and are stored.
const DateLayout = "2006-01-02"

// BigDecimal is a typed decimal value rounded to places: {"_type":"BigDecimal","_val":"123.45"}.
func BigDecimal(v float64, places int) map[string]any {
	return map[string]any{"_type": TypeBigDecimal, "_val": strconv.FormatFloat(v, 'f', places, 64)}
}

// Currency is a typed money value:
// {"_type":"Currency","_val":{"code":"GBP","value":{"_type":"BigDecimal","_val":"100.00"}}}.
func Currency(code string, v float64, places int) map[string]any {
	return map[string]any{"_type": TypeCurrency, "_val": map[string]any{"code": code, "value": BigDecimal(v, places)}}
}

// typedParts splits a typed value into its name and _val; ok is false for plain values.
func typedParts(v any) (name string, val any, ok bool) {
	m, isMap := v.(map[string]any)
	if !isMap {
		return "", nil, false
	}
	t, has := m["_type"]
	if !has {
		return "", nil, false
	}
	name, _ = t.(string)
	return name, m["_val"], true
}

// dateTimeLayouts are the Date values with a time part that XPLAN clients send (its Date type
// covers dates with and without a time, with or without a zone); fractional seconds are
// accepted by every layout with seconds.
var dateTimeLayouts = []string{
	"2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05Z0700", "2006-01-02T15:04:05",
	"2006-01-02T15:04Z07:00", "2006-01-02T15:04",
}

// decodeDate reads "YYYY-MM-DD" or a typed Date. A Date with a time part (and maybe a zone) is
// accepted as the date written: "2026-01-31T00:00:00+11:00" is the 31st, the day the sender
// meant, not the 30th it is in UTC.
func decodeDate(v any) (time.Time, error) {
	if name, val, ok := typedParts(v); ok {
		if name != TypeDate {
			return time.Time{}, fmt.Errorf("a %s is not a date", name)
		}
		v = val
	}
	s, isString := v.(string)
	if !isString {
		return time.Time{}, fmt.Errorf("not a date")
	}
	s = strings.TrimSpace(s)
	if t, err := time.Parse(DateLayout, s); err == nil {
		return t, nil
	}
	if len(s) > len(DateLayout) && s[len(DateLayout)] == 'T' {
		// A "+" of a zone offset sent unencoded in a query arrives as a space.
		s = strings.Replace(s, " ", "+", 1)
		for _, layout := range dateTimeLayouts {
			if t, err := time.Parse(layout, s); err == nil {
				y, m, d := t.Date() // in the zone it was written in
				return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
			}
		}
	}
	return time.Time{}, fmt.Errorf("not a date in the form YYYY-MM-DD (a time part may follow: YYYY-MM-DDThh:mm:ss)")
}

// decimalPattern is the text of a BigDecimal: a sign, digits with a fraction, an exponent.
var decimalPattern = regexp.MustCompile(`^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$`)

// Bounds of a decimal's text, so that a value such as 1e999999999 cannot make the platform
// build an enormous number.
const (
	maxDecimalText     = 100
	maxDecimalExponent = 400
)

// decodeBigDecimal reads a JSON number, a numeric string or a typed BigDecimal exactly, in
// plain or scientific notation ("1.5E+3"). A JSON number is read as the shortest decimal that
// is that number, which is the one its sender wrote.
func decodeBigDecimal(v any) (*big.Rat, error) {
	if name, val, ok := typedParts(v); ok {
		if name != TypeBigDecimal {
			return nil, fmt.Errorf("a %s is not a decimal", name)
		}
		v = val
	}
	var text string
	switch x := v.(type) {
	case float64:
		text = strconv.FormatFloat(x, 'g', -1, 64)
	case json.Number:
		text = x.String()
	case string:
		// An exponent's "+" sent unencoded in a query arrives as a space: "1.5E 3".
		text = exponentSpace.ReplaceAllString(strings.TrimSpace(x), "${1}+${2}")
	default:
		return nil, fmt.Errorf("not a number")
	}
	if len(text) > maxDecimalText || !decimalPattern.MatchString(text) {
		return nil, fmt.Errorf("not a number")
	}
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		if exp, err := strconv.Atoi(strings.TrimPrefix(text[i+1:], "+")); err != nil || exp > maxDecimalExponent || exp < -maxDecimalExponent {
			return nil, fmt.Errorf("the exponent is out of range")
		}
	}
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		return nil, fmt.Errorf("not a number")
	}
	return r, nil
}

// exponentSpace finds an exponent whose sign became a space.
var exponentSpace = regexp.MustCompile(`([0-9.][eE]) ([0-9])`)

// decodeDecimal reads a decimal as decodeBigDecimal does, as the nearest float64.
func decodeDecimal(v any) (float64, error) {
	if f, ok := v.(float64); ok {
		return f, nil
	}
	r, err := decodeBigDecimal(v)
	if err != nil {
		return 0, err
	}
	f, _ := r.Float64()
	return f, nil
}

// decodeCurrency reads a typed Currency.
func decodeCurrency(v any) (string, float64, error) {
	name, val, ok := typedParts(v)
	if !ok || name != TypeCurrency {
		return "", 0, fmt.Errorf("not a Currency value")
	}
	m, isMap := val.(map[string]any)
	if !isMap {
		return "", 0, fmt.Errorf("not a Currency value")
	}
	code, _ := m["code"].(string)
	if len(code) != 3 {
		return "", 0, fmt.Errorf("the currency code must have three letters")
	}
	amount, err := decodeDecimal(m["value"])
	if err != nil {
		return "", 0, fmt.Errorf("the currency value is %v", err)
	}
	return strings.ToUpper(code), amount, nil
}
