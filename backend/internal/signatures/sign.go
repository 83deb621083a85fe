package signatures

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the firm's time zone on the signature page, the same on every machine

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// POST /resourceful/digital_signature/:id/signatories/:sid/sign: sign (signing_method 1) or
// decline (2) with the code sent to the signatory's phone; secure_data is the handle
// generate_code answered.
func (m *Module) sign(c *gin.Context, p access.Principal) error {
	r, s, err := m.actor(c, p)
	if err != nil {
		return err
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return err
	}
	method, err := params.Int("signing_method", 0)
	if err != nil || (method != MethodSign && method != MethodDecline) {
		return apierr.BadRequest("Invalid signing_method")
	}
	handle, otp := params.String("secure_data"), strings.TrimSpace(params.String("otp"))
	if err := m.limiter.Spend(c, ratelimit.WriteKey(p.UserID)); err != nil {
		return err
	}
	ctx := c.Request.Context()
	st, err := loadSetting(ctx, resourceful.Q(c, m.db), p.FirmID)
	if err != nil {
		return err
	}
	now := m.now()
	var verdict error
	status := r.Status
	err = resourceful.WithTx(c, m.db, func(q resourceful.Querier) error {
		verdict, status, err = m.trySign(ctx, q, r, s, st, method, handle, otp, now)
		return err
	})
	if err != nil {
		return err
	}
	if verdict != nil {
		return verdict
	}
	m.confirm(ctx, st, r, s, method)
	resourceful.JSON(c, http.StatusOK, map[string]any{"status": status, "signed_at": now.UTC().Format(time.RFC3339)})
	return nil
}

// trySign judges the code and, when it is right, records the signature, all in tx. A wrong code
// is a verdict (its try is still counted, so tx commits); err is for failures of the store.
// tx rebinds the ? placeholders (resourceful.WithTx).
func (m *Module) trySign(ctx context.Context, tx resourceful.Querier, r request, s signatory, st setting, method int, handle, otp string, now time.Time) (verdict error, status int, err error) {
	// Take the request's row first: two signatories acting at once add their pages in turn.
	if _, err := tx.ExecContext(ctx, `UPDATE signature_request SET status = status WHERE id = ?`, r.ID); err != nil {
		return nil, 0, err
	}
	var current int
	var acted sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT r.status, s.signing_method FROM signature_request r
		JOIN signature_signatory s ON s.request_id = r.id WHERE r.id = ? AND s.id = ?`, r.ID, s.ID).Scan(&current, &acted); err != nil {
		return nil, 0, err
	}
	if !CanSign(current, s.CanSign, acted.Valid) {
		return ErrNotSignable, current, nil
	}
	var codeID int64
	var stored, expires string
	var salt, hash []byte
	var attempts int
	var used sql.NullString
	err = tx.QueryRowContext(ctx, `SELECT id, secure_data, salt, code_hash, attempts, expires_at, used_at
		FROM signature_code WHERE signatory_id = ?`, s.ID).Scan(&codeID, &stored, &salt, &hash, &attempts, &expires, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrOTPExpired, current, nil
	}
	if err != nil {
		return nil, 0, err
	}
	expiry, err := store.ParseTime(expires)
	if err != nil {
		return nil, 0, err
	}
	switch {
	case used.Valid || subtle.ConstantTimeCompare([]byte(stored), []byte(handle)) != 1:
		// A spent code, or one a newer code replaced.
		return ErrOTPExpired, current, nil
	case attempts >= MaxAttempts:
		return ErrOTPTooMany, current, nil
	case !now.Before(expiry):
		return ErrOTPExpired, current, nil
	}
	// Count the try before judging it, so parallel guesses cannot pass the limit.
	res, err := tx.ExecContext(ctx, `UPDATE signature_code SET attempts = attempts + 1 WHERE id = ? AND attempts < ? AND used_at IS NULL`, codeID, MaxAttempts)
	if err != nil {
		return nil, 0, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrOTPTooMany, current, err
	}
	if !hmac.Equal(hash, hashCode(m.codeKey, s.ID, salt, otp)) {
		if attempts+1 >= MaxAttempts {
			return ErrOTPTooMany, current, nil
		}
		return ErrOTPMismatch, current, nil
	}
	at := store.FormatTime(now)
	if _, err := tx.ExecContext(ctx, `UPDATE signature_code SET used_at = ? WHERE id = ?`, at, codeID); err != nil {
		return nil, 0, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE signature_signatory SET signed_at = ?, signing_method = ? WHERE id = ?`, at, method, s.ID); err != nil {
		return nil, 0, err
	}
	var remaining int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM signature_signatory WHERE request_id = ? AND can_sign = 1 AND signing_method IS NULL`, r.ID).Scan(&remaining); err != nil {
		return nil, 0, err
	}
	status = StatusAfter(method, remaining)
	if method == MethodDecline {
		_, err = tx.ExecContext(ctx, `UPDATE signature_request SET status = ? WHERE id = ?`, status, r.ID)
		return nil, status, err
	}
	var doc []byte
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(signed_content, content) FROM signature_request WHERE id = ?`, r.ID).Scan(&doc); err != nil {
		return nil, 0, err
	}
	signed, err := AppendSignaturePage(doc, record(r, s, st, now, doc))
	if err != nil {
		return nil, 0, err
	}
	_, err = tx.ExecContext(ctx, `UPDATE signature_request SET status = ?, signed_content = ? WHERE id = ?`, status, signed, r.ID)
	return nil, status, err
}

// record is what the signature page states for s signing r's doc at now.
func record(r request, s signatory, st setting, now time.Time, doc []byte) SignatureRecord {
	loc, err := time.LoadLocation(st.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	sum := sha256.Sum256(doc)
	const layout = "2 January 2006 15:04:05"
	local := now.In(loc)
	return SignatureRecord{
		Filename:  r.Filename,
		Signatory: s.name(),
		UTC:       now.UTC().Format(layout) + " UTC",
		Local:     local.Format(layout) + " " + local.Format("MST") + " (" + loc.String() + ")",
		// The page's core fonts write only Latin-1 reliably, so the mask's bullets become asterisks.
		Method: "One-time security code sent by SMS to " + strings.ReplaceAll(MaskPhone(s.Phone), "•", "*"),
		SHA256: hex.EncodeToString(sum[:]),
	}
}

// confirm sends the confirmation e-mail of spec 3 §4.2 when the firm has a template for what
// was done. The signature stands whatever happens to the e-mail: a failure is logged only.
func (m *Module) confirm(ctx context.Context, st setting, r request, s signatory, method int) {
	template, what := st.SignTemplate, "signed"
	if method == MethodDecline {
		template, what = st.DeclineTmpl, "declined"
	}
	if !template.Valid || s.Email == "" {
		return
	}
	body := "You have " + what + " the document \"" + r.Filename + "\" in your client portal (reference " +
		strconv.FormatInt(r.ID, 10) + ", template " + template.String + "). If this was not you, contact your adviser at once."
	if err := m.sender.Send(ctx, notify.Email, s.Email, body); err != nil {
		m.log.ErrorContext(ctx, "signature confirmation e-mail not sent", "err", err)
	}
}
