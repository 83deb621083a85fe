package performance

import (
	"slices"
	"strings"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// money is an amount as a typed Currency value with the money decimals of spec 2 §9, rounded
// half away from zero by calc before it is written.
func money(code string, v float64) map[string]any {
	return resourceful.Currency(code, calc.RoundMoney(v), calc.MoneyDecimals)
}

// percent is a return (a fraction) as percentage points in a typed BigDecimal with the
// percentage decimals of spec 2 §9.
func percent(fraction float64) map[string]any {
	return resourceful.BigDecimal(calc.RoundPercent(fraction*100), calc.PercentDecimals)
}

// figureKeys are the keys of a figures object, in the order documented in doc.go.
var figureKeys = []string{
	"value_start", "value", "value_change", "movement", "contributions", "withdrawals",
	"net_contributions", "income",
	"twrr", "twrr_annualised", "twrr_start_date", "twrr_reason",
	"irr", "irr_annualised", "irr_reason",
}

// figuresJSON writes figures in the report currency. Returns that were not asked for are
// left out; a return that could not be worked out is null with a reason beside it; when the
// selection could not be valued every figure is null and "error" says why.
func figuresJSON(f figures, code string, withTWRR, withIRR bool) map[string]any {
	out := map[string]any{}
	if f.Err != nil {
		for _, k := range figureKeys {
			out[k] = nil
		}
		out["error"] = f.Err.Error()
		dropUnasked(out, withTWRR, withIRR)
		return out
	}
	m := f.Movement
	out["value_start"] = money(code, m.StartValue)
	out["value"] = money(code, m.EndValue)
	out["value_change"] = money(code, m.Change)
	out["movement"] = money(code, m.InvestmentGain)
	out["contributions"] = money(code, m.Contributions)
	out["withdrawals"] = money(code, m.Withdrawals)
	out["net_contributions"] = money(code, m.NetFlows)
	out["income"] = money(code, f.Income)
	if withTWRR {
		out["twrr"], out["twrr_annualised"], out["twrr_start_date"] = nil, nil, nil
		if f.TWRR != nil {
			out["twrr"] = percent(f.TWRR.Return)
			out["twrr_annualised"] = percent(f.TWRR.Annualised)
			out["twrr_start_date"] = resourceful.Date(f.TWRR.Start)
		} else {
			out["twrr_reason"] = reason(f.TWRRErr)
		}
	}
	if withIRR {
		out["irr"], out["irr_annualised"] = nil, nil
		if f.IRR != nil {
			out["irr"] = percent(f.IRR.Return)
			out["irr_annualised"] = percent(f.IRR.Annualised)
		} else {
			out["irr_reason"] = reason(f.IRRErr)
		}
	}
	dropUnasked(out, withTWRR, withIRR)
	return out
}

func dropUnasked(out map[string]any, withTWRR, withIRR bool) {
	for k := range out {
		if !withTWRR && strings.HasPrefix(k, "twrr") || !withIRR && strings.HasPrefix(k, "irr") {
			delete(out, k)
		}
	}
}

// selectFields keeps, of the keys in item that are not always kept, those named in fields
// (with a named figure's "_reason" and the "error" key): the platform's field selection. No
// fields keeps everything; unknown names are ignored.
func selectFields(item map[string]any, fields []string, alwaysKept ...string) map[string]any {
	if len(fields) == 0 {
		return item
	}
	for k := range item {
		if k == "error" || slices.Contains(alwaysKept, k) || slices.Contains(fields, k) ||
			strings.HasSuffix(k, "_reason") && slices.Contains(fields, strings.TrimSuffix(k, "_reason")) {
			continue
		}
		delete(item, k)
	}
	return item
}

// merge copies src's keys into dst and returns dst.
func merge(dst, src map[string]any) map[string]any {
	for k, v := range src {
		dst[k] = v
	}
	return dst
}
