package benchreport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// Lighthouse is what web/scripts/lighthouse.mjs prints: Lighthouse mobile (simulated
// throttling) on /login, /clients/home signed in and a plain-HTML reference page, each figure
// the median of Runs runs.
type Lighthouse struct {
	Version  string           `json:"version"`
	Runs     int              `json:"runs"`
	Chromium string           `json:"chromium"`
	Pages    []LighthousePage `json:"pages"`
}

// LighthousePage is one page's medians and the audits that failed in any run.
type LighthousePage struct {
	Name         string            `json:"name"` // "login", "clients-home" or "reference"
	Path         string            `json:"path"`
	Median       LighthouseFigures `json:"median"`
	FailedAudits []string          `json:"failedAudits"`
}

// LighthouseFigures are the category scores (0-100) and the metrics the table shows. The
// median of an even number of runs can fall between two integers, hence floats.
type LighthouseFigures struct {
	Performance   float64 `json:"performance"`
	BestPractices float64 `json:"bestPractices"`
	Accessibility float64 `json:"accessibility"`
	CLS           float64 `json:"cls"`
	TBTMs         float64 `json:"tbtMs"`
	FCPMs         float64 `json:"fcpMs"`
	LCPMs         float64 `json:"lcpMs"`
}

// Page is the page of that name, or nil.
func (l *Lighthouse) Page(name string) *LighthousePage {
	if l == nil {
		return nil
	}
	for i := range l.Pages {
		if l.Pages[i].Name == name {
			return &l.Pages[i]
		}
	}
	return nil
}

// LighthouseOptions say how to run web/scripts/lighthouse.mjs.
type LighthouseOptions struct {
	Node     string // the node binary ("node" on PATH)
	Script   string // web/scripts/lighthouse.mjs
	Portal   string // bin/portal, which the script starts on a fresh store
	Chromium string // Debian's chromium (/usr/bin/chromium); never a downloaded browser
	Runs     int    // runs per page, each figure the median (the script's default when zero)
}

// RunLighthouse runs the Lighthouse script and reads its report. Its progress goes to progress.
// What it needs (node, the script, the portal binary, Chromium) is checked first, so a machine
// without them gets a reason rather than a stack trace.
func RunLighthouse(ctx context.Context, o LighthouseOptions, progress io.Writer) (*Lighthouse, error) {
	node, err := exec.LookPath(o.Node)
	if err != nil {
		return nil, fmt.Errorf("Lighthouse needs Node.js (%s): %w", o.Node, err)
	}
	for _, need := range []struct{ what, path string }{{"the Lighthouse script", o.Script}, {"the portal binary", o.Portal}, {"Chromium", o.Chromium}} {
		if _, err := os.Stat(need.path); err != nil {
			return nil, fmt.Errorf("Lighthouse needs %s at %s, which is missing", need.what, need.path)
		}
	}
	cmd := exec.CommandContext(ctx, node, o.Script)
	cmd.Env = append(os.Environ(), "PORTAL_BIN="+o.Portal, "CHROMIUM_PATH="+o.Chromium)
	if o.Runs > 0 {
		cmd.Env = append(cmd.Env, fmt.Sprintf("LIGHTHOUSE_RUNS=%d", o.Runs))
	}
	var stdout bytes.Buffer
	var tail tailWriter
	cmd.Stdout, cmd.Stderr = &stdout, io.MultiWriter(progress, &tail)
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("the Lighthouse script failed (%w): %s", err, tail.last())
	}
	return ParseLighthouse(&stdout)
}

// ParseLighthouse reads the script's JSON report; a report without pages is an error.
func ParseLighthouse(r io.Reader) (*Lighthouse, error) {
	var l Lighthouse
	if err := json.NewDecoder(r).Decode(&l); err != nil {
		return nil, fmt.Errorf("the Lighthouse report is not the script's JSON: %w", err)
	}
	if len(l.Pages) == 0 {
		return nil, errors.New("the Lighthouse report has no pages")
	}
	return &l, nil
}

// tailWriter keeps the end of what a script wrote to its standard error.
type tailWriter struct{ buf []byte }

func (t *tailWriter) Write(b []byte) (int, error) {
	t.buf = append(t.buf, b...)
	if len(t.buf) > 8192 {
		t.buf = t.buf[len(t.buf)-8192:]
	}
	return len(b), nil
}

// last is the last line with text that is not a frame of a stack trace ("    at ..."): the
// error's message when Node printed an Error.
func (t *tailWriter) last() string {
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !strings.HasPrefix(l, "at ") {
			return l
		}
	}
	return "no message"
}
