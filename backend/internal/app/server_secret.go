package app

import (
	"encoding/base64"
	"errors"
	"fmt"

	"wealthportal/backend/internal/session"
)

// serverSecret is the server's secret for keyed hashes kept in the store (the signing codes of
// package signatures): the HMAC key of the newest session key pair (PORTAL_SESSION_KEYS, or the
// key file generated in the data directory), as the rate limiter's. Each user derives its own
// key from it. Rotating the session keys voids the signing codes outstanding (they live 10
// minutes): the client asks for a new one.
func serverSecret(keys []session.KeyPair) ([]byte, error) {
	if len(keys) == 0 {
		return nil, errors.New("server secret: no session keys")
	}
	secret, err := base64.StdEncoding.DecodeString(keys[0].Hash)
	if err != nil {
		return nil, fmt.Errorf("session keys: %w", err)
	}
	return secret, nil
}
