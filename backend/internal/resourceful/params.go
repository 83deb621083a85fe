package resourceful

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
)

// invalid is the 400 of a parameter that cannot be read; it names the parameter.
func invalid(key, why string) *apierr.Error {
	return apierr.BadRequest(fmt.Sprintf("Invalid %s: %s", key, why))
}

// present reports whether key carries a value (an empty string counts as absent, as a form
// field left blank does).
func (p Params) present(key string) bool {
	v, ok := p[key]
	if !ok || v == nil {
		return false
	}
	s, isString := v.(string)
	return !isString || strings.TrimSpace(s) != ""
}

// Int is key as an int, def when absent.
func (p Params) Int(key string, def int) (int, error) {
	v, ok, err := p.Int64(key)
	if err != nil || !ok {
		return def, err
	}
	if v > math.MaxInt32 || v < math.MinInt32 {
		return def, invalid(key, "out of range")
	}
	return int(v), nil
}

// Int64 is key as an int64; ok is false when absent.
func (p Params) Int64(key string) (int64, bool, error) {
	if !p.present(key) {
		return 0, false, nil
	}
	n, err := toInt64(p[key])
	if err != nil {
		return 0, false, invalid(key, err.Error())
	}
	return n, true, nil
}

// Int64s is a list of integers: an array, repeated keys, flattened key.N or comma-separated.
func (p Params) Int64s(key string) ([]int64, error) {
	var out []int64
	for _, s := range p.Strings(key) {
		for _, part := range strings.Split(s, ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			n, err := toInt64(part)
			if err != nil {
				return nil, invalid(key, err.Error())
			}
			out = append(out, n)
		}
	}
	return out, nil
}

func toInt64(v any) (int64, error) {
	switch x := v.(type) {
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return 0, fmt.Errorf("not an integer")
		}
		return int64(x), nil
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("not an integer")
		}
		return n, nil
	}
	return 0, fmt.Errorf("not an integer")
}

// Bool is key as a boolean (true/false, 1/0), def when absent.
func (p Params) Bool(key string, def bool) (bool, error) {
	if !p.present(key) {
		return def, nil
	}
	switch x := p[key].(type) {
	case bool:
		return x, nil
	case float64:
		if x == 0 || x == 1 {
			return x == 1, nil
		}
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "1", "true":
			return true, nil
		case "0", "false":
			return false, nil
		}
	}
	return def, invalid(key, "not a boolean (true, false, 1 or 0)")
}

// Date is key as a date ("YYYY-MM-DD" or a typed Date), in UTC; ok is false when absent.
func (p Params) Date(key string) (time.Time, bool, error) {
	if !p.present(key) {
		return time.Time{}, false, nil
	}
	t, err := decodeDate(p[key])
	if err != nil {
		return time.Time{}, false, invalid(key, err.Error())
	}
	return t, true, nil
}

// Decimal is key as a number (a JSON number, a numeric string or a typed BigDecimal); ok is
// false when absent.
func (p Params) Decimal(key string) (float64, bool, error) {
	if !p.present(key) {
		return 0, false, nil
	}
	f, err := decodeDecimal(p[key])
	if err != nil {
		return 0, false, invalid(key, err.Error())
	}
	return f, true, nil
}

// BigDecimal is key as an exact decimal (a JSON number, a numeric string or a typed
// BigDecimal, plain or in scientific notation such as "1.5E+3"): for money, where float64
// rounding would change the amount; ok is false when absent.
func (p Params) BigDecimal(key string) (*big.Rat, bool, error) {
	if !p.present(key) {
		return nil, false, nil
	}
	r, err := decodeBigDecimal(p[key])
	if err != nil {
		return nil, false, invalid(key, err.Error())
	}
	return r, true, nil
}

// Currency is key as a typed Currency value: its code and amount; ok is false when absent.
func (p Params) Currency(key string) (code string, amount float64, ok bool, err error) {
	if !p.present(key) {
		return "", 0, false, nil
	}
	code, amount, derr := decodeCurrency(p[key])
	if derr != nil {
		return "", 0, false, invalid(key, derr.Error())
	}
	return code, amount, true, nil
}
