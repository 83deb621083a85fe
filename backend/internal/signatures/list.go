package signatures

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// pageSizeMax is spec 3 §9's digital signature page size: the list is one page of at most 100.
const pageSizeMax = 100

// GET /resourceful/digital_signature: the viewer's requests to sign (page_size 1-100,
// page_sort -last_notified_at or last_notified_at, optional status).
func (m *Module) list(c *gin.Context, p access.Principal) error {
	viewer, err := m.viewer(c, p)
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return err
	}
	size, err := params.Int("page_size", pageSizeMax)
	if err != nil {
		return err
	}
	if size < 1 || size > pageSizeMax {
		return apierr.BadRequest("Invalid page_size")
	}
	ascending := false
	switch strings.TrimSpace(params.String("page_sort")) {
	case "", "-last_notified_at":
	case "last_notified_at", "+last_notified_at":
		ascending = true
	default:
		return apierr.BadRequest("Invalid page_sort")
	}
	var status *int
	if params.Has("status") {
		s, err := params.Int("status", 0)
		if err != nil || s < StatusPartSigned || s > StatusAwaitingSignature {
			return apierr.BadRequest("Invalid status")
		}
		status = &s
	}
	ctx := c.Request.Context()
	q := resourceful.Q(c, m.db)
	st, err := loadSetting(ctx, q, p.FirmID)
	if err != nil {
		return err
	}
	items, err := listRequests(ctx, q, p.FirmID, viewer, status, ascending, size)
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(items))
	for i, r := range items {
		out[i] = itemJSON(r, st)
	}
	resourceful.JSON(c, http.StatusOK, out)
	return nil
}

// itemJSON is a request as the list gives it; terms are the request's own, else the firm's.
func itemJSON(r request, st setting) map[string]any {
	terms := r.Terms
	if terms == "" {
		terms = st.Terms
	}
	var due, docnote any
	if r.DueDate.Valid {
		due = r.DueDate.String
	}
	if r.DocnoteID.Valid {
		docnote = r.DocnoteID.Int64
	}
	return map[string]any{
		"id": r.ID, "filename": r.Filename, "duedate": due, "status": r.Status, "secure_data": r.SecureData,
		"last_notified_at": apiTime(r.LastNotifiedAt), "terms_and_conds": terms, "docnote_id": docnote,
	}
}

// viewedRequest reads the :id of the path as a request in the viewer's folder; any other
// answers 404 like a missing one.
func (m *Module) viewedRequest(c *gin.Context, p access.Principal) (request, error) {
	viewer, err := m.viewer(c, p)
	if err != nil {
		return request{}, err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return request{}, err
	}
	return loadRequest(c.Request.Context(), resourceful.Q(c, m.db), p.FirmID, viewer, id)
}

// GET /resourceful/digital_signature/:id/signatories
func (m *Module) signatories(c *gin.Context, p access.Principal) error {
	r, err := m.viewedRequest(c, p)
	if err != nil {
		return err
	}
	list, err := listSignatories(c.Request.Context(), resourceful.Q(c, m.db), r.ID)
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(list))
	for i, s := range list {
		var signedAt, method any
		if s.SignedAt.Valid {
			signedAt = apiTime(s.SignedAt.String)
		}
		if s.Method.Valid {
			method = s.Method.Int64
		}
		out[i] = map[string]any{
			"id": s.ID, "entityid": s.EntityID, "entity_name": s.EntityName, "entity_phone": MaskPhone(s.Phone),
			"can_sign": s.CanSign, "signed_at": signedAt, "signing_method": method,
		}
	}
	resourceful.JSON(c, http.StatusOK, out)
	return nil
}

// GET /resourceful/sysadmin/digital_signature-v2: the caller's firm's terms and e-mail templates.
func (m *Module) settings(c *gin.Context, p access.Principal) error {
	st, err := loadSetting(c.Request.Context(), resourceful.Q(c, m.db), p.FirmID)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, map[string]any{
		"terms_and_conditions": st.Terms, "sign_template_id": nullString(st.SignTemplate.String, st.SignTemplate.Valid),
		"decline_template_id": nullString(st.DeclineTmpl.String, st.DeclineTmpl.Valid),
	})
	return nil
}

func nullString(s string, valid bool) any {
	if !valid {
		return nil
	}
	return s
}

// GET /resourceful/digital_signature/content/:id/:filename: the PDF to show in the page, the
// signed version once someone has signed. A filename other than the stored one is a 404.
func (m *Module) content(c *gin.Context, p access.Principal) error {
	r, err := m.viewedRequest(c, p)
	if err != nil {
		return err
	}
	if c.Param("filename") != r.Filename {
		return apierr.ErrNotFound
	}
	var doc []byte
	if err := resourceful.Q(c, m.db).QueryRowContext(c.Request.Context(), `SELECT COALESCE(signed_content, content) FROM signature_request WHERE id = ?`, r.ID).Scan(&doc); err != nil {
		return err
	}
	h := c.Writer.Header()
	h.Set("Content-Disposition", "inline")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	c.Data(http.StatusOK, "application/pdf", doc)
	return nil
}
