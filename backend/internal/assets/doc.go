// Package assets is the platform's record of a client's assets and liabilities under
// /resourceful (spec 2 §2.1, §2.5, §3, §7 "Assets" and "Asset totals"; spec 3 §3.5, §5, §9):
// investments (entity/client/{id}/asset), pensions (/fund_za), annuities (/annuity) and
// liabilities (/liability), the owners of a record (/{list}/{index}/owner) and a list's total
// (entity/client-v4/{id}/total_amount). The store is migration 0022's client_asset (one table
// for the four lists) and client_asset_owner.
//
// # Access
//
// Every route names a client and is checked with access.CanReachEntity, as every client route
// is (spec 2 §6): a client reaches its own lists and, with view_partner, a login_accessible
// member's; an adviser their own clients, only the one in context when there is one; another
// client, an entity that is not a client, a missing or a malformed id all answer 404 "Resource
// Not Found". Within a list, a record that is not login_accessible is shown to nobody: a client
// login sees only such records, and spec 3 §5 asks the same of advisers, so an adviser in
// context sees what the client sees.
//
// # Lists
//
// A client's list holds the records kept for it and those it owns a share of above 0 (a joint
// asset its partner keeps), in index order (the record's id, given as "index"). Rows carry the
// regional field set of spec 3 §3.5 for the client's region (FieldSet; GB when unknown) plus
// index, entity_id, currency, report_currency, nbr_under_advice, type_description,
// percent_owned and value_owned (the client's share: spec 3 §9 "value share equals percent owned
// of value"). Money is {"_type":"BigDecimal","_val":"…"} of 2 places in the record's currency;
// the *_in_report_currency amount is in the client's preferred currency at the latest rate on
// or before today, or the text "Conversion rate unavailable" (spec 2 §8). include_association
// adds "owners" (owner_id, owner_first_name, owner_last_name, owner_name, percentage), only
// those above 0 (spec 3 §5). Paging: page (from 1) and page_size (default 50, spec 3 §9; at most
// 200); the web app asks for the next page while a page comes back full.
//
// # Filters
//
// The asset filters of spec 3 §5 are this package's plain functions (Shown, InView, Visible,
// Owners, PercentOwned, ValueOwned), applied here once for lists and totals alike, so a total
// always agrees with its list; the web app does not filter again. list_filter names a view of
// the wealth toggle (spec 2 §2.5): managed (nbr_under_advice above 0), non_managed or
// everything, each with spec 3 §5's status, SIPP-wrapper and pension-type rules; without
// list_filter a list has every record the caller may see, whatever its status.
//
// # Totals
//
// total_amount sums list_name's amount field (amount_field: amount for asset and liability,
// fund_value for fund_za, current_value for annuity; another is a 400) in the client's report
// currency over the records of list_filter's view, and says how many it summed:
// {"list_name", "amount_field", "list_filter", "total_amount": BigDecimal, "currency", "count"}.
// A record whose currency has no rate makes total_amount "Conversion rate unavailable".
package assets
