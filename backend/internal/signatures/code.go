package signatures

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Codes live 10 minutes (docs/api-contract.md, chosen) and die after MaxAttempts wrong tries.
const (
	CodeLifetime = 10 * time.Minute
	MaxAttempts  = 5
)

// The errors of spec 3 §8 ("Signing code errors", "Invalid phone"): api_message is the
// platform's text the browser maps; user_message the text the browser shows.
var (
	ErrInvalidPhone = apierr.New(http.StatusBadRequest, "Invalid phone number",
		"We are unable to sign the document as there seems to be a problem with your registered phone number. Please contact your adviser.")
	ErrOTPMismatch = apierr.New(http.StatusBadRequest, "OTP does not match",
		"The security code that you provided does not match the one that was sent. Please try again.")
	ErrOTPTooMany = apierr.New(http.StatusBadRequest, "Too many incorrect OTP attempts", "Too many invalid code attempts.")
	ErrOTPExpired = apierr.New(http.StatusBadRequest, "OTP code has expired", "The security code that we sent has expired.")
	// ErrNotSignable answers a code or a signature for a request the caller cannot sign now
	// (spec 3 §4.2: signed, declined, pending, or already acted on by this signatory).
	ErrNotSignable = apierr.BadRequest("This document is not awaiting your signature")
	// errNotSent answers a code the SMS sender refused.
	errNotSent = apierr.New(http.StatusBadGateway, "The security code could not be sent",
		"The security code could not be sent. Please try again. If the problem persists, contact your Financial Adviser.")
)

// codeKeyOf derives this package's own HMAC key from the server secret, so a secret shared
// with another purpose (the session cookie's HMAC key, the rate limiter's) never keys two
// things directly.
func codeKeyOf(secret []byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("wealthportal/signatures/code/v1"))
	return m.Sum(nil)
}

// hashCode is the stored form of a code: HMAC-SHA-256 under the server's key over the
// signatory, a random salt of the code's own and the code. Without the key, a copy of the
// table cannot be searched through the million six-digit codes.
func hashCode(key []byte, signatoryID int64, salt []byte, code string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("signature:" + strconv.FormatInt(signatoryID, 10) + ":" + hex.EncodeToString(salt) + ":" + code))
	return m.Sum(nil)
}

// newCode is a six-digit code from r.
func newCode(r io.Reader) (string, error) {
	n, err := rand.Int(r, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// token is a random opaque handle (secure_data).
func token(r io.Reader) (string, error) {
	b := make([]byte, 18)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// actor loads what a signing call acts on: the caller (a client: advisers are read-only), the
// request in their folder and their own signatory row on it (another's answers 404, like a
// missing one), and checks spec 3 §4.2's rule that they can sign it now.
func (m *Module) actor(c *gin.Context, p access.Principal) (request, signatory, error) {
	me, err := signer(p)
	if err != nil {
		return request{}, signatory{}, err
	}
	id, err := pathID(c, "id")
	if err != nil {
		return request{}, signatory{}, err
	}
	sid, err := pathID(c, "sid")
	if err != nil {
		return request{}, signatory{}, err
	}
	ctx := c.Request.Context()
	q := resourceful.Q(c, m.db)
	r, err := loadRequest(ctx, q, p.FirmID, me, id)
	if err != nil {
		return r, signatory{}, err
	}
	s, err := loadSignatory(ctx, q, id, sid)
	if err != nil {
		return r, s, err
	}
	if s.EntityID != me {
		return r, s, apierr.ErrNotFound
	}
	if !CanSign(r.Status, s.CanSign, s.Method.Valid) {
		return r, s, ErrNotSignable
	}
	return r, s, nil
}

// POST /resourceful/digital_signature/:id/signatories/:sid/generate_code: a new six-digit code
// by SMS to the signatory's registered phone, replacing any earlier one.
func (m *Module) generateCode(c *gin.Context, p access.Principal) error {
	_, s, err := m.actor(c, p)
	if err != nil {
		return err
	}
	if !ValidPhone(s.Phone) {
		return ErrInvalidPhone
	}
	// Every code sent counts, whatever follows: new codes cannot buy unlimited guesses or
	// flood a phone.
	if err := m.limiter.Spend(c, ratelimit.CodeSendKey("signature:"+strconv.FormatInt(p.UserID, 10))); err != nil {
		return err
	}
	ctx := c.Request.Context()
	code, err := newCode(m.rand)
	if err != nil {
		return err
	}
	handle, err := token(m.rand)
	if err != nil {
		return err
	}
	salt := make([]byte, 16)
	if _, err := io.ReadFull(m.rand, salt); err != nil {
		return err
	}
	now := m.now()
	err = resourceful.WithTx(c, m.db, func(q resourceful.Querier) error {
		if _, err := q.ExecContext(ctx, `DELETE FROM signature_code WHERE signatory_id = ?`, s.ID); err != nil {
			return err
		}
		_, err := resourceful.Insert(ctx, q, "signature_code",
			[]string{"signatory_id", "secure_data", "salt", "code_hash", "attempts", "created_at", "expires_at"},
			s.ID, handle, salt, hashCode(m.codeKey, s.ID, salt, code), 0, store.FormatTime(now), store.FormatTime(now.Add(CodeLifetime)))
		return err
	})
	if err != nil {
		return err
	}
	// Worded like the login codes ("security code is 123456. "), which the development tools read.
	body := "Your security code is " + code + ". Use it to sign or decline your document; it expires in 10 minutes. Never share it."
	if err := m.sender.Send(ctx, notify.SMS, s.Phone, body); err != nil {
		m.log.ErrorContext(ctx, "signature code not sent", "err", err)
		_ = m.forgetCode(ctx, s.ID)
		return errNotSent
	}
	resourceful.JSON(c, http.StatusOK, map[string]any{"secure_data": handle})
	return nil
}

// forgetCode removes a code that never went out.
func (m *Module) forgetCode(ctx context.Context, signatoryID int64) error {
	_, err := m.db.ExecContext(ctx, m.db.Rebind(`DELETE FROM signature_code WHERE signatory_id = ?`), signatoryID)
	return err
}
