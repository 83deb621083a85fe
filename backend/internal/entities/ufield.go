package entities

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// The entity field whose choices decide a client's site access (spec 1 §3); its choices live in
// client_access_level_choice, every other field's in ufield_choice.
const (
	entityGroup      = "entity"
	accessLevelField = "client_access_level"
)

// Field is the metadata of a field with a choice list.
type Field struct {
	Group       string `json:"group"`
	Name        string `json:"field_name"`
	Type        string `json:"field_type"`
	ChoiceCount int    `json:"choice_count"`
}

// Choice is one choice of a field: code and description (spec 1 §3, §7).
type Choice struct {
	Code        string `json:"code"`
	Description string `json:"description"`
}

// fieldChoiceType is the type of every field this lookup knows: fields with a choice list.
const fieldChoiceType = "choice"

// GET /resourceful/ufield/:group
func (m *Module) getFieldGroup(c *gin.Context, q resourceful.Querier, _ access.Principal) error {
	fields, err := FieldsOfGroup(c.Request.Context(), q, c.Param("group"))
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, fields)
	return nil
}

// GET /resourceful/ufield/:group/:field
func (m *Module) getField(c *gin.Context, q resourceful.Querier, _ access.Principal) error {
	group, name := c.Param("group"), c.Param("field")
	choices, err := FieldChoices(c.Request.Context(), q, group, name)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, Field{Group: group, Name: name, Type: fieldChoiceType, ChoiceCount: len(choices)})
	return nil
}

// GET /resourceful/ufield/:group/:field/choice
func (m *Module) getFieldChoices(c *gin.Context, q resourceful.Querier, _ access.Principal) error {
	choices, err := FieldChoices(c.Request.Context(), q, c.Param("group"), c.Param("field"))
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, choices)
	return nil
}

// FieldsOfGroup lists the fields of a group; a group without fields is not found. Field
// metadata is the same for every firm and holds no personal data, so any session may read it.
func FieldsOfGroup(ctx context.Context, q access.Querier, group string) ([]Field, error) {
	rows, err := q.QueryContext(ctx, `SELECT field_name, COUNT(*) FROM ufield_choice WHERE group_name = ?
		GROUP BY field_name ORDER BY field_name`, group)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	fields := []Field{}
	for rows.Next() {
		f := Field{Group: group, Type: fieldChoiceType}
		if err := rows.Scan(&f.Name, &f.ChoiceCount); err != nil {
			return nil, err
		}
		fields = append(fields, f)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if group == entityGroup && !containsField(fields, accessLevelField) {
		levels, err := accessLevelChoices(ctx, q)
		if err != nil {
			return nil, err
		}
		fields = append(fields, Field{Group: group, Name: accessLevelField, Type: fieldChoiceType, ChoiceCount: len(levels)})
	}
	if len(fields) == 0 {
		return nil, apierr.ErrNotFound
	}
	return fields, nil
}

func containsField(fields []Field, name string) bool {
	for _, f := range fields {
		if f.Name == name {
			return true
		}
	}
	return false
}

// FieldChoices lists a field's choices in their display order; an unknown field is not found.
func FieldChoices(ctx context.Context, q access.Querier, group, field string) ([]Choice, error) {
	if group == entityGroup && field == accessLevelField {
		return accessLevelChoices(ctx, q)
	}
	rows, err := q.QueryContext(ctx, `SELECT code, description FROM ufield_choice WHERE group_name = ? AND field_name = ?
		ORDER BY sort_order, code`, group, field)
	if err != nil {
		return nil, err
	}
	choices, err := scanChoices(rows)
	if err != nil {
		return nil, err
	}
	if len(choices) == 0 {
		return nil, apierr.ErrNotFound
	}
	return choices, nil
}

// accessLevelChoices are the client_access_level choices; codes are strings on the wire, as in
// session/user's client_access_level.
func accessLevelChoices(ctx context.Context, q access.Querier) ([]Choice, error) {
	rows, err := q.QueryContext(ctx, `SELECT code, description FROM client_access_level_choice ORDER BY code`)
	if err != nil {
		return nil, err
	}
	return scanChoices(rows)
}

// scanChoices reads code, description rows; database/sql renders an integer code as its digits.
func scanChoices(rows *sql.Rows) ([]Choice, error) {
	defer rows.Close()
	choices := []Choice{}
	for rows.Next() {
		var ch Choice
		if err := rows.Scan(&ch.Code, &ch.Description); err != nil {
			return nil, err
		}
		choices = append(choices, ch)
	}
	return choices, rows.Err()
}
