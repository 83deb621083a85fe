package testkit

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLoginIsOnePackage: both sides of logging in live in package auth (the platform's login
// rules in auth/platform_*.go), which imports no platform code, so that package platform is the
// engine and its client and builds on auth without an import cycle.
func TestLoginIsOnePackage(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(backendDir, "internal", "auth", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no auth files: %v", err)
	}
	platformSide := 0
	for _, path := range files {
		if strings.HasPrefix(filepath.Base(path), "platform_") && !strings.HasSuffix(path, "_test.go") {
			platformSide++
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); strings.HasSuffix(p, "/internal/platform") {
				t.Errorf("%s imports %s", path, p)
			}
		}
	}
	if platformSide == 0 {
		t.Error("auth holds no platform side (auth/platform_*.go)")
	}
}
