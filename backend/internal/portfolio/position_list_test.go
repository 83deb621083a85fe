package portfolio_test

import (
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// figures picks a position's figures as text for comparison.
func figures(t *testing.T, p item, keys ...string) map[string]any {
	out := map[string]any{}
	for _, k := range keys {
		out[k] = typed(t, p[k])
	}
	return out
}

var figureKeys = []string{"position_id", "security_id", "description", "volume", "native_marketprice", "value", "native_value",
	"plan_currency_value", "cost", "native_cost", "plan_currency_cost", "unrealised_gain", "native_unrealised_gain",
	"plan_currency_unrealised_gain", "percent_gain_loss", "weight", "annual_income", "percent_yield", "is_cash",
	"priceDate", "lastTransactionDate"}

// Account 11: buy 100 @ 10, buy 50 @ 12, sell 30 @ 13 → 120 units costing 1,280 (average
// 10.6667), at today's close of 14.00 worth 1,680: a gain of 400, 31.25%. Income 0.30 a unit
// is 36 a year, a 2.14% yield. Cash: 5,000 − 1,000 − 600 + 390 + 30 − 10 = 3,810. Weights:
// 1,680 and 3,810 of 5,490 are 30.6% and 69.4%, rounded to 31 and 69.
func TestPositionsHandWorked(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/position?accountid=11", &list)
		if len(list) != 2 {
			t.Fatalf("positions: %v", list)
		}
		want := []map[string]any{
			{
				"position_id": "11-1", "security_id": 1.0, "description": "Acme Technology plc", "volume": "120.0000",
				"native_marketprice": "GBP 14.0000", "value": "GBP 1680.00", "native_value": "GBP 1680.00", "plan_currency_value": "GBP 1680.00",
				"cost": "GBP 1280.00", "native_cost": "GBP 1280.00", "plan_currency_cost": "GBP 1280.00",
				"unrealised_gain": "GBP 400.00", "native_unrealised_gain": "GBP 400.00", "plan_currency_unrealised_gain": "GBP 400.00",
				"percent_gain_loss": "31.25", "weight": "31", "annual_income": "GBP 36.00", "percent_yield": "2.14", "is_cash": false,
				"priceDate": "2026-11-20", "lastTransactionDate": "2026-10-20",
			},
			{
				"position_id": "11-3", "security_id": 3.0, "description": "Sterling cash", "volume": "3810.0000",
				"native_marketprice": "GBP 1.0000", "value": "GBP 3810.00", "native_value": "GBP 3810.00", "plan_currency_value": "GBP 3810.00",
				"cost": "GBP 3810.00", "native_cost": "GBP 3810.00", "plan_currency_cost": "GBP 3810.00",
				"unrealised_gain": "GBP 0.00", "native_unrealised_gain": "GBP 0.00", "plan_currency_unrealised_gain": "GBP 0.00",
				"percent_gain_loss": "0.00", "weight": "69", "annual_income": "GBP 0.00", "percent_yield": "0.00", "is_cash": true,
				"priceDate": nil, "lastTransactionDate": "2026-10-21",
			},
		}
		for i := range want {
			if got := figures(t, list[i], figureKeys...); !reflect.DeepEqual(got, want[i]) {
				t.Errorf("position %d:\n got %v\nwant %v", i, got, want[i])
			}
		}
		acme := list[0]
		if acme["row_id"] != 1.0 || list[1]["row_id"] != 2.0 || acme["accountid"] != 11.0 || acme["native_currency"] != "GBP" ||
			acme["plan_currency"] != "GBP" || acme["asset_class_code"] != "Equity" || acme["sector_name"] != "Technology" ||
			!reflect.DeepEqual(acme["regional_allocation"], item{"GB": 100.0}) || typed(t, acme["prev_close_price"]) != "GBP 14.0000" {
			t.Errorf("ACME details: %v", acme)
		}
		// On a Sunday the previous close is Friday's, the last one; on Friday it is Thursday's.
		list = nil
		f.getOK(t, "alice", "portfolio/position?accountid=11&as_at_date=2026-11-20&fields=last_price,prev_close_price", &list)
		if typed(t, list[0]["last_price"]) != "GBP 14.0000" || typed(t, list[0]["prev_close_price"]) != "GBP 13.5000" {
			t.Errorf("closes on Friday: %v", list[0])
		}
		if v, ok := acme["volume"].(map[string]any); !ok || v["_type"] != "BigDecimal" {
			t.Errorf("volume is not a typed BigDecimal: %v", acme["volume"])
		}
		if v, ok := acme["value"].(map[string]any); !ok || v["_type"] != "Currency" {
			t.Errorf("value is not a typed Currency: %v", acme["value"])
		}
	})
}

// Account 12 is planned in dollars and based in pounds (1.25 dollars a pound on 20 November):
// values convert at today's rate, but the historic dollar cost is not restated in pounds.
func TestPositionsInAnotherCurrency(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/position?accountid=12", &list)
		want := []map[string]any{
			{
				"position_id": "12-2", "security_id": 2.0, "value": "GBP 880.00", "native_value": "USD 1100.00", "plan_currency_value": "USD 1100.00",
				"cost": "Not available", "native_cost": "USD 1005.00", "plan_currency_cost": "USD 1005.00",
				"unrealised_gain": "Not available", "plan_currency_unrealised_gain": "USD 95.00", "percent_gain_loss": "9.45", "weight": "53",
			},
			{
				"position_id": "12-CASH.USD", "security_id": nil, "value": "GBP 796.00", "native_value": "USD 995.00", "plan_currency_value": "USD 995.00",
				"cost": "Not available", "native_cost": "USD 995.00", "plan_currency_cost": "USD 995.00",
				"unrealised_gain": "Not available", "plan_currency_unrealised_gain": "USD 0.00", "percent_gain_loss": "0.00", "weight": "47",
			},
		}
		keys := []string{"position_id", "security_id", "value", "native_value", "plan_currency_value", "cost", "native_cost",
			"plan_currency_cost", "unrealised_gain", "plan_currency_unrealised_gain", "percent_gain_loss", "weight"}
		if len(list) != len(want) {
			t.Fatalf("positions: %v", list)
		}
		for i := range want {
			if got := figures(t, list[i], keys...); !reflect.DeepEqual(got, want[i]) {
				t.Errorf("position %d:\n got %v\nwant %v", i, got, want[i])
			}
		}
		if list[1]["description"] != "Cash (USD)" || list[1]["is_cash"] != true || list[1]["plan_currency"] != "USD" || list[1]["base_currency"] != "GBP" {
			t.Errorf("synthetic dollar cash: %v", list[1])
		}
	})
}

// There is no yen rate: the yen fund's converted figures and its weight say so, and the
// account's other position takes the whole weight.
func TestPositionsMissingFXRate(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/position?accountid=13", &list)
		if len(list) != 2 {
			t.Fatalf("positions: %v", list)
		}
		got := figures(t, list[0], "description", "native_value", "value", "plan_currency_value", "plan_currency_marketprice", "weight", "native_cost", "cost", "unrealised_gain")
		want := map[string]any{
			"description": "Japan Fund", "native_value": "JPY 200000.00", "value": "Conversion rate unavailable",
			"plan_currency_value": "Conversion rate unavailable", "plan_currency_marketprice": "Conversion rate unavailable",
			"weight": "Conversion rate unavailable", "native_cost": "JPY 190000.00", "cost": "Not available", "unrealised_gain": "Not available",
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("yen fund:\n got %v\nwant %v", got, want)
		}
		if typed(t, list[1]["weight"]) != "100" || typed(t, list[1]["value"]) != "GBP 100.00" {
			t.Errorf("cash beside the yen fund: %v", list[1])
		}
	})
}

// Bob's account: pence shares bought with pounds, a cash-coded money market fund, a fund whose
// code merely contains "cash", and a trade after today that does not count yet.
func TestPositionsCashDetectionAndPence(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "bob", "portfolio/position?accountid=31", &list)
		keys := []string{"description", "is_cash", "volume", "native_value", "value", "native_cost", "cost", "unrealised_gain", "weight"}
		want := []map[string]any{
			{"description": "Cashflow Income Fund", "is_cash": false, "volume": "100.0000", "native_value": "GBP 200.00", "value": "GBP 200.00",
				"native_cost": "GBP 150.00", "cost": "GBP 150.00", "unrealised_gain": "GBP 50.00", "weight": "5"},
			{"description": "Vodafone Group", "is_cash": false, "volume": "1000.0000", "native_value": "GBX 75000.00", "value": "GBP 750.00",
				"native_cost": "GBX 70000.00", "cost": "GBP 700.00", "unrealised_gain": "GBP 50.00", "weight": "21"},
			{"description": "Money market fund", "is_cash": true, "volume": "500.0000", "native_value": "GBP 500.00", "value": "GBP 500.00",
				"native_cost": "GBP 500.00", "cost": "GBP 500.00", "unrealised_gain": "GBP 0.00", "weight": "14"},
			{"description": "Sterling cash", "is_cash": true, "volume": "2150.0000", "native_value": "GBP 2150.00", "value": "GBP 2150.00",
				"native_cost": "GBP 2150.00", "cost": "GBP 2150.00", "unrealised_gain": "GBP 0.00", "weight": "60"},
		}
		if len(list) != len(want) {
			t.Fatalf("positions: %v", list)
		}
		for i := range want {
			if got := figures(t, list[i], keys...); !reflect.DeepEqual(got, want[i]) {
				t.Errorf("position %d:\n got %v\nwant %v", i, got, want[i])
			}
		}
	})
}

func TestPositionsAsAtDate(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/position?accountid=11&as_at_date=2026-10-01", &list)
		if len(list) != 1 || typed(t, list[0]["value"]) != "GBP 5000.00" || typed(t, list[0]["weight"]) != "100" {
			t.Errorf("as at 1 October: %v", list)
		}
		list = nil
		f.getOK(t, "bob", "portfolio/position?accountid=31&as_at_date=2026-12-31&fields=description,volume", &list)
		if len(list) != 5 || list[0]["description"] != "Acme Technology plc" || typed(t, list[0]["volume"]) != "10.0000" {
			t.Errorf("as at 31 December (with December's purchase): %v", list)
		}
		if code, _ := f.get(t, "alice", "portfolio/position?accountid=11&as_at_date=31/12/2026"); code != 400 {
			t.Errorf("bad as_at_date: %d, want 400", code)
		}
	})
}

// The price type follows the caller's capabilities: close by default, delayed with
// view_marketdata, live with live_marketdata_access.
func TestPositionsPriceTypeByCapability(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, tc := range []struct{ user, want string }{{"alice", "close"}, {"bob", "live"}, {"ann", "delayed"}} {
			var list []item
			f.getOK(t, tc.user, "portfolio/position?accountid=21&fields=price_type", &list)
			if len(list) == 0 || list[0]["price_type"] != tc.want {
				t.Errorf("%s: %v, want %s", tc.user, list, tc.want)
			}
		}
	})
}

func TestPositionsFieldsAndLists(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/position?accountid.0=11&fields.0=security.price_updated&fields.1=security_id&fields.2=accountid", &list)
		want := []item{
			{"accountid": 11.0, "security_id": 1.0, "security": item{"price_updated": item{"_type": "Date", "_val": "2026-11-20"}}},
			{"accountid": 11.0, "security_id": 3.0, "security": item{"price_updated": nil}},
		}
		if !reflect.DeepEqual(list, want) {
			t.Errorf("fields:\n got %v\nwant %v", list, want)
		}
		// Several accounts come in the order asked for; with none the answer is empty.
		list = nil
		f.getOK(t, "alice", "portfolio/position?accountid=21&accountid=11&fields=accountid,row_id", &list)
		var accounts []float64
		for i, p := range list {
			accounts = append(accounts, p["accountid"].(float64))
			if p["row_id"] != float64(i+1) {
				t.Errorf("row_id %v at %d", p["row_id"], i)
			}
		}
		if !reflect.DeepEqual(accounts, []float64{21, 21, 11, 11}) {
			t.Errorf("accounts of the positions: %v", accounts)
		}
		list = nil
		f.getOK(t, "alice", "portfolio/position", &list)
		if len(list) != 0 {
			t.Errorf("no accounts: %v", list)
		}
		for _, tc := range []struct{ user, path string }{
			{"alice", "portfolio/position?accountid=71"},
			{"alice", "portfolio/position?accountid=11&accountid=91"},
			{"carol", "portfolio/position?accountid=11"},
			{"ben", "portfolio/position?accountid=11"},
			{"cat", "portfolio/position?accountid=11"},
		} {
			f.assertNotFound(t, tc.user, tc.path)
		}
	})
}

// Group positions cover the group's accounts; the joint account's gilt is 9,950 beside cash
// of 10,000 − 9,800 + 748.50 interest, so 91% and 9%.
func TestGroupPositions(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []item
		f.getOK(t, "alice", "portfolio/group/account/code/RETIRE/position?fields=accountid,description,value,weight", &list)
		var got []map[string]any
		for _, p := range list {
			got = append(got, figures(t, p, "accountid", "description", "value", "weight"))
		}
		want := []map[string]any{
			{"accountid": 11.0, "description": "Acme Technology plc", "value": "GBP 1680.00", "weight": "31"},
			{"accountid": 11.0, "description": "Sterling cash", "value": "GBP 3810.00", "weight": "69"},
			{"accountid": 21.0, "description": "UK Gilt 2030", "value": "GBP 9950.00", "weight": "91"},
			{"accountid": 21.0, "description": "Sterling cash", "value": "GBP 948.50", "weight": "9"},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("group positions:\n got %v\nwant %v", got, want)
		}
		list = nil
		f.getOK(t, "ann", "portfolio/group/account/code/RETIRE/position?fields=asset_class_allocation&accountid=21", &list)
		if len(list) != 4 || !reflect.DeepEqual(list[2]["asset_class_allocation"], item{"FixedInterest": 90.0, "Cash": 10.0}) {
			t.Errorf("gilt look-through: %v", list)
		}
	})
}
