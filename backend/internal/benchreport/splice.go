package benchreport

import (
	"errors"
	"strings"
)

// The markers around the generated part of docs/performance.md.
const (
	Begin = "<!-- bench:begin (written by make bench: backend/cmd/benchreport; do not edit by hand) -->"
	End   = "<!-- bench:end -->"
)

// Splice puts part between the markers of doc, replacing what was there, or, when doc has no
// markers yet, at its top above everything else. Everything outside the markers is kept
// byte for byte.
func Splice(doc, part string) (string, error) {
	block := Begin + "\n" + strings.TrimRight(part, "\n") + "\n" + End + "\n"
	begin := strings.Index(doc, "<!-- bench:begin")
	end := strings.Index(doc, End)
	switch {
	case begin < 0 && end < 0:
		return block + "\n" + doc, nil
	case begin < 0 || end < 0 || end < begin:
		return "", errors.New("benchreport: the page has one bench marker without the other, or in the wrong order")
	}
	after := doc[end+len(End):]
	after = strings.TrimPrefix(after, "\n")
	return doc[:begin] + block + after, nil
}
