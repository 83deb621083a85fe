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
// the start, and the rates between the currencies involved); PositionsAt the four a list of
// positions needs (transactions, securities, their allocations, the closes around the date).
// TestLoadingIsBatched counts them.
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
package ledger
