package platform

import (
	"io"
	"time"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/notify"
)

// The platform's login rules moved to package auth (issue 11: a feature's two sides in one
// package). These three names keep the old spelling for the test fixtures of portfolio and
// performance, which another change of issue 11 is rewriting; remove them once those fixtures
// call auth (or testkit) directly. Nothing else uses them.

// SQLStore is auth.SQLStore.
//
// Deprecated: use auth.SQLStore.
type SQLStore = auth.SQLStore

// NewService is auth.NewService.
//
// Deprecated: use auth.NewService.
func NewService(st auth.Store, sender notify.Sender, now func() time.Time, rnd io.Reader, cost int) (*auth.Service, error) {
	return auth.NewService(st, sender, now, rnd, cost)
}

// HashPassword is auth.HashPassword.
//
// Deprecated: use auth.HashPassword.
func HashPassword(password string, cost int) (string, error) {
	return auth.HashPassword(password, cost)
}
