// Package demo seeds the demo firm, once, on first start: Harbour & Vale Wealth Management of
// Bristol, built as a firmdata.Firm and loaded through firmdata.Load like any imported firm.
// Its people, logins, households, accounts of every kind the portfolio screens show, invented
// funds, ETFs and shares with daily prices, FX rates, benchmarks and four to five years of
// transactions are deterministic, so tests and screenshots are stable; prices and histories
// run up to the day the demo is seeded, and a date's price is the same whenever that was.
// Turn it off with --demo=false or PORTAL_DEMO=false.
package demo
