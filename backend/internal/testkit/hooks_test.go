package testkit

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"wealthportal/backend/internal/platform"
)

// backendDir is the backend's source tree, from this package's folder.
const backendDir = "../.."

// productionFiles are the backend's Go files that are not tests, outside this package (which is
// test tooling itself), relative to backendDir.
func productionFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(backendDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && filepath.Base(path) == "testkit" { // with testdb, test tooling too
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("found only %d production files under %s", len(files), backendDir)
	}
	return files
}

// TestProductionCodeImportsNoTestTooling: test hooks live in _test.go files. Production code
// imports neither the standard library's test packages (httptest's recorder in the in-process
// platform client, batch and transaction replays was one) nor this package.
func TestProductionCodeImportsNoTestTooling(t *testing.T) {
	fset := token.NewFileSet()
	for _, path := range productionFiles(t) {
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "testing" || strings.HasPrefix(p, "testing/") || p == "net/http/httptest" || strings.HasSuffix(p, "/internal/testkit") || strings.Contains(p, "/internal/testkit/") {
				t.Errorf("%s imports %s", path, p)
			}
		}
	}
}

// TestPlatformClientMethodsServeProduction: every method of the BFF's platform client is called
// by production code; a method only tests call (Client.Login was one) belongs in a test file.
func TestPlatformClientMethodsServeProduction(t *testing.T) {
	var sources strings.Builder
	for _, path := range productionFiles(t) {
		if strings.Contains(filepath.ToSlash(path), "internal/platform/client") {
			continue // the client's own files
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sources.Write(b)
	}
	typ := reflect.TypeFor[*platform.Client]()
	for i := range typ.NumMethod() {
		name := typ.Method(i).Name
		if !strings.Contains(sources.String(), "."+name+"(") {
			t.Errorf("platform.Client.%s is called by no production code", name)
		}
	}
}
