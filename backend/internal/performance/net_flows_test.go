package performance

import (
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The Value tab's cash-flow columns (spec 2 §7 "Cashflow (Value tab, unless hidden)") are the
// series call's points[].net_flows: money paid in less money taken out since the previous point,
// at the frequency the chart asks for. Ada's long-term group (ADAGRP: her ISA, account 1, and the
// joint account, 3) from 2 January to 31 May 2024, monthly (frequency=3), worked out by hand
// from the fixture's transactions:
//   - 2 Jan (the start): 0. The ISA's 10,000 deposit that day is inside the start value.
//   - 31 Jan: the ISA's 5,000 deposit of 4 January: 5,000.00.
//   - 29 Feb: the joint account's 20,000 deposit of 1 February (after the start, so a flow):
//     20,000.00.
//   - 31 Mar: 0.00. The joint account's 200 dividend on 1 March moves value inside the account.
//   - 30 Apr: 0.00. The 50 management fee on 1 April too.
//   - 31 May: the joint account's 1,000 withdrawal of 1 May: -1,000.00.
func TestTimeSeriesNetFlowsPerPeriod(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "ada", "portfolio/group/account/code/ADAGRP/profit_analysis/historic_time_series_twrr",
			q("start_date", "2024-01-02", "end_date", "2024-05-31", "frequency", "3"))
		want := []string{"2024-01-02 0.00", "2024-01-31 5000.00", "2024-02-29 20000.00", "2024-03-31 0.00", "2024-04-30 0.00", "2024-05-31 -1000.00"}
		var got []string
		for _, p := range list(t, ans["points"]) {
			got = append(got, typedVal(t, obj(t, p)["date"])+" "+typedVal(t, obj(t, p)["net_flows"]))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("net flows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}
