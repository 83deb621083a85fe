package entities

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// ClientAdviserRole is the role text of an adviser entity on the adviser contact card
// (client_adviser, spec 2 §2.9): the platform's advisers are the firm's client advisers.
const ClientAdviserRole = "Client Adviser"

// AdviserDetails is an adviser as the adviser contact page shows it (spec 2 §3 "Adviser
// details"): name and role, work email, work phones, the work address with its postcode, the
// adviser's page texts, and the region whose address layout the address follows.
type AdviserDetails struct {
	ID               int64          `json:"id"`
	EntityID         int64          `json:"entity_id"`
	AdviserName      string         `json:"adviser_name"`
	ClientAdviser    string         `json:"client_adviser"`
	Title            string         `json:"title"`
	FirstName        string         `json:"first_name"`
	LastName         string         `json:"last_name"`
	WorkEmail        string         `json:"workEmail"`
	WorkPhone        []Contact      `json:"workPhone"`
	Address          map[string]any `json:"address"`
	IntroductionText string         `json:"introductionText"`
	OpeningHours     string         `json:"openingHours"`
	Region           string         `json:"region"`
}

// requireAdviser checks that p may read adviserID's details: an adviser reads itself and its
// colleagues in the firm (they cover for each other); a client reads only its own adviser.
// Anything else, including a client's id or another firm's adviser, is not found.
func requireAdviser(ctx context.Context, q access.Querier, p access.Principal, adviserID int64) error {
	var firmID int64
	var kind string
	err := q.QueryRowContext(ctx, `SELECT firm_id, entity_kind FROM entity WHERE id = ?`, adviserID).Scan(&firmID, &kind)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (firmID != p.FirmID || kind != "adviser")) {
		return apierr.ErrNotFound
	}
	if err != nil {
		return err
	}
	if p.Role == access.RoleAdviser {
		return nil
	}
	own, err := adviserOfClient(ctx, q, p.EntityID)
	if err != nil {
		return err
	}
	if own != adviserID {
		return apierr.ErrNotFound
	}
	return nil
}

// adviserOfClient is a client's adviser; a client without one is answered as not found.
func adviserOfClient(ctx context.Context, q access.Querier, clientID int64) (int64, error) {
	var adviser sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT adviser_entity_id FROM entity WHERE id = ?`, clientID).Scan(&adviser)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !adviser.Valid) {
		return 0, apierr.ErrNotFound
	}
	return adviser.Int64, err
}

// GET /resourceful/session/user/adviser
func (m *Module) getSessionAdviser(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	clientID := params.String("client_id")
	if clientID == "" {
		clientID = params.String("entityid")
	}
	d, err := SessionAdviser(c.Request.Context(), q, p, clientID)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, d)
	return nil
}

// SessionAdviser answers the caller's adviser: a client's own adviser, or an adviser itself. An
// adviser with a client in context names the client (client_id or entityid) and gets that
// client's adviser; the client must be reachable, like any other read of it.
func SessionAdviser(ctx context.Context, q access.Querier, p access.Principal, clientID string) (AdviserDetails, error) {
	var adviserID int64
	switch {
	case clientID != "":
		id, err := strconv.ParseInt(clientID, 10, 64)
		if err != nil {
			return AdviserDetails{}, apierr.ErrNotFound
		}
		if err := requireClient(ctx, q, p, id); err != nil {
			return AdviserDetails{}, err
		}
		if adviserID, err = adviserOfClient(ctx, q, id); err != nil {
			return AdviserDetails{}, err
		}
	case p.IsClient():
		var err error
		if adviserID, err = adviserOfClient(ctx, q, p.EntityID); err != nil {
			return AdviserDetails{}, err
		}
	default:
		adviserID = p.EntityID
	}
	return AdviserDetail(ctx, q, p, adviserID)
}

// GET /resourceful/adviser/:id
func (m *Module) getAdviser(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	d, err := AdviserDetail(c.Request.Context(), q, p, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, d)
	return nil
}

// AdviserDetail reads an adviser's contact card after checking p may read it.
func AdviserDetail(ctx context.Context, q access.Querier, p access.Principal, adviserID int64) (AdviserDetails, error) {
	if err := requireAdviser(ctx, q, p, adviserID); err != nil {
		return AdviserDetails{}, err
	}
	d := AdviserDetails{ID: adviserID, EntityID: adviserID, ClientAdviser: ClientAdviserRole, WorkPhone: []Contact{}}
	var entityName, preferredEmail, region string
	err := q.QueryRowContext(ctx, `SELECT title, first_name, last_name, entity_name, preferred_email, region,
		introduction_text, opening_hours FROM entity WHERE id = ?`, adviserID).Scan(&d.Title, &d.FirstName, &d.LastName,
		&entityName, &preferredEmail, &region, &d.IntroductionText, &d.OpeningHours)
	if err != nil {
		return AdviserDetails{}, err
	}
	d.AdviserName = displayName(d.FirstName, d.LastName, entityName)
	d.Region = region
	contacts, err := contactsOf(ctx, q, adviserID)
	if err != nil {
		return AdviserDetails{}, err
	}
	// The work email is the preferred work email contact, else the entity's preferred email.
	d.WorkEmail = preferredEmail
	haveWorkEmail := false
	for _, ct := range contacts { // contactsOf lists the preferred contact of a type first
		switch ct.Type {
		case "m2":
			if !haveWorkEmail {
				d.WorkEmail, haveWorkEmail = ct.Value, true
			}
		case "p2":
			d.WorkPhone = append(d.WorkPhone, ct)
		}
	}
	addrs, err := addressesOf(ctx, q, adviserID)
	if err != nil {
		return AdviserDetails{}, err
	}
	if a, ok := workAddress(addrs); ok {
		d.Address = a.wire(region, false)
	}
	return d, nil
}

// workAddress picks the address an adviser card shows: a current work address, else any
// current address, the preferred first (addressesOf lists preferred first).
func workAddress(addrs []addressRecord) (addressRecord, bool) {
	for _, wantWork := range []bool{true, false} {
		for _, a := range addrs {
			if a.Status == "Current" && (!wantWork || a.Type == AddressWork) {
				return a, true
			}
		}
	}
	return addressRecord{}, false
}

// displayName is a person's first and last name, or the entity name when there are none.
func displayName(first, last, entityName string) string {
	switch {
	case first != "" && last != "":
		return first + " " + last
	case first != "" || last != "":
		return first + last
	}
	return entityName
}

// GET /resourceful/adviser/:id/contact
func (m *Module) getAdviserContacts(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	if err := requireAdviser(ctx, q, p, id); err != nil {
		return err
	}
	contacts, err := contactsOf(ctx, q, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, contacts)
	return nil
}

// GET /resourceful/adviser/:id/address
func (m *Module) getAdviserAddresses(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	if err := requireAdviser(ctx, q, p, id); err != nil {
		return err
	}
	list, err := addressList(ctx, q, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, list)
	return nil
}
