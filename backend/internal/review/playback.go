package review

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// Playback field names (spec 3 §3.3).
const (
	FieldPreferredEmail = "preferred_email"
	FieldPreferredPhone = "preferred_phone"
	FieldAddress        = "address"
	FieldFirstName      = "first_name"
	FieldLastName       = "last_name"
	FieldDOB            = "dob"
	FieldMaritalStatus  = "marital_status"
	FieldDependents     = "dependents"
)

// playbackFields are every field a playback page can show, in the order of the spec.
var playbackFields = []string{FieldPreferredEmail, FieldPreferredPhone, FieldAddress, FieldFirstName, FieldLastName,
	FieldDOB, FieldMaritalStatus, FieldDependents}

// PlaybackValue is one field's current values (spec 3 §3.3: fieldName, clientValue,
// partnerValue). Multi-line values (an address, dependents) hold one line per "\n"; an empty
// value is one not supplied. PartnerValue is null when there is no partner the caller may read.
type PlaybackValue struct {
	FieldName    string  `json:"fieldName"`
	ClientValue  string  `json:"clientValue"`
	PartnerValue *string `json:"partnerValue"`
}

// Playback is the answer of review/playback: the client, its partner when readable, the values.
type Playback struct {
	ClientID    int64           `json:"clientId"`
	PartnerID   *int64          `json:"partnerId"`
	PartnerName string          `json:"partnerName"`
	Values      []PlaybackValue `json:"values"`
}

// Dependent is one dependent of a client; RelatedTo ('client' or 'both') is relative to the
// client asked about.
type Dependent struct {
	ID                                 int64
	FirstName, LastName, DOB           string
	Relationship, RelatedTo, OwnerSide string
}

// PlaybackOf is the review's playback of entityID, with its partner's values when p may read
// the partner.
func PlaybackOf(ctx context.Context, q resourceful.Querier, p access.Principal, entityID int64) (Playback, error) {
	out := Playback{ClientID: entityID}
	client, err := detailsOf(ctx, q, entityID)
	if err != nil {
		return out, err
	}
	var partner map[string]string
	if partnerID, err := partnerOf(ctx, q, entityID); err != nil {
		return out, err
	} else if partnerID != 0 && access.CanReachEntity(ctx, q, p, partnerID) == nil {
		if partner, err = detailsOf(ctx, q, partnerID); err != nil {
			return out, err
		}
		out.PartnerID = &partnerID
		out.PartnerName = strings.TrimSpace(partner[FieldFirstName] + " " + partner[FieldLastName])
	}
	for _, f := range playbackFields {
		v := PlaybackValue{FieldName: f, ClientValue: client[f]}
		if partner != nil {
			pv := partner[f]
			v.PartnerValue = &pv
		}
		out.Values = append(out.Values, v)
	}
	return out, nil
}

// partnerOf is the entity's partner (0 for none).
func partnerOf(ctx context.Context, q resourceful.Querier, entityID int64) (int64, error) {
	var partner sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT partner_entity_id FROM entity WHERE id = ?`, entityID).Scan(&partner)
	if err != nil {
		return 0, err
	}
	return partner.Int64, nil
}

// detailsOf are one person's playback values by field name.
func detailsOf(ctx context.Context, q resourceful.Querier, entityID int64) (map[string]string, error) {
	var first, last, email, marital string
	var dob sql.NullString
	err := q.QueryRowContext(ctx, `SELECT first_name, last_name, preferred_email, marital_status, dob FROM entity WHERE id = ?`, entityID).
		Scan(&first, &last, &email, &marital, &dob)
	if err != nil {
		return nil, err
	}
	out := map[string]string{FieldFirstName: first, FieldLastName: last, FieldPreferredEmail: email,
		FieldMaritalStatus: marital, FieldDOB: displayDate(dob.String)}
	// The preferred phone: the one marked preferred, else the first (home, work, mobile).
	var phone string
	err = q.QueryRowContext(ctx, `SELECT value FROM contact WHERE entity_id = ? AND type IN ('p1', 'p2', 'p3')
		ORDER BY preferred DESC, id LIMIT 1`, entityID).Scan(&phone)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out[FieldPreferredPhone] = phone
	var block, street1, street2, street, suburb, state, postcode string
	err = q.QueryRowContext(ctx, `SELECT block, street_name, street_name_2, street, suburb, state, postcode FROM address
		WHERE entity_id = ? ORDER BY preferred DESC, id LIMIT 1`, entityID).Scan(&block, &street1, &street2, &street, &suburb, &state, &postcode)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out[FieldAddress] = lines(block, street1, street2, street, suburb, state, postcode)
	deps, err := DependentsOf(ctx, q, entityID)
	if err != nil {
		return nil, err
	}
	var depLines []string
	for _, d := range deps {
		line := strings.TrimSpace(d.FirstName + " " + d.LastName)
		if d.Relationship != "" {
			line += " (" + d.Relationship + ")"
		}
		if d.DOB != "" {
			line += ", born " + displayDate(d.DOB)
		}
		depLines = append(depLines, line)
	}
	out[FieldDependents] = strings.Join(depLines, "\n")
	return out, nil
}

// DependentsOf are the dependents of entityID: its own that relate to it, and its partner's
// that relate to the partner's partner (dep_related_to 'partner' or 'both'), oldest first.
func DependentsOf(ctx context.Context, q resourceful.Querier, entityID int64) ([]Dependent, error) {
	partner, err := partnerOf(ctx, q, entityID)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT id, entity_id, first_name, last_name, COALESCE(dob, ''), relationship, dep_related_to
		FROM dependent WHERE (entity_id = ? AND dep_related_to IN ('client', 'both'))
		OR (entity_id = ? AND dep_related_to IN ('partner', 'both')) ORDER BY COALESCE(dob, ''), id`, entityID, partner)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Dependent
	for rows.Next() {
		var d Dependent
		var owner int64
		if err := rows.Scan(&d.ID, &owner, &d.FirstName, &d.LastName, &d.DOB, &d.Relationship, &d.RelatedTo); err != nil {
			return nil, err
		}
		if owner != entityID && d.RelatedTo == "partner" {
			d.RelatedTo = "client" // the partner's 'partner' is this client
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// lines joins the non-empty parts, one per line.
func lines(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n")
}

// displayDate is a stored YYYY-MM-DD as the spec shows dates (D MMM YYYY); other text as it is.
func displayDate(s string) string {
	if s == "" {
		return ""
	}
	t, err := calc.ParseDate(s)
	if err != nil {
		return s
	}
	return t.Format("2 Jan 2006")
}
