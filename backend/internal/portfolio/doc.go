// Package portfolio is the platform's portfolio structure and holdings API under /resourceful:
// portfolios, accounts, account groups and per-client visibility (spec 2 §3, spec 3 §3.5,
// §7.4), positions worked out from transactions (spec 2 §3, §9), paged transactions (spec 3
// §7.5), FX rates, benchmarks and target sets. Performance (profit analysis, TWRR series,
// benchmark series) lives in package performance. Both are built on package ledger, which
// owns the transaction model, positions built from transactions and valuation at a date
// (ledger.Reader.PositionsAt here); this package adds the positions' presentation
// (ValueHolding, Weights). The plain functions (LoadAccounts, LoadPortfolios, FXRate,
// TransactionsPage, VisibilityLinks) do no access checks; handlers check first.
//
// # Access
//
// Every id is checked with package access (CanReachAccount, a list of accounts at once with
// CanReachAccounts, CanReachPortfolio, CanReachEntity); a foreign id answers exactly like a missing one (404 "Resource Not Found").
// A list naming several ids answers that 404 if any one of them cannot be reached.
// Related clients (spec 2 §6): a client's list includes the portfolios of the members of its
// client groups only when the member is login_accessible and the client holds view_partner;
// for a client caller this is access.CanReachEntity's rule, and an adviser with the client in
// context gets the same list (the client's capability, the member's flag).
//
// # Point of view
//
// reason_for_visibility, sortOrder, isLinked and an account's group_code are relative to a
// client: the {id} of entity/client/{id}/..., else the entityid parameter (which the caller
// must reach), else the calling client. An adviser who names none sees each portfolio through
// its owner's eyes (portfolio.entity_id). The reason is that client's portfolio_party row; a
// partner's portfolio, where the client is no party, shows the owner's reason. Ownership for
// the performance sort order of spec 2 §9 (calc.PerformanceSortOrder): own when the client owns
// the portfolio or is a joint/shared party of it, partner's when the owner is the client's
// partner_entity_id or a member of one of its client groups, anyone else's otherwise. So the
// secondary owner of a partner's joint portfolio sees "partner joint" (2). isLinked is true for
// an explicit link or a sort order above 3. Lists follow the accounts ordering of spec 2 §9
// (reason), then the sort order, then name and id.
//
// Account groups belong to a client and their codes are unique per client only: a code is
// resolved among the groups of clients the caller can reach (the entityid parameter's only, when
// given; else the caller's own first, then by group id). A group's members are filtered to the
// accounts the caller can reach; "accounts" are those the group's client is a party of,
// "relatedAccounts" the others (a partner's). entity/client-v4/{id}/account_user_visibility_link
// reports, for each of the client's accounts, its link row or visible when it has none;
// account_group_only=1 keeps the accounts in one of the client's groups. The links are reported,
// not applied: which accounts a screen hides is the BFF's decision, as is excluding service_type
// 'Not managed' (spec 2 §3), since both depend on the site configuration. Likewise every account
// answer carries lastTransactionDate (the latest trade date of any of its transactions, a typed
// Date, null without any), so that a screen can hide accounts without transactions unless its
// site allows them (spec 2 §5) from the list it has, without a call per account.
//
// # Positions
//
// Positions are derived by package ledger from transactions with a trade date on or before
// as_at_date (default: today from the injected clock): unsettled trades count (spec 2 §9). The
// store records only executed trades (txn has no order status), so unfilled orders never reach
// a position. Rules (ledger's, summarised):
//   - buy and transfer_in add units and book cost; sell and transfer_out remove units and the
//     sold share of the cost (average cost). Buy 100 @ 10, buy 50 @ 12, sell 30 leaves 120 units
//     at 10.6667, a cost of 1,280.
//   - A purchase costs its net amount (else gross + fee + tax); a sale brings in its net amount
//     (else gross − fee − tax). Amounts are read as magnitudes, the kind giving the direction.
//     Cost is kept in the security's currency: a trade settled in another currency is restated
//     only by a fixed factor (GBP and GBX), else costed at units × price.
//   - The money side of a trade and every money movement (deposit, withdrawal, income, fee) go
//     to the account's cash in the transaction's currency: the store's cash security of that
//     currency (the lowest id), else a synthetic one (security_id null, code CASH.<ccy>,
//     position_id "<account>-CASH.<ccy>"). A transaction on a cash security is the cash itself
//     (a deposit naming CASH.USD adds to the USD cash).
//   - Cash is detected as spec 2 §9 says (calc.IsCash on the code or the asset class): a value
//     equal to cash, starting with "cash." or ending ".cash", ignoring case. Cash is priced at 1
//     and costs its balance.
//   - Prices: the latest close on or before the as-at date, else the last trade price, else
//     none ("Not available" for every figure but the units; no weight). The demo store holds
//     closes only, so whatever the price type, every figure uses the stored close. The price
//     type the caller's capabilities give (spec 2 §4, §6) is reported in price_type: live with
//     live_marketdata_access, delayed with view_marketdata, else close. last_price is the
//     valuation close; prev_close_price is the latest close strictly before the as-at date.
//   - Currencies: native_* are in the security's currency (GBX stays GBX), plan_currency_* in
//     the account's plan currency, and value, cost and unrealised_gain in the account's base
//     currency (named by base_currency). Values convert at the latest rate on or before the
//     as-at date (calc.RateTable, no chaining through a third currency).
//   - A figure that cannot be worked out is written as text in place of its typed value:
//     "Conversion rate unavailable" when a needed FX rate is missing (spec 2 §8), "Not
//     available" for book cost and unrealised gain when the cost is zero or would have to be
//     restated at a published rate (spec 2 §5, calc.BookCost: a historic cost is not moved with
//     today's rate). percent_gain_loss is in native terms, so it survives a missing rate.
//   - weight: whole-percentage shares of the position's base-currency value within its account,
//     adding up to 100 per account (calc.Shares), a typed BigDecimal with 0 places; a
//     position without a value has the reason text instead and is left out of the total.
//   - Decimals (spec 2 §9): money 2, units 4, percentages 2; unit prices 4 (a fund at 1.2345
//     must multiply back to its value). Allocation maps are plain numbers in percentage points.
//     The store holds one income rate a unit, so gross income and yield equal net.
//   - Sub-positions (spec 2 §3 split_index, §2.3): a trade may name a part of its holding
//     (txn.sub_position: a sub-account or lot the firm keeps apart). A holding with more than
//     one open part is answered as one row per part, each with its own units, book cost
//     (average cost within the part), value, gain and weight, split_index 0, 1, … in the order
//     of each part's first transaction, and position_id "<account>-<security>-<split_index>";
//     the parts add up to the holding. A whole holding (one open part, or none named) has
//     split_index null. Values and returns do not depend on parts.
//
// # Transactions
//
// portfolio/transaction (accountid one or many), portfolio/account/{id}/transaction and
// portfolio/group/account/code/{code}/transaction answer a JSON array; each item carries the
// bookmark to pass as page_bookmark for the next page. start_date and stop_date bound the trade
// date, inclusive; without them the history is unbounded. No account selected: an empty list
// (spec 2 §5). sort_type: 1 (default) newest first, 2 oldest first (the full-history walk), 7
// newest first (the last-transaction lookup with page_size 1); anything else is a 400. Within a
// day, the id orders rows in the same direction. page_size defaults to 200 and is capped at 1000
// (resourceful.ParsePage clamps larger values). Paging is keyset on (trade_date, id): each
// account's page is read through txn_account_date_idx with the bookmark's date as the range
// bound, so a deep page costs what the first does (see TestTransactionPageQueryPlanUsesIndex
// and BenchmarkTransactionsPage), and the accounts' pages are merged. type is "income" for
// income and "other" for everything else; nativeTransactionValue is the net amount (the value
// after fees and taxes); nativeIncome is set on income only; amounts keep the stored sign.
//
// # FX, benchmarks, target sets
//
// security/{pair}/FX takes GBPUSD, GBP-USD, GBP_USD or GBP/USD (a percent-encoded "/" is decoded
// by the router into two segments, which a second route accepts) and an optional date (or
// as_at_date), default today. It answers the latest rate on or before the date, direct or
// inverse, as a BigDecimal of 4 places with its rate_date; GBX converts to GBP at 1/100 without
// a rate. With no rate the answer is 404 {"api_message":"Conversion rate unavailable"}: the rate
// is a resource that does not exist, and the text is spec 2 §8's. portfolio/benchmark lists
// id, name and currency. Target sets (spec 2 §2.3 "Investment instructions") are the firm's
// models: portfolio/targetset lists the caller's firm's (targetset_id, description), like
// benchmarks reference data; portfolio/account/{id}/targetlink the sets an account follows
// (targetset_id, accountid), checked like every account route; and
// portfolio/targetset/{id}/allocation/security a set's securities (code, description, weight
// in percentage points as a BigDecimal of 2 places), largest weight first; another firm's set
// is a 404 like a missing one.
//
// # Payment information
//
// portfolio/account/{id}/payment_information (spec 2 §2.3, §3; the path is ours, spec 2 §7 does
// not show it) answers {"accountId", "bpay": {id, billerCode, reference} | null,
// "bankAccount": {id, bank, accountName, bsb, accountNumber} | null} from the
// payment_information table, at most one method of each kind per account. An account the caller
// cannot reach answers like a missing one, as every account route does.
package portfolio
