package recovery

import (
	"errors"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/ratelimit"
)

// guarded makes a help call under the client address's limit, the one logins share: every code
// or reminder sent (sends) and every wrong code, wrong answer or mismatch counts, so one
// address cannot spray reset e-mails or guesses over many usernames. An answer that tested
// nothing (the platform down, a limit of the platform's own) is given back.
func (h *Handler) guarded(c *gin.Context, sends bool, call func() error) error {
	ctx := c.Request.Context()
	d, err := h.Limiter.Check(ctx, ratelimit.AddressKeyOf(c))
	if err != nil {
		return err
	}
	if !d.Allowed {
		return ratelimit.Deny(c, d)
	}
	err = call()
	var ae *apierr.Error
	wrong := errors.As(err, &ae) && (ae.APIMessage == CodeInvalidAPI || ae.APIMessage == ArgumentsIncorrectAPI || ae.APIMessage == MismatchAPI)
	if wrong || (err == nil && sends) {
		h.Limiter.Fail(d)
	} else {
		_ = h.Limiter.Release(ctx, d)
	}
	return err
}
