package session

import (
	"bytes"
	"testing"
	"time"

	"github.com/gorilla/securecookie"
)

// countingCodec is a securecookie.Codec that counts its decodings.
type countingCodec struct {
	securecookie.Codec
	decoded *int
}

func (c countingCodec) Decode(name, value string, dst any) error {
	*c.decoded++
	return c.Codec.Decode(name, value, dst)
}

// A cookie value that decoded is not checked and decrypted again on the requests that follow
// for CacheTTL (issue 13); a value that did not decode (tampered, foreign) is checked every
// time and never answers a session id.
func TestDecodedCookiesAreRemembered(t *testing.T) {
	pairs, _ := LoadOrCreateKeys("", t.TempDir())
	codecs, err := Codecs(pairs, 3600)
	if err != nil {
		t.Fatal(err)
	}
	decoded := 0
	counting := []securecookie.Codec{countingCodec{codecs[0], &decoded}}
	id := bytes.Repeat([]byte{9}, idLen)
	value, err := securecookie.EncodeMulti(CookieName, bytes.Clone(id), codecs...)
	if err != nil {
		t.Fatal(err)
	}
	var d decodedCookies
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	for i, at := range []time.Duration{0, time.Second, CacheTTL - time.Nanosecond} {
		got, err := d.decode(CookieName, value, counting, now.Add(at))
		if err != nil || !bytes.Equal(got, id) {
			t.Fatalf("request %d: %x %v", i, got, err)
		}
	}
	if decoded != 1 {
		t.Fatalf("%d decodings for three requests within the TTL, want 1", decoded)
	}
	if _, err := d.decode(CookieName, value, counting, now.Add(CacheTTL)); err != nil || decoded != 2 {
		t.Fatalf("after the TTL: %v, %d decodings, want 2", err, decoded)
	}
	tampered := value[:len(value)-2] + "AA"
	for range 2 {
		if got, err := d.decode(CookieName, tampered, counting, now); err == nil {
			t.Fatalf("a tampered value decoded to %x", got)
		}
	}
	if decoded != 4 {
		t.Fatalf("%d decodings, want a tampered value checked each time (4)", decoded)
	}
	if _, err := d.decode(SecureCookieName, value, counting, now.Add(CacheTTL)); err == nil {
		t.Fatal("a value decoded under another cookie name")
	}
}
