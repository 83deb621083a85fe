package gziptest

import (
	"bytes"
	"testing"
)

func TestGzipRoundTrip(t *testing.T) {
	in := bytes.Repeat([]byte("portfolio "), 100)
	packed := Gzip(t, in)
	if len(packed) >= len(in) || packed[0] != 0x1f || packed[1] != 0x8b {
		t.Fatalf("not gzip: % x", packed[:4])
	}
	if out := Gunzip(t, packed); !bytes.Equal(out, in) {
		t.Fatalf("round trip changed the body")
	}
}
