package resourceful

import (
	"fmt"
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

// decodeDate reads "YYYY-MM-DD" or a typed Date.
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
	t, err := time.Parse(DateLayout, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, fmt.Errorf("not a date in the form YYYY-MM-DD")
	}
	return t, nil
}

// decodeDecimal reads a JSON number, a numeric string or a typed BigDecimal.
func decodeDecimal(v any) (float64, error) {
	if name, val, ok := typedParts(v); ok {
		if name != TypeBigDecimal {
			return 0, fmt.Errorf("a %s is not a decimal", name)
		}
		v = val
	}
	switch x := v.(type) {
	case float64:
		return x, nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || strings.ContainsAny(x, "xXpPnN") { // no hex, Inf or NaN spellings
			return 0, fmt.Errorf("not a number")
		}
		return f, nil
	}
	return 0, fmt.Errorf("not a number")
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
