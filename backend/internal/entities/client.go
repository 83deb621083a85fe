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

// GET /resourceful/entity/client/:id and /resourceful/entity/client-v3/:id
func (m *Module) getClient(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	client, err := ClientDetail(c.Request.Context(), q, p, id, resourceful.Fields(params))
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, client)
	return nil
}

// ClientDetail answers a client's fields: the region's field set (spec 3 §3.5) or the asked
// subset of it. Dates are typed Date values, client_access_level a code and description.
func ClientDetail(ctx context.Context, q access.Querier, p access.Principal, id int64, fields []string) (map[string]any, error) {
	if err := requireClient(ctx, q, p, id); err != nil {
		return nil, err
	}
	r, err := loadClient(ctx, q, id)
	if err != nil {
		return nil, err
	}
	chosen, err := chooseFields(fields, detailFieldsFor(r.Region))
	if err != nil {
		return nil, err
	}
	partner, err := partnerOf(ctx, q, p)
	if err != nil {
		return nil, err
	}
	return pick(r.fields(p, partner), chosen), nil
}

// writableClientFields are the client fields a PUT or PATCH may change, by wire name and column:
// the communication preferences (spec 2 §2.8). Personal details are changed by the adviser in
// the back office, not through the portal.
var writableClientFields = map[string]string{
	"comm_pref_email": "comm_pref_email",
	"comm_pref_mail":  "comm_pref_mail",
	"comm_pref_sms":   "comm_pref_sms",
}

// PUT and PATCH /resourceful/entity/client-v3/:id
func (m *Module) updateClient(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	ctx := c.Request.Context()
	if err := UpdatePreferences(ctx, q, p, id, params); err != nil {
		return err
	}
	client, err := ClientDetail(ctx, q, p, id, nil)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, client)
	return nil
}

// UpdatePreferences changes a client's communication preferences. Only the client itself may:
// an adviser sees preferences read-only (spec 2 §6), so a client the caller can reach but is not
// answers 403; one it cannot reach answers 404. Any other field is a 400 naming it; values are
// '1'/'0', true/false or 1/0. The fields come inside "fields", as XPLAN clients send them
// (fields.comm_pref_sms=1 flattened, or {"fields": {...}}), or at the top level, as the web app
// sends them; see fieldValues.
func UpdatePreferences(ctx context.Context, q resourceful.Querier, p access.Principal, id int64, params resourceful.Params) error {
	if err := requireClient(ctx, q, p, id); err != nil {
		return err
	}
	if !p.IsClient() || p.EntityID != id {
		return apierr.ErrForbidden
	}
	values, err := fieldValues(params)
	if err != nil {
		return err
	}
	var sets []string
	var args []any
	for _, name := range sortedKeys(values) {
		column, ok := writableClientFields[name]
		if !ok {
			return apierr.BadRequest("Field cannot be updated: " + name)
		}
		on, err := parseFlag(values[name])
		if err != nil {
			return apierr.BadRequest(name + " must be '1' or '0'")
		}
		sets = append(sets, column+" = ?")
		args = append(args, on)
	}
	if len(sets) == 0 {
		return apierr.BadRequest("No fields to update")
	}
	_, err = q.ExecContext(ctx, `UPDATE entity SET `+strings.Join(sets, ", ")+` WHERE id = ?`, append(args, id)...)
	return err
}

// fieldValues are the fields a write names, by name: the entries of its "fields" object (XPLAN's
// StringKeyedDict, from flattened fields.name= values or a JSON object) and its other top-level
// parameters. Parameters starting with "_" belong to the wire (_transaction, _method) and are
// not fields. A field named in both places is a 400 rather than a guess at which one was meant.
func fieldValues(params resourceful.Params) (map[string]any, error) {
	values := map[string]any{}
	for name, v := range params {
		if name != "fields" && !strings.HasPrefix(name, "_") {
			values[name] = v
		}
	}
	if !params.Has("fields") {
		return values, nil
	}
	inner, ok := params["fields"].(map[string]any)
	if !ok {
		return nil, apierr.BadRequest("Invalid fields: must name each field to update with its value")
	}
	for name, v := range inner {
		if _, twice := values[name]; twice {
			return nil, apierr.BadRequest("Field given twice: " + name)
		}
		values[name] = v
	}
	return values, nil
}

// parseFlag reads a preference value: '1'/'0', "true"/"false", a JSON boolean or 1/0.
func parseFlag(v any) (bool, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case float64:
		if x == 1 || x == 0 {
			return x == 1, nil
		}
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "1", "true":
			return true, nil
		case "0", "false":
			return false, nil
		}
	}
	return false, errors.New("not a flag")
}

// User is a login's record as entity/user answers it: who it is and whose, never its password
// material or second-factor secrets.
type User struct {
	ID             int64   `json:"id"`
	Username       string  `json:"username"`
	EntityID       int64   `json:"entity_id"`
	RoleName       string  `json:"role_name"`
	Disabled       bool    `json:"disabled"`
	LastLogin      any     `json:"last_login"`
	LoginProfileID *int64  `json:"login_profile_id"`
	CreatedAt      *string `json:"created_at"`
}

// GET /resourceful/entity/user/:id
func (m *Module) getUser(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	u, err := UserRecord(c.Request.Context(), q, p, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, u)
	return nil
}

// UserRecord reads a login. A client reads only logins of its own entity (a partner's username
// is of no use to it); an adviser reads its own and its clients' logins. last_login is the login
// before the current one, as session/user shows it.
func UserRecord(ctx context.Context, q access.Querier, p access.Principal, id int64) (User, error) {
	var u User
	var prev, created sql.NullString
	var profile sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT id, username, entity_id, role_name, disabled, previous_login, login_profile_id, created_at
		FROM app_user WHERE id = ?`, id).Scan(&u.ID, &u.Username, &u.EntityID, &u.RoleName, &u.Disabled, &prev, &profile, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, apierr.ErrNotFound
	}
	if err != nil {
		return User{}, err
	}
	if p.IsClient() && u.EntityID != p.EntityID {
		return User{}, apierr.ErrNotFound
	}
	if err := access.CanReachEntity(ctx, q, p, u.EntityID); err != nil {
		return User{}, err
	}
	u.LastLogin = timestamp(prev)
	if profile.Valid {
		u.LoginProfileID = &profile.Int64
	}
	if ts, ok := timestamp(created).(string); ok {
		u.CreatedAt = &ts
	}
	return u, nil
}
