package portfolio

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// positionRow is the wire form of a position (spec 2 §3) as a struct: the same JSON as the map
// the answer used to be built from, byte for byte (fields in the order encoding/json sorts map
// keys), without a map per position and per typed value to build, sort and walk. Writing the
// positions as maps was 17 % of the dashboard's CPU (issue 13). A field that holds a typed value
// or the reason it is unavailable is an any.
type positionRow struct {
	AccountID                  int64            `json:"accountid"`
	AnnualIncome               any              `json:"annual_income"`
	AssetClassAllocation       map[string]any   `json:"asset_class_allocation"`
	AssetClassCode             string           `json:"asset_class_code"`
	BaseCurrency               string           `json:"base_currency"`
	Code                       string           `json:"code"`
	Cost                       any              `json:"cost"`
	CostBase                   any              `json:"cost_base"`
	Description                string           `json:"description"`
	GrossAnnualIncome          any              `json:"gross_annual_income"`
	GrossPercentYield          any              `json:"gross_percent_yield"`
	IsCash                     bool             `json:"is_cash"`
	LastTransactionDate        any              `json:"lastTransactionDate"`
	LastPrice                  any              `json:"last_price"`
	NativeCost                 any              `json:"native_cost"`
	NativeCurrency             string           `json:"native_currency"`
	NativeMarketPrice          any              `json:"native_marketprice"`
	NativeUnrealisedGain       any              `json:"native_unrealised_gain"`
	NativeValue                any              `json:"native_value"`
	PercentGainLoss            any              `json:"percent_gain_loss"`
	PercentYield               any              `json:"percent_yield"`
	PlanCurrency               string           `json:"plan_currency"`
	PlanCurrencyCost           any              `json:"plan_currency_cost"`
	PlanCurrencyMarketPrice    any              `json:"plan_currency_marketprice"`
	PlanCurrencyUnrealisedGain any              `json:"plan_currency_unrealised_gain"`
	PlanCurrencyValue          any              `json:"plan_currency_value"`
	PositionID                 string           `json:"position_id"`
	PrevClosePrice             any              `json:"prev_close_price"`
	PriceDate                  any              `json:"priceDate"`
	PriceType                  string           `json:"price_type"`
	RegionalAllocation         map[string]any   `json:"regional_allocation"`
	RowID                      int              `json:"row_id"`
	SectorName                 string           `json:"sector_name"`
	Security                   positionSecurity `json:"security"`
	SecurityID                 any              `json:"security_id"`
	SplitIndex                 *int             `json:"split_index"`
	UnrealisedGain             any              `json:"unrealised_gain"`
	Value                      any              `json:"value"`
	Volume                     typedDecimal     `json:"volume"`
	Weight                     any              `json:"weight"`
}

// positionSecurity is a position's "security" object.
type positionSecurity struct {
	Code         string `json:"code"`
	Currency     string `json:"currency"`
	Description  string `json:"description"`
	Exchange     string `json:"exchange"`
	ISIN         string `json:"isin"`
	PriceUpdated any    `json:"price_updated"`
	SecurityID   any    `json:"security_id"`
}

// typedDecimal is resourceful.BigDecimal's JSON as a struct.
type typedDecimal struct {
	Type string `json:"_type"`
	Val  string `json:"_val"`
}

func decimalOf(v float64, places int) typedDecimal {
	return typedDecimal{Type: resourceful.TypeBigDecimal, Val: strconv.FormatFloat(v, 'f', places, 64)}
}

// typedCurrency is resourceful.Currency's JSON as a struct.
type typedCurrency struct {
	Type string           `json:"_type"`
	Val  typedCurrencyVal `json:"_val"`
}

type typedCurrencyVal struct {
	Code  string       `json:"code"`
	Value typedDecimal `json:"value"`
}

// typedDate is resourceful.Date's JSON as a struct.
type typedDate struct {
	Type string `json:"_type"`
	Val  string `json:"_val"`
}

// amountOf is Amount.wire as a struct: the Currency rounded to places, or the reason text.
func amountOf(a Amount, places int) any {
	if !a.OK() {
		return a.Unavailable
	}
	return typedCurrency{Type: resourceful.TypeCurrency, Val: typedCurrencyVal{Code: a.Currency, Value: decimalOf(calc.Round(a.Value, places), places)}}
}

// percentOf is Percent.wire as a struct.
func percentOf(p Percent) any {
	if p.Unavailable != "" {
		return p.Unavailable
	}
	return decimalOf(calc.RoundPercent(p.Value), calc.PercentDecimals)
}

// dateOf is dateOrNil as a struct.
func dateOf(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return typedDate{Type: resourceful.TypeDate, Val: t.Format("2006-01-02")}
}

// positionRowOf is the wire form of a position (spec 2 §3), its row number and weight aside.
func positionRowOf(h Holding, v Valuation, priceType string) positionRow {
	s := h.Security
	var securityID any
	positionID := strconv.FormatInt(h.AccountID, 10) + "-" + strconv.FormatInt(s.ID, 10)
	if s.ID != 0 {
		securityID = s.ID
	} else {
		positionID = strconv.FormatInt(h.AccountID, 10) + "-" + s.Code
	}
	// A part of a split holding (spec 2 §3 split_index, 0 for the first part): its own id.
	var split *int
	if h.Split > 0 {
		index := h.Split - 1
		split = &index
		positionID += "-" + strconv.Itoa(index)
	}
	priceDate := dateOf(h.PriceDate)
	price := amountOf(v.NativePrice, priceDecimals)
	prevClose := any(nil)
	if !h.PrevCloseDate.IsZero() {
		prevClose = amountOf(Amount{Value: h.PrevClose, Currency: s.Currency}, priceDecimals)
	}
	return positionRow{
		PositionID:                 positionID,
		SplitIndex:                 split,
		AccountID:                  h.AccountID,
		SecurityID:                 securityID,
		Description:                s.Description,
		Code:                       s.Code,
		IsCash:                     s.IsCash(),
		Volume:                     decimalOf(calc.Round(h.Volume, calc.UnitsDecimals), calc.UnitsDecimals),
		PriceType:                  priceType,
		NativeMarketPrice:          price,
		LastPrice:                  price,
		PrevClosePrice:             prevClose,
		PlanCurrencyMarketPrice:    amountOf(v.PlanPrice, priceDecimals),
		NativeCurrency:             v.NativeCurrency,
		PlanCurrency:               v.PlanCurrency,
		BaseCurrency:               v.BaseCcy,
		Value:                      amountOf(v.Value, calc.MoneyDecimals),
		NativeValue:                amountOf(v.NativeValue, calc.MoneyDecimals),
		PlanCurrencyValue:          amountOf(v.PlanValue, calc.MoneyDecimals),
		Cost:                       amountOf(v.Cost, calc.MoneyDecimals),
		NativeCost:                 amountOf(v.NativeCost, calc.MoneyDecimals),
		PlanCurrencyCost:           amountOf(v.PlanCost, calc.MoneyDecimals),
		CostBase:                   amountOf(v.NativeCost, calc.MoneyDecimals),
		UnrealisedGain:             amountOf(v.Gain, calc.MoneyDecimals),
		NativeUnrealisedGain:       amountOf(v.NativeGain, calc.MoneyDecimals),
		PlanCurrencyUnrealisedGain: amountOf(v.PlanGain, calc.MoneyDecimals),
		PercentGainLoss:            percentOf(v.PercentGainLoss),
		AnnualIncome:               amountOf(v.AnnualIncome, calc.MoneyDecimals),
		GrossAnnualIncome:          amountOf(v.AnnualIncome, calc.MoneyDecimals),
		PercentYield:               percentOf(v.PercentYield),
		GrossPercentYield:          percentOf(v.PercentYield),
		AssetClassCode:             s.AssetClassCode,
		SectorName:                 s.SectorName,
		RegionalAllocation:         percentMap(s.RegionalAllocation),
		AssetClassAllocation:       percentMap(s.AssetClassAllocation),
		PriceDate:                  priceDate,
		LastTransactionDate:        dateOf(h.LastTransactionDate),
		Security: positionSecurity{
			SecurityID:   securityID,
			Code:         s.Code,
			Exchange:     s.Exchange,
			ISIN:         s.ISIN,
			Description:  s.Description,
			Currency:     s.Currency,
			PriceUpdated: priceDate,
		},
	}
}

// asMaps is rows as the generic maps resourceful.Select picks fields from (an answer that
// names its fields): the rows' own JSON read back, numbers kept as written.
func asMaps(rows []positionRow) ([]map[string]any, error) {
	raw, err := json.Marshal(rows)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	out := []map[string]any{}
	if err := d.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}
