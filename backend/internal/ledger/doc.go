// Package ledger owns the transaction model, positions built from transactions and valuation
// at a date, for the portfolio screens (package portfolio: positions as at a date) and the
// performance maths (package performance: values and flows day by day). Both are built on it,
// never on copies of their own, so a position and a profit analysis cannot disagree about what
// a transaction means. The maths primitives (TWRR, XIRR, FX conversion, rounding) stay in
// package calc.
//
// # Loading
//
// Reader loads in batched queries: one per table for a set of accounts (or securities, or
// currencies) and a range, never one per day, account or security. LoadInput is the four
// queries a valuation over a range needs (transactions up to the end, the securities they name
// with the store's cash securities, those securities' closes from the last one on or before
// the start, and the rates between the currencies involved; the rates are found through
// fx_rate's primary key, codes being stored upper-case: TestRatesQueryPlanUsesIndex);
// PositionsAt the four a list of positions needs (transactions, securities, their allocations,
// the closes around the date). TestLoadingIsBatched counts them.
//
// # Positions (Book)
//
// Transactions are replayed in trade-date order (ties in id order); a transaction counts from
// its trade date, so unsettled trades count (spec 2 §9). Amounts are read as magnitudes: the
// kind says which way money and units go, whatever sign an importer stored.
//   - buy and transfer_in add units and book cost; sell and transfer_out remove units and the
//     sold share of the cost (average cost). A purchase costs its net amount (else gross + fee
//   - tax); a sale brings in its net amount (else gross − fee − tax). Cost is kept in the
//     security's currency: a trade settled in another currency is restated only by a fixed
//     factor (GBP and GBX), else costed at units × price.
//   - The money side of a trade and every money movement (deposit, withdrawal, income, fee, a
//     transfer without a security) go to the account's cash in the transaction's currency:
//     the store's cash security of that currency (the lowest id), else a synthetic one
//     (security id 0, code CASH.<ccy>).
//   - A transaction naming a cash security (calc.IsCash on the code or the asset class, as
//     docs/import-format.md's CASH.GBP) is that cash itself: a deposit of 1,000 to CASH.USD
//     adds 1,000 to the USD cash position and is an external flow of 1,000 USD.
//   - A trade may name a part of its holding (Txn.Part, txn.sub_position): each part keeps its
//     own units and average cost, and a holding with more than one open part is listed as its
//     parts (Position.Split, spec 2 §3 split_index). Money, values and flows are the same
//     whatever the parts; a trade that names no part belongs to the main part ("").
//   - Cash is priced at 1 in its currency. A security is priced at its last close on or before
//     the day, else at its last trade price (price_per_unit, else consideration over units
//     when that needs no published rate), else it has no price and no value.
//
// # External flows
//
// deposit, withdrawal, transfer_in and transfer_out cross the account boundary (Effect).
// Money is a flow at its amount; units moved in specie are a flow worth what those units are
// worth in the valuation that day (the day's close, converted at the day's rate), so a
// transfer priced away from the close neither creates nor destroys performance on its day.
// income is income; buy, sell and fee move value inside the account. With Costs, fees and
// taxes can be treated as paid from outside the account (fees_and_taxes, spec 2 §5).
//
// # Valuation
//
// Value values each account on every calendar day of a range in one report currency, with the
// day's closes and rates (calc.RateTable: latest rate on or before the day, direct or inverse,
// no invented cross rates). When a needed rate is missing the account's series carries
// calc.ErrConversionRateUnavailable. Positions smaller than UnitsEpsilon are sold out and
// need neither a price nor a rate.
//
// Value is two halves: Materialise replays and prices each day in the currencies of the
// positions and flows themselves (Native: what the positions in each currency were worth,
// what crossed the boundary, income, fees and taxes), with no exchange rate; Convert turns
// those into one report currency with the day's rates and the fee basis (Costs). A day sums
// its currencies in code order, so the same native days always convert to the same bits.
//
// # Materialised days
//
// Days keeps each account's native days in the store (valuation_day, valuation_flow; migration
// 0016 on both dialects), worked out on first need, extended day by day as time passes, and
// read back by every later valuation: a series or profit analysis reads them and the rates
// instead of replaying and pricing history. They are kept per account and per currency, not
// per report currency, because a rate table converts each currency straight into the report
// currency (no cross rates): a total kept in the account's currency could not be restated in
// another report currency with the same answer. So no exchange rate is in the rows, a new or
// corrected rate makes nothing stale, one set of rows serves every report currency and fee
// basis, and the conversion (one query for the rates) is done on read.
//
// What the rows depend on is marked by triggers, in the writer's own transaction, whoever the
// writer is (the firm-data loader, the demo seed, a test fixture, an operator's SQL):
//   - a transaction inserted, edited or deleted makes its account stale from its trade date
//     (both accounts and both dates of an edit);
//   - a close inserted, edited or deleted makes stale, from that date (or the start of the
//     holding, if later), the accounts whose transactions named the security and that still
//     held it then (valuation_holding: the span from their first to their last transaction in
//     it, open while held);
//   - a change to a security's code, currency or asset class (which decide its price and
//     whether it is cash) makes its holders stale from the start of their holding.
//
// Triggers rather than one function every writer calls: the writers are many (bulk loads,
// fixtures, future write APIs, hand-made fixes), a forgotten call would serve wrong money
// silently, and a trigger commits or rolls back with the write it marks. On PostgreSQL they are
// statement-level over transition tables, so a bulk load marks each account once per
// statement, not once per row; on SQLite (one writer at a time) they only move rows a
// valuation has claimed, so a bulk load into a store nobody has valued pays a key lookup a row.
//
// Several instances share the store, so everything lives in it; nothing is kept in memory.
// A valuation worked out from a reading that a concurrent write overtakes must not be stored
// as fresh. valuation_state.generation (moved by every transaction write and by every close
// of a security the account held) and valuation_market.generation (moved by every close or
// change of the security) guard it: Days makes sure the state rows exist and reads their
// generations before it reads the transactions, reads the securities' generations before
// their closes, and stores only when, under lock, both are unchanged (the market rows locked
// shared first, then the state rows, the order the triggers take them in, so neither waits for
// the other in a cycle). A write that commits before a reading is seen by it; one that
// commits after moves a generation the store step then finds changed. A valuation that cannot
// be stored still answers; the next one works the days out again. Inside a request's open
// transaction (_transaction) valuations do not use the rows at all (they read through the
// transaction, which may hold uncommitted writes). TestDaysEqualFreshValuation checks stored
// and fresh valuations agree to the bit after every kind of write, TestDaysInvalidation each
// trigger, TestDaysNotStoredOverAConcurrentChange the guard.
//
// Within one batch (Days.With a Memo) an account's native days are read once while their
// generation holds (TestDaysMemo), and a rate table read for one valuation serves a later one
// whose currencies and range it covers (TestDaysMemoSharesRates): rates are written only by
// imports, never by a platform route, so no item of the batch can change them.
package ledger
