package benchreport

import (
	"strings"
	"testing"
)

const conventions = "# Returns: the conventions the API uses\n\nText that other pages link to.\n"

func TestSpliceAddsThePartAboveAndKeepsTheRest(t *testing.T) {
	got, err := Splice(conventions, "# Measured speed\nfirst")
	if err != nil {
		t.Fatal(err)
	}
	want := Begin + "\n# Measured speed\nfirst\n" + End + "\n\n" + conventions
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// A second run replaces the part and nothing else.
	again, err := Splice(got, "# Measured speed\nsecond\n")
	if err != nil {
		t.Fatal(err)
	}
	if again != strings.Replace(want, "first", "second", 1) {
		t.Fatalf("second run:\n%s", again)
	}
}

func TestSpliceRefusesABrokenPage(t *testing.T) {
	for _, doc := range []string{
		Begin + "\nno end\n" + conventions,
		"no begin\n" + End + "\n",
		End + "\n" + Begin + "\n",
	} {
		if _, err := Splice(doc, "x"); err == nil {
			t.Errorf("accepted %q", doc)
		}
	}
}
