package resourceful

import "strconv"

// BigDecimal is a typed decimal value rounded to places: {"_type":"BigDecimal","_val":"123.45"}.
func BigDecimal(v float64, places int) map[string]any {
	return map[string]any{"_type": "BigDecimal", "_val": strconv.FormatFloat(v, 'f', places, 64)}
}

// Currency is a typed money value:
// {"_type":"Currency","_val":{"code":"GBP","value":{"_type":"BigDecimal","_val":"100.00"}}}.
func Currency(code string, v float64, places int) map[string]any {
	return map[string]any{"_type": "Currency", "_val": map[string]any{"code": code, "value": BigDecimal(v, places)}}
}
