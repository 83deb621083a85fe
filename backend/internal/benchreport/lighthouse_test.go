package benchreport

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeLighthouse writes a shell script that stands in for web/scripts/lighthouse.mjs (run with
// "sh" in place of node) and an existing file for each of the portal binary and Chromium.
func fakeLighthouse(t *testing.T, script string) LighthouseOptions {
	t.Helper()
	dir := t.TempDir()
	o := LighthouseOptions{Node: "sh", Script: filepath.Join(dir, "lighthouse.sh"), Portal: filepath.Join(dir, "portal"), Chromium: filepath.Join(dir, "chromium"), Runs: 3}
	for path, text := range map[string]string{o.Script: script, o.Portal: "", o.Chromium: ""} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

// The script is run with the portal, Chromium and the number of runs in its environment, and
// its standard output is the report.
func TestRunLighthouseReadsTheScriptsReport(t *testing.T) {
	o := fakeLighthouse(t, `[ "$PORTAL_BIN" = "`+"$(dirname \"$0\")"+`/portal" ] || exit 7
[ "$LIGHTHOUSE_RUNS" = 3 ] || exit 8
[ -n "$CHROMIUM_PATH" ] || exit 9
echo "login run 1/3: {}" >&2
cat <<'JSON'
`+lighthouseSample+`
JSON
`)
	l, err := RunLighthouse(context.Background(), o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if home := l.Page("clients-home"); home == nil || home.Median.Performance != 93.5 || home.Median.TBTMs != 210 {
		t.Errorf("clients-home %+v", home)
	}
	if l.Runs != 3 || l.Page("reference") == nil || l.Page("nothing") != nil {
		t.Errorf("report %+v", l)
	}
}

// A script that fails gives the reason its error printed, not the stack under it.
func TestRunLighthouseSaysWhyTheScriptFailed(t *testing.T) {
	o := fakeLighthouse(t, `echo "Error: the portal did not start" >&2
echo "    at startPortal (file:///web/scripts/lighthouse.mjs:72:13)" >&2
exit 1
`)
	_, err := RunLighthouse(context.Background(), o, io.Discard)
	if err == nil || !strings.HasSuffix(err.Error(), ": Error: the portal did not start") {
		t.Errorf("got %v", err)
	}
}

// What the script needs is checked first: a missing Chromium is named.
func TestRunLighthouseNamesWhatIsMissing(t *testing.T) {
	o := fakeLighthouse(t, "exit 0\n")
	o.Chromium = filepath.Join(t.TempDir(), "no-chromium")
	_, err := RunLighthouse(context.Background(), o, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "needs Chromium at "+o.Chromium) {
		t.Errorf("got %v", err)
	}
	o.Node = "no-such-node-binary"
	if _, err := RunLighthouse(context.Background(), o, io.Discard); err == nil || !strings.Contains(err.Error(), "needs Node.js") {
		t.Errorf("got %v", err)
	}
}

// Output that is not the script's report is an error, as is a report without pages.
func TestParseLighthouseRefusesOtherOutput(t *testing.T) {
	for _, text := range []string{"", "login run 1/3", `{"tool": "lighthouse", "pages": []}`} {
		if _, err := ParseLighthouse(strings.NewReader(text)); err == nil {
			t.Errorf("accepted %q", text)
		}
	}
}
