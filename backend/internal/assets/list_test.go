package assets_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func bd(s string) item   { return item{"_type": "BigDecimal", "_val": s} }
func date(s string) item { return item{"_type": "Date", "_val": s} }

// A GB investment row: the regional field set of spec 3 §3.5 with the common fields, money as
// BigDecimal with its currency, the joint share (60 % of 300,000.00 = 180,000.00) and the owners
// asked for with include_association.
func TestAssetRowOnTheWire(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var rows []item
		f.getOK(t, "alice", "entity/client/1001/asset?list_filter=managed&include_association=1", &rows)
		if got, want := descriptions(rows), []string{"Stocks & Shares ISA (held elsewhere)", "Buy-to-let flat", "US brokerage account"}; !reflect.DeepEqual(got, want) {
			t.Fatalf("managed investments %v, want %v", got, want)
		}
		want := item{
			"amount": bd("300000.00"), "desc": "Buy-to-let flat", "type": "Property", "amount_in_report_currency": bd("300000.00"),
			"valuation_date": date("2026-06-30"), "owner": "Joint", "market_value": bd("300000.00"),
			"policy_number": "", "status": "Existing", "provider": "", "withdrawal_total": nil, "contribution_total": nil,
			"is_sipp_wrapper": false,
			"index":           3.0, "entity_id": 1001.0, "currency": "GBP", "report_currency": "GBP", "nbr_under_advice": 1.0,
			"percent_owned": bd("60.00"), "value_owned": bd("180000.00"), "type_description": "Residential property",
			"owners": []any{
				item{"owner_id": 1001.0, "owner_first_name": "Alice", "owner_last_name": "Archer", "owner_name": "Archer, Alice", "percentage": bd("60.00")},
				item{"owner_id": 1002.0, "owner_first_name": "Bob", "owner_last_name": "Archer", "owner_name": "Archer, Bob", "percentage": bd("40.00")},
			},
		}
		if !reflect.DeepEqual(rows[1], want) {
			t.Errorf("joint investment:\n got %v\nwant %v", rows[1], want)
		}
		// 1,000.00 USD at GBP/USD 1.25 (20 November, the latest before today) is 800.00 GBP.
		if got := rows[2]["amount_in_report_currency"]; !reflect.DeepEqual(got, bd("800.00")) || rows[2]["currency"] != "USD" {
			t.Errorf("USD investment in GBP: %v %v, want 800.00", got, rows[2]["currency"])
		}
		// Without include_association there are no owners, but the share is still given.
		f.getOK(t, "alice", "entity/client/1001/asset?list_filter=managed", &rows)
		if _, has := rows[1]["owners"]; has || !reflect.DeepEqual(rows[1]["value_owned"], bd("180000.00")) {
			t.Errorf("without include_association: %v", rows[1])
		}
	})
}

// The other lists' rows carry their own field names (spec 3 §3.5), and a ZA client gets its
// region's set (asset_number and supplier, no policy_number).
func TestOtherListsAndRegions(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var rows []item
		f.getOK(t, "alice", "entity/client/1001/fund_za?list_filter=managed", &rows)
		if len(rows) != 1 || rows[0]["desc"] != "Workplace DC pension" || !reflect.DeepEqual(rows[0]["fund_value"], bd("120000.00")) ||
			rows[0]["fund_or_policy_num"] != "WP-2231" || rows[0]["product_provider"] != "Aegon" || rows[0]["policy_status"] != "Active" ||
			!reflect.DeepEqual(rows[0]["uncrystallised_fund"], bd("120000.00")) || !reflect.DeepEqual(rows[0]["fund_valuation_date"], date("2026-10-31")) {
			t.Errorf("pensions: %v", rows)
		}
		f.getOK(t, "alice", "entity/client/1001/annuity?list_filter=managed", &rows)
		if len(rows) != 1 || rows[0]["description"] != "Lifetime annuity" || !reflect.DeepEqual(rows[0]["current_value"], bd("80000.00")) ||
			!reflect.DeepEqual(rows[0]["income_value"], bd("4000.00")) || rows[0]["frequency"] != "Monthly" || rows[0]["policy_status"] != "Inforce" {
			t.Errorf("annuities: %v", rows)
		}
		f.getOK(t, "alice", "entity/client/1001/liability?list_filter=everything", &rows)
		if got, want := descriptions(rows), []string{"Mortgage", "Credit card"}; !reflect.DeepEqual(got, want) {
			t.Errorf("liabilities %v, want %v", got, want)
		}
		if !reflect.DeepEqual(rows[0]["rate"], bd("4.25")) || rows[0]["supplier"] != "Nationwide" || !reflect.DeepEqual(rows[0]["value_owned"], bd("75000.00")) {
			t.Errorf("mortgage: %v", rows[0])
		}
		f.getOK(t, "zola", "entity/client/1007/asset", &rows)
		if len(rows) != 1 || rows[0]["asset_number"] != "ZA-77" || rows[0]["supplier"] != "Allan Gray" {
			t.Errorf("ZA investment: %v", rows)
		}
		if _, has := rows[0]["policy_number"]; has {
			t.Errorf("ZA investment has policy_number: %v", rows[0])
		}
	})
}

// list_filter applies spec 3 §5's filters and the wealth toggle's view; without it every record
// the caller may see is listed (the Surrendered bond too, never the one not login_accessible).
func TestListFilters(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, tc := range []struct {
			path string
			want []string
		}{
			{"entity/client/1001/asset", []string{"Stocks & Shares ISA (held elsewhere)", "NS&I Premium Bonds", "Buy-to-let flat", "Onshore bond", "US brokerage account"}},
			{"entity/client/1001/asset?list_filter=everything", []string{"Stocks & Shares ISA (held elsewhere)", "NS&I Premium Bonds", "Buy-to-let flat", "US brokerage account"}},
			{"entity/client/1001/asset?list_filter=non_managed", []string{"NS&I Premium Bonds"}},
			{"entity/client/1001/fund_za", []string{"Workplace DC pension", "SIPP wrapper", "Old personal pension"}},
			{"entity/client/1001/fund_za?list_filter=everything", []string{"Workplace DC pension"}},
			{"entity/client/1001/annuity?list_filter=everything", []string{"Lifetime annuity"}},
			{"entity/client/1001/liability", []string{"Mortgage", "Car loan", "Credit card"}},
			{"entity/client/1001/liability?list_filter=managed", []string{"Mortgage"}},
			// Bob's own lists hold the joint flat and mortgage Alice keeps (his 40 % and 50 %),
			// not the credit card where his share is 0 %.
			{"entity/client/1002/asset", []string{"Buy-to-let flat", "Bob ISA"}},
			{"entity/client/1002/liability", []string{"Mortgage"}},
		} {
			user := "alice"
			if strings.Contains(tc.path, "/1002/") {
				user = "bob"
			}
			var rows []item
			f.getOK(t, user, tc.path, &rows)
			if got := descriptions(rows); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: %v, want %v", tc.path, got, tc.want)
			}
		}
		var rows []item
		f.getOK(t, "bob", "entity/client/1002/asset", &rows)
		if !reflect.DeepEqual(rows[0]["percent_owned"], bd("40.00")) || !reflect.DeepEqual(rows[0]["value_owned"], bd("120000.00")) {
			t.Errorf("Bob's share of the flat: %v %v, want 40.00 %% and 120000.00", rows[0]["percent_owned"], rows[0]["value_owned"])
		}
		code, body := f.get(t, "alice", "entity/client/1001/asset?list_filter=mine")
		if code != 400 || !strings.Contains(body, "Invalid list_filter") {
			t.Errorf("unknown list_filter: %d %s", code, body)
		}
	})
}

// The owner calls list the owners with a share above 0: the credit card's owner at 0 % is
// left out.
func TestOwners(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var owners []item
		f.getOK(t, "alice", "entity/client/1001/liability/32/owner", &owners)
		if len(owners) != 1 || owners[0]["owner_id"] != 1001.0 || !reflect.DeepEqual(owners[0]["percentage"], bd("100.00")) {
			t.Errorf("credit card owners: %v", owners)
		}
		f.getOK(t, "alice", "entity/client/1001/asset/3/owner", &owners)
		if len(owners) != 2 || owners[0]["owner_name"] != "Archer, Alice" || owners[1]["owner_name"] != "Archer, Bob" {
			t.Errorf("flat owners: %v", owners)
		}
		f.getOK(t, "alice", "entity/client/1001/annuity/20/owner", &owners)
		if len(owners) != 0 {
			t.Errorf("annuity without owner records: %v", owners)
		}
		// An index of another list, of another client, hidden from the login, or missing.
		for _, path := range []string{
			"entity/client/1001/asset/30/owner", "entity/client/1001/asset/40/owner",
			"entity/client/1001/asset/5/owner", "entity/client/1001/asset/999/owner", "entity/client/1001/asset/x/owner",
		} {
			f.assertNotFound(t, "alice", path)
		}
	})
}

// Paging: page_size 50 by default, pages from 1, in index order; the web app asks for the next
// page while a page comes back with 50 (spec 3 §9).
func TestPaging(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for i := range 120 {
			testdb.MustExec(t, db, `INSERT INTO client_asset (id, entity_id, list_name, description, status, amount, nbr_under_advice) VALUES (?, 1006, 'asset', ?, 'Existing', ?, 1)`,
				1000+i, fmt.Sprintf("Holding %03d", i), 100+i)
		}
		seen := map[string]bool{}
		// Frank's own ISA and the 120: pages of 50, 50, 21, then none.
		for page, want := range []int{50, 50, 21, 0} {
			var rows []item
			f.getOK(t, "frank", fmt.Sprintf("entity/client/1006/asset?page=%d", page+1), &rows)
			if len(rows) != want {
				t.Errorf("page %d: %d rows, want %d", page+1, len(rows), want)
			}
			for _, d := range descriptions(rows) {
				if seen[d] {
					t.Errorf("page %d repeats %s", page+1, d)
				}
				seen[d] = true
			}
		}
		if len(seen) != 121 {
			t.Errorf("pages held %d records, want 121", len(seen))
		}
		var rows []item
		f.getOK(t, "frank", "entity/client/1006/asset?page=2&page_size=100", &rows)
		if len(rows) != 21 || descriptions(rows)[0] != "Holding 099" {
			t.Errorf("page 2 of 100: %d rows from %v", len(rows), descriptions(rows)[:1])
		}
		for _, q := range []string{"page=0", "page=x", "page_size=0", "page_size=201"} {
			if code, _ := f.get(t, "frank", "entity/client/1006/asset?"+q); code != 400 {
				t.Errorf("%s: %d, want 400", q, code)
			}
		}
	})
}
