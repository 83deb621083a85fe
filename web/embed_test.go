package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"path"
	"strings"
	"testing"
)

// The rule of web/scripts/precompress.mjs (isCompressible), which the build applies: text
// formats of at least minBytes, except the files the server renders per request.
const minBytes = 1024

var (
	compressible = map[string]bool{".js": true, ".mjs": true, ".css": true, ".html": true, ".svg": true, ".json": true,
		".webmanifest": true, ".txt": true, ".xml": true, ".map": true, ".wasm": true, ".ico": true}
	rendered = map[string]bool{"index.html": true, "site-config.json": true}
)

// Every file of the embedded build worth compressing has a gzip and a brotli sibling (the
// server sends them instead of compressing per request), the gzip one decompresses to the file,
// and no sibling is left without its file. The brotli sibling is checked against its file by
// the build itself (Go has no brotli decoder) and, in a browser, by the e2e suite.
func TestBuildIsPrecompressed(t *testing.T) {
	dist := Dist()
	var checked int
	err := fs.WalkDir(dist, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if base, ok := strings.CutSuffix(name, ".gz"); ok {
			if _, err := fs.Stat(dist, base); err != nil {
				t.Errorf("%s has no original", name)
			}
			return nil
		}
		if base, ok := strings.CutSuffix(name, ".br"); ok {
			if _, err := fs.Stat(dist, base); err != nil {
				t.Errorf("%s has no original", name)
			}
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		want := compressible[strings.ToLower(path.Ext(name))] && info.Size() >= minBytes && !rendered[name]
		gz, gzErr := fs.ReadFile(dist, name+".gz")
		br, brErr := fs.ReadFile(dist, name+".br")
		if !want {
			if gzErr == nil || brErr == nil {
				t.Errorf("%s (%d bytes) has a sibling it should not have", name, info.Size())
			}
			return nil
		}
		checked++
		if gzErr != nil || brErr != nil {
			t.Errorf("%s (%d bytes): gzip sibling %v, brotli sibling %v", name, info.Size(), gzErr, brErr)
			return nil
		}
		original, err := fs.ReadFile(dist, name)
		if err != nil {
			return err
		}
		r, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			t.Errorf("%s.gz: %v", name, err)
			return nil
		}
		if plain, err := io.ReadAll(r); err != nil || !bytes.Equal(plain, original) {
			t.Errorf("%s.gz does not decompress to %s (%v)", name, name, err)
		}
		if len(br) == 0 || len(br) >= len(original) || len(gz) >= len(original) {
			t.Errorf("%s: %d bytes, gzip %d, brotli %d", name, len(original), len(gz), len(br))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Error("no file of the build was worth compressing: is web/dist built?")
	}
}
