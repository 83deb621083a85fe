// Package performance owns the platform's performance endpoints (spec 2 §2.1-2.4, §3, §7, §9;
// spec 3 §7.6): valuation over time, profit analysis and the TWRR time series with benchmarks.
// It values accounts from their transactions; the maths (TWRR, XIRR, movement, FX, rounding,
// frequencies, sort orders) is package calc's and is not repeated here.
//
// # Routes (relative to /resourceful, all behind the platform's authentication)
//
//	GET portfolio/profit_analysis/detail
//	GET portfolio/group/account/code/:code/profit_analysis/detail
//	GET portfolio/profit_analysis/breakdown
//	GET portfolio/group/account/code/:code/profit_analysis/breakdown
//	GET portfolio/account/:id/profit_analysis/historic_time_series_twrr
//	GET portfolio/group/account/code/:code/profit_analysis/historic_time_series_twrr
//	GET portfolio/portfolio/:id/profit_analysis/historic_time_series_twrr
//
// Each series route also answers as .../profit_analysis/time_series_twrr, the unbatched name
// spec 3 §7.6 uses; the answers are the same.
//
// # Authorisation
//
// Every account is checked with access.CanReachAccount (a list of them at once with
// CanReachAccounts, the same answers in fewer queries), a portfolio with CanReachPortfolio, a
// client's accounts come from AccountIDsOf and an entityid with CanReachEntity. A refusal is
// apierr.ErrNotFound, so a foreign id answers exactly like a missing one (404, "Resource Not
// Found"). Account groups are found by code for the client in context (entityid), else for
// the client logged in; an adviser who sends no entityid gets the one group with that code
// among their clients (400 when several clients have one). A group member the caller cannot
// reach is left out rather than revealed.
//
// # Valuation
//
// Package ledger values the selection: for a set of accounts and a range it replays each
// account's transactions (its Book: the same positions the portfolio screens show) and values
// every calendar day of the range. The days are materialised in the store per account
// (ledger.Days: native values and flows per currency, no exchange rate in them), worked out
// on first need and kept until a transaction, a close or a security they depend on changes;
// a series or profit analysis reads them and the day's rates and converts, instead of
// replaying history, and gives the same answer to the bit. Inside a request's open transaction
// the selection is valued from scratch through it (ledger.Reader.LoadInput: one table per
// query for the whole set and range). Its rules are in ledger's doc.go; those that shape the
// returns:
//
//   - Trade-date accounting: a transaction counts from its trade_date.
//   - External flows are deposit, withdrawal, transfer_in and transfer_out, including those
//     naming a cash security (CASH.GBP), which are held as that cash. Money is a flow at its
//     amount; units moved in specie are worth the day's close of the security, the price they
//     are valued at in the holdings, so a transfer priced away from the close makes no
//     performance of its own. Flows are converted at the rate of their day. Income and trades
//     are part of the return. A flow (or income) on the start date is inside the start value.
//   - A holding is valued at its security's last close on or before the day, in the security's
//     currency (GBX is pence, restated by calc); before its first close at its last trade
//     price. Only closes exist, so every pricing type is valued at closes:
//     from_pricing_type and to_pricing_type are validated (close, delayed, live), echoed, and
//     the answer says "prices_used": "close".
//   - Amounts are converted with calc.RateTable (the latest rate on or before the day, direct or
//     inverse, no invented cross rates). When a needed rate is missing the account cannot be
//     valued: in profit_analysis/detail its row, and every level containing it, has null
//     figures and "error": "Conversion rate unavailable"; a time series answers 422 with that
//     text as api_message and user_message (spec 2 §8).
//   - A joint or shared account is reported at its full value to every party that sees it.
//
// The return conventions (sub-periods, annualising, when a return is not computable) are in
// docs/performance.md.
//
// fees_and_taxes (spec 2 §5; a number or a list whose first element is one; default 1):
// 0 before fees and taxes, 1 after fees and taxes, 2 after fees but before taxes, 3 after taxes
// but before fees. A cost counted "before" is treated as money the investor paid from outside
// the account: an outflow on its day, so the return is measured as if it had not been
// charged. Fees are fee transactions (less any tax on them) and the fee column of trades;
// taxes are the tax columns. Income is reported net of tax, or gross when taxes are added
// back. The spec names options 0-5 without defining 4 and 5; rather than guess, they are
// refused with a 400 that lists the four supported values.
//
// # Dates
//
// "Today" is the caller's civil date in their entity's user_timezone (UTC when unknown), from
// the injected clock.
//   - The last day with data is today, or yesterday when a hold-back period applies
//     (hold_back_period: 1/0, true/false, or a number of days, any above zero applying the
//     rule of spec 2 §9). An end_date after it, including today under a hold-back, is brought
//     back to it; a missing end_date is it.
//   - A missing start_date is one year before the end (spec 2 §9), moved up to the opening date
//     when the selection is younger.
//   - The opening date is the earliest inception (account.active_date) of the selection: the
//     start of "Since inception" (spec 2 §4). A start_date sent before it is refused with 400
//     and "The date range selected is earlier than the portfolio / account opening date." as
//     both api_message and user_message (spec 2 §8). Accounts of the selection that open later
//     are simply empty until they are funded.
//   - An end before the start is 400 "You cannot select an End date earlier than the Start
//     date." (spec 2 §5).
//
// # Figures (profit_analysis/detail)
//
// Report currency: report_currency, else the group's or portfolio's, else the one all the
// selected accounts share, else the firm's base currency. Money is a typed Currency with 2
// decimals, percentages a typed BigDecimal in percentage points with 2 decimals (spec 2 §9),
// rounded half away from zero by calc.Round.
//
//	value_start, value          closing values at the start and end dates
//	value_change                value − value_start ("Value of change", includes flows)
//	movement                    value_change − net flows: what the investments earned
//	contributions, withdrawals  flows after the start date up to the end (withdrawals ≤ 0)
//	net_contributions           contributions + withdrawals
//	income                      income received after the start date
//	twrr, twrr_annualised       cumulative TWRR by daily chain-linking (calc.TWRR), and
//	                            annualised when the period is over a year (else the same)
//	twrr_start_date             where it is measured from: the start, or the first funded day
//	irr, irr_annualised         XIRR (calc) over the period, as the cumulative period
//	                            equivalent (1+XIRR)^(days/365) − 1 so it reads like twrr, and
//	                            the annual rate when the period is over a year
//	twrr_reason, irr_reason     beside a null return, why: "No data available for this
//	                            selection", a value below zero, or why the cash flows have
//	                            no rate (docs/performance.md lists every reason)
//
// include_twrr and include_irr (default 1) leave the returns out when 0. fields selects keys
// (identity keys, "error" and a selected figure's "_reason" stay).
//
// grouping: every answer has "total" (with accounts_count). "account" adds "accounts";
// "portfolio" adds "portfolios"; "portfolio,account" adds portfolios each with "accounts";
// absent, "all" or "none" is the total alone. Each level is measured on its own summed daily
// series, not by averaging returns. Rows follow spec 2 §9 from the viewer's point of view
// (the client logged in, or the client in context): performance sort order (calc), then
// reason for visibility, portfolio name, description and id; rows carry sortOrder, isLinked
// and reason_for_visibility. An accountid list selects accounts; without one, the accounts of
// the client logged in, or of entityid (which an adviser must send). With no accounts the
// answer carries "message": "You don't have any accounts to view.".
//
// # Breakdown (profit_analysis/breakdown)
//
// "How was this calculated?" (issue 15): the total of the same selection, parameters and
// valuation as profit_analysis/detail (valueSelection, measure), plus "growth" (value −
// value_start − contributions − withdrawals as shown, so the identity holds to the penny) and
// "subperiods", the links of the TWRR's daily chain from calc.TWRRSubPeriods, the code TWRR
// itself runs. The shape is in docs/api-contract.md.
//
// # Time series (historic_time_series_twrr)
//
// The selection's accounts are summed day by day and sampled with calc.Sample at frequency
// (1 Daily, 2 Weekly, 3 Monthly, 4 Quarterly, 5 Yearly, 7 None; default by the
// profit-analysis rule of spec 2 §9, calc.ProfitAnalysisFrequency). An asked-for frequency is
// kept over up to two years; over a longer span one finer than the rule's is coarsened to it
// (five years asked daily answer quarterly points; "frequency" says which was used), so a long
// series stays a chart's worth of points. The TWRR is chain-linked daily whatever the
// sampling. Each point:
//
//	date       typed Date
//	value      closing value (Currency)
//	movement   value − start value − net flows since the start (cumulative)
//	twrr       cumulative TWRR in percent; null before the selection first held anything,
//	           and on every point when the return cannot be computed (then "twrr" is null
//	           at the top too, with "twrr_reason" beside it)
//	net_flows  net external flows since the previous point (0 on the first)
//
// With benchmark_name the answer adds "benchmark": {name, currency, points} with the
// benchmark's cumulative return in percent on the same dates, measured from its last value on
// or before twrr_start_date (so both lines start together), values carried over days without
// one; null where the TWRR is null. The return is in the benchmark's own currency, as an index
// is quoted. An unknown name is 400.
//
// apply_exclude_unless_FUM=1 leaves out accounts whose service_type is "Not managed" (not funds
// under management, spec 2 §3). Accounts the viewer has switched off in
// account_user_visibility_link are left out unless show_hidden_positions=1 (the data model
// holds visibility per account, not per position). A selection that holds nothing answers
// "points": [] with "message": "No data available for this selection".
//
// # Cost
//
// BenchmarkProfitAnalysis and BenchmarkTimeSeries (bench_test.go) measure a client with 10
// accounts, 30 securities with 5 years of weekday closes, daily GBP/USD and about 1,000
// transactions, through the HTTP stack. Valued from scratch, most of the time is reading the
// ~39,000 closes; from the materialised days it is reading each day's rows and the rates.
// backend/internal/bench measures the same on the 10,000-client synthetic firm, and the
// dashboard of a 20-account client.
package performance
