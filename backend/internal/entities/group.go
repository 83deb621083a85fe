package entities

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/resourceful"
)

// Member is one member of a client's group (spec 3 §3.4). member_id and entity_id both name the
// member's entity, the id every other call about the member takes; group_id names the group.
// isClient marks the member that is the client asked about, so a screen can tell "you" from the
// others. A member's data beyond this list needs access.CanReachEntity (view_partner and
// login_accessible for a client).
type Member struct {
	MemberID        int64  `json:"member_id"`
	EntityID        int64  `json:"entity_id"`
	GroupID         int64  `json:"group_id"`
	PartnerEntityID *int64 `json:"partner_entity_id"`
	LoginAccessible bool   `json:"login_accessible"`
	FirstName       string `json:"first_name"`
	LastName        string `json:"last_name"`
	EntityName      string `json:"entity_name"`
	IsClient        bool   `json:"isClient"`
}

// GET /resourceful/entity/client/:id/client_group/member
func (m *Module) getGroupMembers(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	members, err := GroupMembers(c.Request.Context(), q, p, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, members)
	return nil
}

// GroupMembers lists the members of every client group clientID belongs to, the client first
// in each group. The caller must reach clientID.
func GroupMembers(ctx context.Context, q access.Querier, p access.Principal, clientID int64) ([]Member, error) {
	if err := requireClient(ctx, q, p, clientID); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT m.group_id, e.id, e.partner_entity_id, m.login_accessible,
			e.first_name, e.last_name, e.entity_name
		FROM client_group_member mine
		JOIN client_group_member m ON m.group_id = mine.group_id
		JOIN entity e ON e.id = m.entity_id
		WHERE mine.entity_id = ? AND e.firm_id = ?
		ORDER BY m.group_id, e.id <> mine.entity_id, e.entity_name, e.id`, clientID, p.FirmID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	members := []Member{}
	for rows.Next() {
		var mb Member
		var partner sql.NullInt64
		if err := rows.Scan(&mb.GroupID, &mb.EntityID, &partner, &mb.LoginAccessible, &mb.FirstName, &mb.LastName, &mb.EntityName); err != nil {
			return nil, err
		}
		mb.MemberID = mb.EntityID
		mb.IsClient = mb.EntityID == clientID
		if partner.Valid {
			mb.PartnerEntityID = &partner.Int64
		}
		members = append(members, mb)
	}
	return members, rows.Err()
}
