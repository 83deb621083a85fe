package entities

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// Address type codes (spec 2 §3).
const (
	AddressPostal      = 0
	AddressResidential = 1
	AddressWork        = 2
)

type addressRecord struct {
	ID                                       int64
	Type                                     int
	Block, StreetName, StreetName2, Street   string
	Suburb, State, Postcode, Country, Status string
	Preferred                                bool
}

// wire answers an address in the region's field set (spec 3 §3.5): GB has block, street_name
// and street_name_2 where other regions have one street line; the list variant adds status.
func (a addressRecord) wire(region string, withStatus bool) map[string]any {
	out := map[string]any{
		"id": a.ID, "type": a.Type, "suburb": a.Suburb, "state": a.State,
		"postcode": a.Postcode, "country": a.Country, "preferred": a.Preferred,
	}
	if strings.EqualFold(region, "GB") {
		out["block"], out["street_name"], out["street_name_2"] = a.Block, a.StreetName, a.StreetName2
	} else {
		out["street"] = a.Street
	}
	if withStatus {
		out["status"] = a.Status
	}
	return out
}

const addressColumns = `id, type, block, street_name, street_name_2, street, suburb, state, postcode, country, status, preferred`

func scanAddress(row interface{ Scan(...any) error }) (addressRecord, error) {
	var a addressRecord
	err := row.Scan(&a.ID, &a.Type, &a.Block, &a.StreetName, &a.StreetName2, &a.Street, &a.Suburb, &a.State,
		&a.Postcode, &a.Country, &a.Status, &a.Preferred)
	return a, err
}

// addressesOf reads an entity's addresses, preferred first, then by type.
func addressesOf(ctx context.Context, q access.Querier, entityID int64) ([]addressRecord, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+addressColumns+` FROM address WHERE entity_id = ?
		ORDER BY preferred DESC, type, id`, entityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []addressRecord
	for rows.Next() {
		a, err := scanAddress(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

func regionOf(ctx context.Context, q access.Querier, entityID int64) (string, error) {
	var region string
	err := q.QueryRowContext(ctx, `SELECT region FROM entity WHERE id = ?`, entityID).Scan(&region)
	if errors.Is(err, sql.ErrNoRows) {
		return "", apierr.ErrNotFound
	}
	return region, err
}

// addressList answers an entity's addresses in its region's list variant.
func addressList(ctx context.Context, q access.Querier, entityID int64) ([]map[string]any, error) {
	region, err := regionOf(ctx, q, entityID)
	if err != nil {
		return nil, err
	}
	addrs, err := addressesOf(ctx, q, entityID)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, 0, len(addrs))
	for _, a := range addrs {
		out = append(out, a.wire(region, true))
	}
	return out, nil
}

// GET /resourceful/entity/client-v3/:id/address
func (m *Module) getClientAddresses(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	if err := requireClient(ctx, q, p, id); err != nil {
		return err
	}
	list, err := addressList(ctx, q, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, list)
	return nil
}

// GET /resourceful/entity/client-v3/:id/address/:address_id
func (m *Module) getClientAddress(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	addressID, err := pathID(c, "address_id")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	if err := requireClient(ctx, q, p, id); err != nil {
		return err
	}
	region, err := regionOf(ctx, q, id)
	if err != nil {
		return err
	}
	// The address must belong to this client: an id of another client's address is not found.
	a, err := scanAddress(q.QueryRowContext(ctx, `SELECT `+addressColumns+` FROM address WHERE id = ? AND entity_id = ?`, addressID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return apierr.ErrNotFound
	}
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, a.wire(region, false))
	return nil
}

// Contact is a phone number or email address of a party. Types: p1 home phone, p2 work phone,
// p3 mobile phone, m1 personal email, m2 work email (spec 2 §3).
type Contact struct {
	ID          int64  `json:"id"`
	Type        string `json:"type"`
	Value       string `json:"value"`
	CountryCode string `json:"country_code"`
	Preferred   bool   `json:"preferred"`
}

// contactsOf reads an entity's contacts, by type with the preferred one of a type first.
func contactsOf(ctx context.Context, q access.Querier, entityID int64) ([]Contact, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, type, value, country_code, preferred FROM contact
		WHERE entity_id = ? ORDER BY type, preferred DESC, id`, entityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Contact{}
	for rows.Next() {
		var ct Contact
		if err := rows.Scan(&ct.ID, &ct.Type, &ct.Value, &ct.CountryCode, &ct.Preferred); err != nil {
			return nil, err
		}
		out = append(out, ct)
	}
	return out, rows.Err()
}

// GET /resourceful/entity/client-v3/:id/contact
func (m *Module) getClientContacts(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	if err := requireClient(ctx, q, p, id); err != nil {
		return err
	}
	contacts, err := contactsOf(ctx, q, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, contacts)
	return nil
}
