package session

import (
	"bytes"
	"testing"

	"github.com/gorilla/securecookie"
)

// The cookie carries the session id itself, not a gob encoding of it: decoding it per request
// needs no gob decoder (issue 13).
func TestCookieCarriesTheRawID(t *testing.T) {
	pairs, _ := LoadOrCreateKeys("", t.TempDir())
	codecs, err := Codecs(pairs, 3600)
	if err != nil {
		t.Fatal(err)
	}
	id := bytes.Repeat([]byte{7}, idLen)
	value, err := securecookie.EncodeMulti(CookieName, bytes.Clone(id), codecs...)
	if err != nil {
		t.Fatal(err)
	}
	// The same keys without a serializer of their own: what the signed, encrypted value holds.
	raw := rawCodecs(t, pairs)
	var held []byte
	if err := securecookie.DecodeMulti(CookieName, value, &held, raw...); err != nil || !bytes.Equal(held, id) {
		t.Fatalf("the cookie holds %x (%v), want the id %x", held, err, id)
	}
	got, err := decodeID(CookieName, value, codecs)
	if err != nil || !bytes.Equal(got, id) {
		t.Fatalf("decodeID: %x %v", got, err)
	}
}

// A cookie issued before the change (the id gob-encoded, securecookie's default) still decodes
// to its session id, so nobody is signed out by the upgrade.
func TestGobCookieFromBeforeStillDecodes(t *testing.T) {
	pairs, _ := LoadOrCreateKeys("", t.TempDir())
	codecs, err := Codecs(pairs, 3600)
	if err != nil {
		t.Fatal(err)
	}
	old := gobCodecs(t, pairs)
	id := bytes.Repeat([]byte{9}, idLen)
	value, err := securecookie.EncodeMulti(CookieName, bytes.Clone(id), old...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeID(CookieName, value, codecs)
	if err != nil || !bytes.Equal(got, id) {
		t.Fatalf("old cookie: %x %v, want %x", got, err, id)
	}
	// A well-signed value that is neither form is no session, not an error.
	short, _ := securecookie.EncodeMulti(CookieName, []byte("short"), rawCodecs(t, pairs)...)
	if _, err := decodeID(CookieName, short, codecs); err != errNotAnID {
		t.Fatalf("a value that is no id: %v", err)
	}
}

// gobCodecs are codecs of pairs as they were made before issue 13 (gob serializer).
func gobCodecs(t *testing.T, pairs []KeyPair) []securecookie.Codec {
	t.Helper()
	codecs, err := Codecs(pairs, 3600)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codecs {
		c.(*securecookie.SecureCookie).SetSerializer(securecookie.GobEncoder{})
	}
	return codecs
}

// rawCodecs are codecs of pairs that pass the value through as it is.
func rawCodecs(t *testing.T, pairs []KeyPair) []securecookie.Codec {
	t.Helper()
	codecs, err := Codecs(pairs, 3600)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codecs {
		c.(*securecookie.SecureCookie).SetSerializer(securecookie.NopEncoder{})
	}
	return codecs
}
