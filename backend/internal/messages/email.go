package messages

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/resourceful"
)

// NotificationTemplate is the one email template of a client's message to the adviser.
const NotificationTemplate = "secure_message"

// The notification's failures (spec 3 §4.1 outcomes TemplateError and NotificationError); the
// user text is spec 3 §8's.
var (
	errTemplate     = apierr.New(http.StatusBadRequest, "TemplateError", "Message sent but no-one has been notified. Please contact us separately")
	errNotification = apierr.New(http.StatusBadGateway, "NotificationError", "Message sent but no-one has been notified. Please contact us separately")
)

// notification is the adviser's email: it names the portal and the message's number, never the
// client or anything of the message, so that neither the email nor a log line of it carries
// personal data.
func notification(product string, docID int64) (subject, body string) {
	subject = "You have a new secure message from your client in " + product
	body = subject + ". Log in to read it (message reference " + strconv.FormatInt(docID, 10) + ")."
	return subject, body
}

// productName is the firm's product name ("Harbour & Vale Online").
func productName(c *gin.Context, q resourceful.Querier, firmID int64) (string, error) {
	var name string
	err := q.QueryRowContext(c.Request.Context(), `SELECT product_name FROM firm WHERE id = ?`, firmID).Scan(&name)
	return name, err
}

// POST /resourceful/email/email: the client tells its adviser a message was sent.
func (m *Module) email(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	var req struct {
		DocnoteID  int64   `json:"docnote_id"`
		TemplateID *string `json:"template_id"`
	}
	raw, err := io.ReadAll(io.LimitReader(c.Request.Body, 4096))
	if err != nil {
		return apierr.BodyError(err, errNotJSON)
	}
	if err := json.NewDecoder(bytes.NewReader(raw)).Decode(&req); err != nil {
		return errNotJSON
	}
	if !p.IsClient() {
		return apierr.ErrForbidden
	}
	ctx := c.Request.Context()
	v := viewer{p: p, clientID: p.EntityID}
	n, err := v.note(ctx, q, req.DocnoteID)
	if err != nil {
		return err
	}
	if n.sender != SenderClient || n.entityID != p.EntityID {
		return apierr.ErrNotFound
	}
	if req.TemplateID != nil && *req.TemplateID != NotificationTemplate {
		return errTemplate
	}
	var to string
	err = q.QueryRowContext(ctx, `SELECT a.preferred_email FROM entity cl JOIN entity a ON a.id = cl.adviser_entity_id WHERE cl.id = ?`, p.EntityID).Scan(&to)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && to == "") {
		return errNotification
	}
	if err != nil {
		return err
	}
	product, err := productName(c, q, p.FirmID)
	if err != nil {
		return err
	}
	subject, body := notification(product, n.id)
	if err := m.sender.Send(ctx, notify.Email, to, subject+"\n\n"+body); err != nil {
		return errNotification
	}
	resourceful.JSON(c, 200, map[string]any{"sent": true})
	return nil
}

// GET /resourceful/email/template/:template
func (m *Module) template(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	if c.Param("template") != NotificationTemplate {
		return apierr.ErrNotFound
	}
	product, err := productName(c, q, p.FirmID)
	if err != nil {
		return err
	}
	subject, _ := notification(product, 0)
	resourceful.JSON(c, 200, map[string]any{"id": NotificationTemplate, "subject": subject})
	return nil
}
