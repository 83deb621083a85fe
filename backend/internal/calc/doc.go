// Package calc owns the portal's financial arithmetic: returns (time-weighted and internal rate
// of return), value movement over a date range, date ranges and sampling frequencies,
// allocation, percentage-share rounding, currency conversion, position figures and the account
// visibility and ordering rules of spec 2 (§2.2, §2.4, §4, §5, §9) and spec 3 (§5).
//
// Everything here is a plain function of its inputs: no I/O, no clock (a "today" is passed in),
// no package-level mutable state. Handlers fetch the data, call these functions and format the
// result, so the maths can be checked against hand-worked cases without a server.
//
// Conventions that hold across the package:
//   - Dates are civil dates: time.Time at UTC midnight (see Date and ToDate). Spans are counted
//     in whole days between those midnights.
//   - Returns and rates are fractions (0.1 means 10%). Functions whose name says Percent return
//     percentage points (10 means 10%), because they mirror the platform's percent_* fields.
//   - Money is float64 and is never rounded inside a calculation; round only at presentation
//     with Round (half away from zero) and the *Decimals constants of spec 2 §9.
//   - The return conventions (daily sub-periods, annualising, when a return is not computable)
//     are stated in docs/performance.md; TWRR and XIRRLog say them again where they are made.
//   - External flows are seen from the account: a positive amount is a contribution, a
//     negative one a withdrawal. XIRR cash flows are seen from the investor (money paid in is
//     negative); IRRCashFlows turns one view into the other.
package calc
