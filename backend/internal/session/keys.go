package session

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gorilla/securecookie"
)

// KeyPair is one securecookie key pair: a 64-byte HMAC key and a 32-byte AES key.
type KeyPair struct {
	Hash  string `json:"hash"`
	Block string `json:"block"`
}

// ParseKeys reads "hash:block,hash:block" (base64 each), newest first.
func ParseKeys(s string) ([]KeyPair, error) {
	var pairs []KeyPair
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		hb := strings.SplitN(part, ":", 2)
		if len(hb) != 2 {
			return nil, errors.New("session key pair must be hash:block")
		}
		pairs = append(pairs, KeyPair{Hash: hb[0], Block: hb[1]})
	}
	if len(pairs) == 0 {
		return nil, errors.New("no session keys given")
	}
	return pairs, nil
}

// LoadOrCreateKeys returns the configured keys, or the ones kept in dataDir, generating and
// saving (mode 0600) a first pair when there are none.
func LoadOrCreateKeys(configured, dataDir string) ([]KeyPair, error) {
	if configured != "" {
		return ParseKeys(configured)
	}
	file := filepath.Join(dataDir, "session-keys.json")
	if b, err := os.ReadFile(file); err == nil {
		var pairs []KeyPair
		if err := json.Unmarshal(b, &pairs); err != nil || len(pairs) == 0 {
			return nil, fmt.Errorf("%s: unreadable session keys", file)
		}
		return pairs, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	pairs := []KeyPair{{
		Hash:  base64.StdEncoding.EncodeToString(securecookie.GenerateRandomKey(64)),
		Block: base64.StdEncoding.EncodeToString(securecookie.GenerateRandomKey(32)),
	}}
	b, _ := json.MarshalIndent(pairs, "", "  ")
	if err := os.WriteFile(file, b, 0o600); err != nil {
		return nil, err
	}
	return pairs, nil
}

// Codecs turns key pairs into securecookie codecs, newest first: the first encodes, all decode.
func Codecs(pairs []KeyPair, maxAgeSeconds int) ([]securecookie.Codec, error) {
	var raw [][]byte
	for i, p := range pairs {
		h, err := base64.StdEncoding.DecodeString(p.Hash)
		if err != nil || len(h) < 32 {
			return nil, fmt.Errorf("session key %d: hash key must be base64 of at least 32 bytes", i+1)
		}
		b, err := base64.StdEncoding.DecodeString(p.Block)
		if err != nil || (len(b) != 16 && len(b) != 24 && len(b) != 32) {
			return nil, fmt.Errorf("session key %d: block key must be base64 of 16, 24 or 32 bytes", i+1)
		}
		raw = append(raw, h, b)
	}
	codecs := securecookie.CodecsFromPairs(raw...)
	for _, c := range codecs {
		// The codec's own MaxAge (30 days by default) must match the session's absolute lifetime.
		c.(*securecookie.SecureCookie).MaxAge(maxAgeSeconds)
		// The value is the raw session id (decodeID): no gob decoder per request.
		c.(*securecookie.SecureCookie).SetSerializer(securecookie.NopEncoder{})
	}
	return codecs, nil
}
