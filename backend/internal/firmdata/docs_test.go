package firmdata

import (
	"os"
	"strings"
	"testing"
)

// TestDocsMatchTestdata keeps docs/import-format.md honest: its complete example is the small
// firm the tests load, and its invalid example lists exactly the problems the tests expect.
func TestDocsMatchTestdata(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/import-format.md")
	if err != nil {
		t.Fatal(err)
	}
	small, err := os.ReadFile("testdata/small-firm.json")
	if err != nil {
		t.Fatal(err)
	}
	_, example, found := strings.Cut(string(doc), "## A complete small example")
	if !found {
		t.Fatal("the doc has no complete example")
	}
	if block := fenced(example, "```json\n"); block != string(small) {
		t.Error("the doc's example differs from testdata/small-firm.json")
	}
	_, invalid, found := strings.Cut(string(doc), "## An invalid example")
	if !found {
		t.Fatal("the doc has no invalid example")
	}
	var want strings.Builder
	for _, p := range invalidFirmProblems {
		want.WriteString(p.String() + "\n")
	}
	if block := fenced(invalid, "```\n"); block != want.String() {
		t.Errorf("the doc's problem list differs from the test's:\n%s", want.String())
	}
}

// fenced is the body of the first fenced block of s that opens with open.
func fenced(s, open string) string {
	_, rest, _ := strings.Cut(s, open)
	body, _, _ := strings.Cut(rest, "```")
	return body
}
