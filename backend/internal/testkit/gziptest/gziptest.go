// Package gziptest compresses and decompresses bodies in tests of compressed answers (the
// precompressed static files, the dynamic gzip of API answers), failing the test on bad input.
package gziptest

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
)

// Gunzip is b decompressed; the test fails when b is not gzip.
func Gunzip(t testing.TB, b []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Gzip is b compressed.
func Gzip(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
