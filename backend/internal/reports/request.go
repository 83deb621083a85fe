package reports

import (
	"context"
	"net/http"
	"slices"
	"time"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/portfolio"
	"wealthportal/backend/internal/resourceful"
)

// Report types of a request's variables (spec 2 §3 "Valuation request": report_type account or
// group).
const (
	ReportTypeAccount = "account"
	ReportTypeGroup   = "group"
)

// Answers of a request that cannot run (spec 2 §5, §8 where the spec has the words).
var (
	errNoClientInContext = apierr.New(http.StatusForbidden,
		"I am not a clientUser and no client in context", "I am not a clientUser and no client in context")
	errNoAccounts      = apierr.BadRequest("You don't have any accounts to view.")
	errEndBeforeStart  = apierr.BadRequest("You cannot select an End date earlier than the Start date.")
	errBeforeOpening   = apierr.BadRequest("The date range selected is earlier than the portfolio / account opening date.")
	errAsAtRequired    = apierr.BadRequest("as_at_date is required for this report.")
	errRangeRequired   = apierr.BadRequest("from_date and to_date are required for this report, or since_inception.")
	errGroupRequired   = apierr.BadRequest("group_code is required for this report.")
	errAccountRequired = apierr.BadRequest("accountid is required for this report.")
	errReportType      = apierr.BadRequest("report_type must be account or group.")
	errMethod          = apierr.BadRequest("_method must be runasync.")
)

// Args are a validated report request as the job carries it: who asked, for whom, which
// accounts and which dates. The worker trusts them (they were checked when the job was
// enqueued) and reads nothing the caller could not.
type Args struct {
	FirmID int64 `json:"firm_id"`
	// UserID is the login that asked: the only one who may see the job.
	UserID int64 `json:"user_id"`
	// DocumentEntityID is the client whose documents receive the report: the client logged in,
	// or the adviser's client in context.
	DocumentEntityID int64 `json:"document_entity_id"`
	// EntityID is whom the report is about (the client or a related entity).
	EntityID     int64   `json:"entity_id"`
	TemplateID   int64   `json:"template_id"`
	TemplateName string  `json:"template_name"`
	AccountIDs   []int64 `json:"account_ids"`
	// Scope names the selection: "All accounts", the group's name or the account's description.
	Scope string `json:"scope"`
	// From and To bound the performance period, AsAt is the holdings' date (ISO dates).
	From string `json:"from"`
	To   string `json:"to"`
	AsAt string `json:"as_at"`
}

// Kind is River's name for a report job.
func (Args) Kind() string { return "valuation_report" }

// resolve checks a request against the template's rules and the caller's reach, and returns
// the job's arguments. today is the caller's civil date.
func resolve(ctx context.Context, q resourceful.Querier, p access.Principal, t Template, params resourceful.Params, today time.Time) (Args, error) {
	if m := params.String("_method"); m != "runasync" {
		return Args{}, errMethod
	}
	home := p.EntityID
	if p.Role == access.RoleAdviser {
		if p.ClientInContext == 0 {
			return Args{}, errNoClientInContext
		}
		home = p.ClientInContext
	} else if p.Role != access.RoleClient {
		return Args{}, apierr.ErrForbidden
	}
	a := Args{FirmID: p.FirmID, UserID: p.UserID, DocumentEntityID: home, EntityID: home, TemplateID: t.ID, TemplateName: t.Name}

	entityID, named, err := params.Int64("entityid")
	if err != nil {
		return Args{}, err
	}
	if named && entityID != home {
		if t.RequiredSelector == SelectCurrentClient {
			return Args{}, apierr.ErrNotFound
		}
		a.EntityID = entityID
	}
	if err := access.CanReachEntity(ctx, q, p, a.EntityID); err != nil {
		return Args{}, err
	}

	vars := params.Object("variables")
	reportType := vars.String("report_type")
	switch t.RequiredSelector {
	case SelectGroup:
		reportType = ReportTypeGroup
	case SelectGroupOrAccount:
		if reportType != ReportTypeGroup && reportType != ReportTypeAccount {
			return Args{}, errReportType
		}
	default:
		reportType = ""
	}
	var opening []time.Time
	switch reportType {
	case ReportTypeGroup:
		code := params.String("group_code")
		if code == "" {
			return Args{}, errGroupRequired
		}
		g, err := portfolio.FindAccountGroup(ctx, q, p, a.EntityID, code)
		if err != nil {
			return Args{}, err
		}
		a.AccountIDs, a.Scope = g.AccountIDs(), g.Name
	case ReportTypeAccount:
		id, ok, err := vars.Int64("accountid")
		if err != nil {
			return Args{}, err
		}
		if !ok {
			return Args{}, errAccountRequired
		}
		if err := access.CanReachAccount(ctx, q, p, id); err != nil {
			return Args{}, err
		}
		a.AccountIDs = []int64{id}
	default:
		if a.AccountIDs, err = access.AccountIDsOf(ctx, q, p, a.EntityID); err != nil {
			return Args{}, err
		}
		a.Scope = "All accounts"
	}
	if len(a.AccountIDs) == 0 {
		return Args{}, errNoAccounts
	}
	accounts, err := portfolio.LoadAccounts(ctx, q, a.AccountIDs)
	if err != nil {
		return Args{}, err
	}
	for _, acc := range accounts {
		opening = append(opening, acc.ActiveDate)
		if reportType == ReportTypeAccount {
			a.Scope = acc.Description
		}
	}
	from, to, asAt, err := period(t.DateParameters, vars, today, calc.EarliestInception(opening))
	if err != nil {
		return Args{}, err
	}
	a.From, a.To, a.AsAt = calc.FormatDate(from), calc.FormatDate(to), calc.FormatDate(asAt)
	slices.Sort(a.AccountIDs)
	return a, nil
}

// period is the report's performance period and holdings date under the template's date
// parameters: no date is since inception to today; a single date is the year to it (spec 2
// §9's default range, from the opening when younger); a range is as asked, or since
// inception. Dates after today are brought back to today; a start before the opening is
// refused with spec 2 §8's text.
func period(dateParameters string, vars resourceful.Params, today, opening time.Time) (from, to, asAt time.Time, err error) {
	if opening.IsZero() || opening.After(today) {
		opening = today
	}
	switch dateParameters {
	case DateSingle:
		d, ok, err := vars.Date("as_at_date")
		if err != nil {
			return from, to, asAt, err
		}
		if !ok {
			return from, to, asAt, errAsAtRequired
		}
		asAt = earlier(calc.ToDate(d), today)
		if asAt.Before(opening) {
			return from, to, asAt, errBeforeOpening
		}
		return later(calc.AddYearsClamped(asAt, -1), opening), asAt, asAt, nil
	case DateRange:
		since, err := vars.Bool("since_inception", false)
		if err != nil {
			return from, to, asAt, err
		}
		f, fromOK, err := vars.Date("from_date")
		if err != nil {
			return from, to, asAt, err
		}
		t, toOK, err := vars.Date("to_date")
		if err != nil {
			return from, to, asAt, err
		}
		if !toOK {
			if !since {
				return from, to, asAt, errRangeRequired
			}
			t = today
		}
		to = earlier(calc.ToDate(t), today)
		switch {
		case since:
			from = opening
		case !fromOK:
			return from, to, asAt, errRangeRequired
		default:
			from = calc.ToDate(f)
		}
		if to.Before(from) {
			return from, to, asAt, errEndBeforeStart
		}
		if from.Before(opening) {
			return from, to, asAt, errBeforeOpening
		}
		return from, to, to, nil
	default:
		return opening, today, today, nil
	}
}

func earlier(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
