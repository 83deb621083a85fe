package session

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gorilla/securecookie"
)

func TestKeysGeneratedOnceAndKept(t *testing.T) {
	dir := t.TempDir()
	a, err := LoadOrCreateKeys("", dir)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, "session-keys.json"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", st, err)
	}
	b, err := LoadOrCreateKeys("", dir)
	if err != nil || a[0] != b[0] {
		t.Fatal("keys changed between starts")
	}
}

func TestRotationOldCookiesStillDecode(t *testing.T) {
	oldPairs, _ := LoadOrCreateKeys("", t.TempDir())
	newPairs, _ := LoadOrCreateKeys("", t.TempDir())
	oldCodecs, err := Codecs(oldPairs, 3600)
	if err != nil {
		t.Fatal(err)
	}
	value, err := securecookie.EncodeMulti(CookieName, []byte("session-id"), oldCodecs...)
	if err != nil {
		t.Fatal(err)
	}
	configured := newPairs[0].Hash + ":" + newPairs[0].Block + "," + oldPairs[0].Hash + ":" + oldPairs[0].Block
	pairs, err := ParseKeys(configured)
	if err != nil {
		t.Fatal(err)
	}
	rotated, err := Codecs(pairs, 3600)
	if err != nil {
		t.Fatal(err)
	}
	var id []byte
	if err := securecookie.DecodeMulti(CookieName, value, &id, rotated...); err != nil || string(id) != "session-id" {
		t.Fatalf("old cookie after rotation: %v %q", err, id)
	}
	newOnly, _ := Codecs(newPairs, 3600)
	if err := securecookie.DecodeMulti(CookieName, value, &id, newOnly...); err == nil {
		t.Fatal("a retired key still decodes")
	}
}

func TestBadKeysRefused(t *testing.T) {
	for _, s := range []string{"", "nocolon", "c2hvcnQ=:c2hvcnQ="} {
		pairs, err := ParseKeys(s)
		if err == nil {
			_, err = Codecs(pairs, 60)
		}
		if err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
