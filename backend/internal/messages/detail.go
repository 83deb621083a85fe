package messages

import (
	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// visibleNote reads the :id of the path as a note the caller may see.
func (m *Module) visibleNote(c *gin.Context, q resourceful.Querier, p access.Principal) (viewer, note, error) {
	ctx := c.Request.Context()
	v, err := viewerOf(ctx, q, p)
	if err != nil {
		return v, note{}, err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return v, note{}, err
	}
	n, err := v.note(ctx, q, id)
	return v, n, err
}

// visibleBody reads the :id of the path as a note the caller may see, with its stored
// (sanitised) body.
func (m *Module) visibleBody(c *gin.Context, q resourceful.Querier, p access.Principal) (note, string, error) {
	_, n, err := m.visibleNote(c, q, p)
	if err != nil {
		return n, "", err
	}
	var body string
	err = q.QueryRowContext(c.Request.Context(), `SELECT body FROM docnote WHERE id = ?`, n.id).Scan(&body)
	return n, body, err
}

// GET /resourceful/docnote-v2/:id
func (m *Module) get(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	n, body, err := m.visibleBody(c, q, p)
	if err != nil {
		return err
	}
	out := n.item()
	out["documentBody"] = body
	out["documentAttachments"] = n.partItems()
	resourceful.JSON(c, 200, out)
	return nil
}

// GET /resourceful/docnote-v2/:id/body
func (m *Module) body(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	_, body, err := m.visibleBody(c, q, p)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, map[string]any{"body": body})
	return nil
}

// partItems are the note's attachments as the API gives them.
func (n note) partItems() []map[string]any {
	out := make([]map[string]any, len(n.attachments))
	for i, a := range n.attachments {
		out[i] = a.item()
	}
	return out
}

// GET /resourceful/docnote-v2/:id/attachment-v4
func (m *Module) attachments(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	_, n, err := m.visibleNote(c, q, p)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, n.partItems())
	return nil
}

// visiblePart reads the :id and :part of the path as an attachment of a note the caller may see.
func (m *Module) visiblePart(c *gin.Context, q resourceful.Querier, p access.Principal) (part, error) {
	_, n, err := m.visibleNote(c, q, p)
	if err != nil {
		return part{}, err
	}
	return n.part(c, "part")
}

// GET /resourceful/docnote-v2/:id/attachment-v4/:part
func (m *Module) attachment(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	a, err := m.visiblePart(c, q, p)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, a.item())
	return nil
}

// part finds the attachment named by a path parameter among the note's.
func (n note) part(c *gin.Context, param string) (part, error) {
	id, err := pathID(c, param)
	if err != nil {
		return part{}, err
	}
	for _, a := range n.attachments {
		if a.id == id {
			return a, nil
		}
	}
	return part{}, apierr.ErrNotFound
}

// POST /resourceful/docnote-v2/:id/firstread: the client's read receipt. The first call sets
// firstread; later ones change nothing. Advisers read without marking read (403).
func (m *Module) firstRead(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	v, n, err := m.visibleNote(c, q, p)
	if err != nil {
		return err
	}
	if !v.isClient() {
		return apierr.ErrForbidden
	}
	if !n.firstread.Valid {
		now := store.FormatTime(m.now())
		if _, err := q.ExecContext(c.Request.Context(), `UPDATE docnote SET firstread = ? WHERE id = ? AND firstread IS NULL`, now, n.id); err != nil {
			return err
		}
		if n, err = loadNote(c.Request.Context(), q, n.id); err != nil {
			return err
		}
	}
	resourceful.JSON(c, 200, n.item())
	return nil
}

// GET /resourceful/docnote-v2/category: the firm's categories; important marks the one of
// important documents.
func (m *Module) categories(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	rows, err := q.QueryContext(c.Request.Context(), `SELECT id, name, important FROM doc_category WHERE firm_id = ? ORDER BY id`, p.FirmID)
	if err != nil {
		return err
	}
	defer rows.Close()
	out := []map[string]any{}
	for rows.Next() {
		var id int64
		var name string
		var important int
		if err := rows.Scan(&id, &name, &important); err != nil {
			return err
		}
		out = append(out, map[string]any{"category_id": id, "name": name, "important": important == 1})
	}
	if err := rows.Err(); err != nil {
		return err
	}
	resourceful.JSON(c, 200, out)
	return nil
}

// GET /resourceful/docnote-v2/doctype: the firm's document types.
func (m *Module) doctypes(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	rows, err := q.QueryContext(c.Request.Context(), `SELECT code, name FROM doc_type WHERE firm_id = ? ORDER BY name, code`, p.FirmID)
	if err != nil {
		return err
	}
	defer rows.Close()
	out := []map[string]any{}
	for rows.Next() {
		var code, name string
		if err := rows.Scan(&code, &name); err != nil {
			return err
		}
		out = append(out, map[string]any{"code": code, "name": name})
	}
	if err := rows.Err(); err != nil {
		return err
	}
	resourceful.JSON(c, 200, out)
	return nil
}
