package resourceful

import (
	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// Endpoint is a module's handler that already knows its caller and the querier to run SQL
// through.
type Endpoint func(c *gin.Context, q Querier, p access.Principal) error

// Handle resolves the caller and the request's querier (the open write transaction when the
// request names one, rebound for db's dialect), so that no endpoint can run SQL outside it or
// forget who is calling; errors answer in the platform's shape (apierr.Handler).
func Handle(db *store.DB, fn Endpoint) gin.HandlerFunc {
	return apierr.Handler(func(c *gin.Context) error {
		p, ok := access.From(c.Request.Context())
		if !ok {
			return apierr.ErrNoSession
		}
		return fn(c, Q(c, db), p)
	})
}
