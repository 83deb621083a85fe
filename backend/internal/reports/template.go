package reports

import (
	"context"
	"database/sql"
	"errors"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// The values of a template's fields (spec 2 §3 "Valuation report template").
const (
	DateNone   = "No Date Required"
	DateSingle = "Single Date"
	DateRange  = "Date Range"

	UserTypeAdviser = "Adviser"
	UserTypeClient  = "Client"

	SelectCurrentClient  = "Current Client Only"
	SelectEntity         = "Select Entity"
	SelectGroup          = "Account Group"
	SelectGroupOrAccount = "Account Group Or Account"
	SelectPortfolios     = "Select Portfolios"
)

// Template is one of the firm's valuation report templates.
type Template struct {
	ID               int64  `json:"id"`
	Name             string `json:"name"`
	DateParameters   string `json:"dateParameters"`
	UserType         string `json:"userType"`
	RequiredSelector string `json:"requiredSelector"`
}

// userTypeOf is the template user type of a caller (spec 2 §6): advisers use the Adviser
// templates, clients the Client ones.
func userTypeOf(p access.Principal) string {
	if p.Role == access.RoleAdviser {
		return UserTypeAdviser
	}
	return UserTypeClient
}

// GET /resourceful/xmerge/template-v2 (user_type optional): the firm's templates for the caller's
// user type, in the firm's order. Asking for the other user type's answers an empty list: those
// templates are not the caller's to run.
func (m *Module) listTemplates(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return err
	}
	userType := userTypeOf(p)
	if asked := params.String("user_type"); asked != "" && asked != userType {
		resourceful.JSON(c, 200, []Template{})
		return nil
	}
	list, err := Templates(c.Request.Context(), q, p.FirmID, userType)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, list)
	return nil
}

// Templates lists a firm's templates of one user type in the firm's order.
func Templates(ctx context.Context, q resourceful.Querier, firmID int64, userType string) ([]Template, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, name, date_parameters, user_type, required_selector
		FROM report_template WHERE firm_id = ? AND user_type = ? ORDER BY sort_order, id`, firmID, userType)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Template{}
	for rows.Next() {
		var t Template
		if err := rows.Scan(&t.ID, &t.Name, &t.DateParameters, &t.UserType, &t.RequiredSelector); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// templateFor reads template id when it is the caller's to run (its firm, its user type);
// anything else answers like a missing template.
func templateFor(ctx context.Context, q resourceful.Querier, p access.Principal, id int64) (Template, error) {
	var t Template
	err := q.QueryRowContext(ctx, `SELECT id, name, date_parameters, user_type, required_selector
		FROM report_template WHERE id = ? AND firm_id = ? AND user_type = ?`, id, p.FirmID, userTypeOf(p)).
		Scan(&t.ID, &t.Name, &t.DateParameters, &t.UserType, &t.RequiredSelector)
	if errors.Is(err, sql.ErrNoRows) {
		return Template{}, apierr.ErrNotFound
	}
	return t, err
}
