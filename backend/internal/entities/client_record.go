package entities

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// clientRecord is one client entity with what the list and the detail answers derive from it.
type clientRecord struct {
	ID                int64
	EntityType        int
	Title             string
	FirstName         string
	MiddleName        string
	LastName          string
	PreferredName     string
	EntityName        string
	AddressTitle      string
	Salutation        string
	ExternalID        string
	DOB               sql.NullString
	PreferredEmail    string
	PreferredPostcode string
	Region            string
	Locale            string
	UserTimezone      string
	PreferredCurrency string
	AccessCode        sql.NullInt64
	AccessDescription sql.NullString
	PartnerID         sql.NullInt64
	CountryOfBirth    string
	Nationality       string
	MaritalStatus     string
	ClientStatus      string
	UKDomicileCountry string
	UKDomiciled       bool
	CommPrefEmail     bool
	CommPrefMail      bool
	CommPrefSMS       bool
	LastLogin         sql.NullString
	UserID            sql.NullInt64
	HasClientAccess   bool
}

// clientColumns is read per returned row only (never per scanned row): the login columns are
// correlated lookups through app_user_entity_idx.
const clientColumns = `e.id, e.entity_type, e.title, e.first_name, e.middle_name, e.last_name, e.preferred_name,
	e.entity_name, e.address_title, e.salutation, e.external_id, e.dob, e.preferred_email, e.preferred_postcode,
	e.region, e.locale, e.user_timezone, e.preferred_currency, e.client_access_level, c.description,
	e.partner_entity_id, e.country_of_birth, e.nationality, e.marital_status, e.entity_client_status,
	e.uk_domicile_country, e.uk_domiciled, e.comm_pref_email, e.comm_pref_mail, e.comm_pref_sms,
	COALESCE((SELECT MAX(u.last_login) FROM app_user u WHERE u.entity_id = e.id), e.last_login_datetime),
	(SELECT u.id FROM app_user u WHERE u.entity_id = e.id ORDER BY u.disabled, u.id LIMIT 1),
	EXISTS (SELECT 1 FROM app_user u WHERE u.entity_id = e.id AND u.disabled = 0)`

const clientFrom = ` FROM entity e LEFT JOIN client_access_level_choice c ON c.code = e.client_access_level`

func scanClient(row interface{ Scan(...any) error }) (clientRecord, error) {
	var r clientRecord
	err := row.Scan(&r.ID, &r.EntityType, &r.Title, &r.FirstName, &r.MiddleName, &r.LastName, &r.PreferredName,
		&r.EntityName, &r.AddressTitle, &r.Salutation, &r.ExternalID, &r.DOB, &r.PreferredEmail, &r.PreferredPostcode,
		&r.Region, &r.Locale, &r.UserTimezone, &r.PreferredCurrency, &r.AccessCode, &r.AccessDescription,
		&r.PartnerID, &r.CountryOfBirth, &r.Nationality, &r.MaritalStatus, &r.ClientStatus,
		&r.UKDomicileCountry, &r.UKDomiciled, &r.CommPrefEmail, &r.CommPrefMail, &r.CommPrefSMS,
		&r.LastLogin, &r.UserID, &r.HasClientAccess)
	return r, err
}

// loadClient reads one client entity; an adviser entity or a missing id is not found.
func loadClient(ctx context.Context, q access.Querier, id int64) (clientRecord, error) {
	r, err := scanClient(q.QueryRowContext(ctx, `SELECT `+clientColumns+clientFrom+` WHERE e.id = ? AND e.entity_kind = 'client'`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, apierr.ErrNotFound
	}
	return r, err
}

// requireClient checks that p may reach clientID and that it is a client (an adviser's entity
// is not a client, even to that adviser). Both refusals are apierr.ErrNotFound.
func requireClient(ctx context.Context, q access.Querier, p access.Principal, clientID int64) error {
	if err := access.CanReachEntity(ctx, q, p, clientID); err != nil {
		return err
	}
	var kind string
	if err := q.QueryRowContext(ctx, `SELECT entity_kind FROM entity WHERE id = ?`, clientID).Scan(&kind); err != nil {
		return err
	}
	if kind != "client" {
		return apierr.ErrNotFound
	}
	return nil
}

// accessLevel is client_access_level as a choice, code and description (spec 1 §3), the same
// shape session/user uses; nil when the client has none.
func (r clientRecord) accessLevel() any {
	if !r.AccessCode.Valid {
		return nil
	}
	return map[string]any{"code": strconv.FormatInt(r.AccessCode.Int64, 10), "description": r.AccessDescription.String}
}

// fields are every value a client answer may carry, by wire name. caller decides is_partner.
func (r clientRecord) fields(caller access.Principal, partnerOfCaller int64) map[string]any {
	return map[string]any{
		"id":                   r.ID,
		"entity_id":            r.ID,
		"entity_type":          r.EntityType,
		"title":                r.Title,
		"first_name":           r.FirstName,
		"middle_name":          r.MiddleName,
		"last_name":            r.LastName,
		"preferred_name":       r.PreferredName,
		"entity_name":          r.EntityName,
		"address_title":        r.AddressTitle,
		"salutation":           r.Salutation,
		"external_id":          r.ExternalID,
		"dob":                  resourceful.DateString(r.DOB.String),
		"preferred_email":      r.PreferredEmail,
		"preferred_postcode":   r.PreferredPostcode,
		"region":               r.Region,
		"locale":               r.Locale,
		"user_timezone":        r.UserTimezone,
		"preferred_currency":   r.PreferredCurrency,
		"client_access_level":  r.accessLevel(),
		"partner_entity_id":    nullInt(r.PartnerID),
		"country_of_birth":     r.CountryOfBirth,
		"nationality":          r.Nationality,
		"marital_status":       r.MaritalStatus,
		"entity_client_status": r.ClientStatus,
		"uk_domicile_country":  r.UKDomicileCountry,
		"uk_domiciled":         r.UKDomiciled,
		"comm_pref_email":      flag(r.CommPrefEmail),
		"comm_pref_mail":       flag(r.CommPrefMail),
		"comm_pref_sms":        flag(r.CommPrefSMS),
		"last_login_datetime":  timestamp(r.LastLogin),
		"user_id":              nullInt(r.UserID),
		"has_client_access":    r.HasClientAccess,
		"is_partner":           caller.IsClient() && partnerOfCaller != 0 && partnerOfCaller == r.ID,
	}
}

// flag is a communication preference on the wire: '1' or '0' (spec 2 §3).
func flag(on bool) string {
	if on {
		return "1"
	}
	return "0"
}

func nullInt(v sql.NullInt64) any {
	if !v.Valid {
		return nil
	}
	return v.Int64
}

// timestamp renders a stored time as RFC 3339 in UTC; logins are stamped by the platform in
// store.TimeFormat, imported rows may already be RFC 3339.
func timestamp(v sql.NullString) any {
	if !v.Valid || v.String == "" {
		return nil
	}
	for _, layout := range []string{store.TimeFormat, time.RFC3339Nano, "2006-01-02 15:04:05"} {
		if t, err := time.Parse(layout, v.String); err == nil {
			return t.UTC().Format(time.RFC3339)
		}
	}
	return v.String
}

// partnerOf is the caller's partner entity, which decides is_partner; 0 for none or advisers.
func partnerOf(ctx context.Context, q access.Querier, p access.Principal) (int64, error) {
	if !p.IsClient() {
		return 0, nil
	}
	var partner sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT partner_entity_id FROM entity WHERE id = ?`, p.EntityID).Scan(&partner)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return partner.Int64, err
}

// Field sets. The client list's set is spec 3 §3.4 plus the item's id, login and partner flags;
// the detail set is spec 3 §3.5's client fields plus what the client in context, personal
// details and preferences read (spec 2 §3).
var (
	listFields = []string{"id", "user_id", "has_client_access", "is_partner",
		"address_title", "first_name", "last_name", "dob", "preferred_postcode", "preferred_email", "external_id",
		"entity_groups", "entity_type", "entity_name", "last_login_datetime", "preferred_currency",
		"partner_entity_id", "user_timezone", "client_access_level", "preferred_name", "salutation"}

	detailFields = []string{"id", "entity_id", "entity_type", "entity_name", "title", "first_name", "middle_name",
		"last_name", "preferred_name", "address_title", "salutation", "dob", "country_of_birth", "nationality",
		"marital_status", "entity_client_status", "external_id", "preferred_email", "preferred_postcode",
		"partner_entity_id", "preferred_currency", "client_access_level", "region", "locale", "user_timezone",
		"comm_pref_email", "comm_pref_mail", "comm_pref_sms", "last_login_datetime", "user_id",
		"has_client_access", "is_partner"}

	// gbDetailFields are added for GB clients only (spec 3 §3.5).
	gbDetailFields = []string{"uk_domicile_country", "uk_domiciled"}
)

// detailFieldsFor is the detail field set of a client's region.
func detailFieldsFor(region string) []string {
	if strings.EqualFold(region, "GB") {
		return append(append([]string{}, detailFields...), gbDetailFields...)
	}
	return detailFields
}

// chooseFields resolves a request's `fields` against the endpoint's field set: nothing asked
// means the whole set; an unknown name is a 400 naming it, the platform's answer to a field it
// does not have. The id is always answered, since callers key items by it.
func chooseFields(asked, allowed []string) ([]string, error) {
	if len(asked) == 0 {
		return allowed, nil
	}
	known := make(map[string]bool, len(allowed))
	for _, f := range allowed {
		known[f] = true
	}
	chosen := []string{"id"}
	seen := map[string]bool{"id": true}
	for _, f := range asked {
		if !known[f] {
			return nil, apierr.BadRequest("invalid field name: " + f)
		}
		if !seen[f] {
			seen[f] = true
			chosen = append(chosen, f)
		}
	}
	return chosen, nil
}

// pick keeps the chosen fields of all.
func pick(all map[string]any, chosen []string) map[string]any {
	out := make(map[string]any, len(chosen)+1)
	for _, f := range chosen {
		out[f] = all[f]
	}
	return out
}
