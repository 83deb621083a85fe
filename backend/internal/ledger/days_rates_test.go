package ledger

import (
	"context"
	"testing"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// With a Memo, the rates are read once per batch: a later valuation whose currencies and range
// the first one's rates cover converts with those (a rate altered by hand in between does not
// show), while one reaching further back, or without the memo, reads the store again. The
// rates the memo gives are the ones a fresh read of the narrower range would have given.
func TestDaysMemoSharesRates(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		daysFixture(t, db)
		ctx := context.Background()
		days := NewDays(db)
		march := calc.DateRange{Start: calc.Date(2024, 3, 1), End: calc.Date(2024, 3, 31)}
		late := calc.DateRange{Start: calc.Date(2024, 3, 11), End: calc.Date(2024, 3, 29)}
		if _, err := days.Value(ctx, allDaysAccounts, march, "GBP", Costs{}); err != nil { // stores the rows
			t.Fatal(err)
		}
		want := fresh(t, db, []int64{3}, late, "GBP", Costs{})
		shared := days.With(mapMemo{})
		if _, err := shared.Value(ctx, allDaysAccounts, march, "GBP", Costs{}); err != nil {
			t.Fatal(err)
		}
		// Account 3 holds USD: its GBP value moves with the rate.
		testdb.MustExec(t, db, `UPDATE fx_rate SET rate = rate * 2`)
		got, err := shared.Value(ctx, []int64{3}, late, "GBP", Costs{})
		if err != nil {
			t.Fatal(err)
		}
		sameValuation(t, "a covered range from the memo's rates", got, want)
		unshared, err := days.Value(ctx, []int64{3}, late, "GBP", Costs{})
		if err != nil {
			t.Fatal(err)
		}
		if unshared.Accounts[3].Values[0] == want.Accounts[3].Values[0] {
			t.Fatalf("without the memo 11 March reads %v, want the doubled rate's value", unshared.Accounts[3].Values[0])
		}
		earlier := calc.DateRange{Start: calc.Date(2024, 2, 26), End: calc.Date(2024, 3, 29)}
		before, err := shared.Value(ctx, []int64{3}, earlier, "GBP", Costs{})
		if err != nil {
			t.Fatal(err)
		}
		sameValuation(t, "a range the memo's rates do not cover, read again", before, fresh(t, db, []int64{3}, earlier, "GBP", Costs{}))
	})
}
