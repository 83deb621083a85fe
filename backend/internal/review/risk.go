package review

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/microcosm-cc/bluemonday"

	"wealthportal/backend/internal/resourceful"
)

// RiskProfile is a person's attitude-to-risk profile (spec 3 §3.3: index, name, description,
// isEmpty). Description is HTML, sanitised by DescriptionPolicy.
type RiskProfile struct {
	Index       *int   `json:"index"`
	Name        string `json:"name"`
	Description string `json:"description"`
	IsEmpty     bool   `json:"isEmpty"`
}

// DescriptionPolicy is what a risk description may hold: paragraphs, line breaks, emphasis and
// lists. Everything else (scripts, styles, links, images, attributes) is removed.
func DescriptionPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "strong", "b", "em", "i", "ul", "ol", "li")
	return p
}

// RiskProfileOf is the entity's risk profile; no row, or one without a name, is empty.
func RiskProfileOf(ctx context.Context, q resourceful.Querier, entityID int64) (RiskProfile, error) {
	var idx int
	var name, desc string
	err := q.QueryRowContext(ctx, `SELECT risk_index, name, description FROM risk_profile WHERE entity_id = ?`, entityID).Scan(&idx, &name, &desc)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && strings.TrimSpace(name) == "") {
		return RiskProfile{IsEmpty: true}, nil
	}
	if err != nil {
		return RiskProfile{}, err
	}
	return RiskProfile{Index: &idx, Name: name, Description: DescriptionPolicy().Sanitize(desc)}, nil
}
