package reports_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/reports"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
)

// eleanorsYear is the Portfolio valuation of all of demo.client's accounts for 2025.
func eleanorsYear(t *testing.T, db *store.DB, p access.Principal) reports.Args {
	t.Helper()
	var ids []int64
	rows, err := db.QueryContext(context.Background(), db.Rebind(`SELECT a.id FROM account a JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id
		WHERE pp.entity_id = ? ORDER BY a.id`), p.EntityID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return reports.Args{FirmID: p.FirmID, UserID: p.UserID, DocumentEntityID: p.EntityID, EntityID: p.EntityID,
		TemplateName: "Portfolio valuation", AccountIDs: ids, Scope: "All accounts", From: "2025-01-01", To: "2025-12-31", AsAt: "2025-12-31"}
}

// The report is a real PDF: poppler opens it, draws every page (pdftoppm) and reads back the
// client's name, 'Page 1 of n' for the n pages drawn, a holding and the TWR. Set
// REPORT_PNG_DIR to keep the pages as PNG files to look at.
func TestReportPDFOpensInPoppler(t *testing.T) {
	for _, tool := range []string{"pdftoppm", "pdftotext"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed (Debian poppler-utils; `make test` installs it): %v", tool, err)
		}
	}
	db := testkit.SeededDBOn(t, store.SQLite)
	eleanor := principal(t, db, "demo.client")
	r, err := reports.Gather(context.Background(), db, eleanorsYear(t, db, eleanor), now)
	if err != nil {
		t.Fatal(err)
	}
	r.Colour = "#0b3954"
	if len(r.Holdings) == 0 || r.Figures.TWRR == nil || len(r.Transactions) == 0 {
		t.Fatalf("the demo year has %d holdings, %d transactions, TWR %v", len(r.Holdings), len(r.Transactions), r.Figures.TWRR)
	}
	pdf, err := reports.RenderPDF(r)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if keep := os.Getenv("REPORT_PNG_DIR"); keep != "" {
		dir = keep
	}
	file := filepath.Join(dir, "report.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-r", "70", "-png", file, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "page-*.png"))
	text, err := exec.Command("pdftotext", "-layout", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	m := regexp.MustCompile(`Page 1 of (\d+)`).FindSubmatch(text)
	if m == nil {
		t.Fatalf("no 'Page 1 of' in:\n%s", text)
	}
	if n, _ := strconv.Atoi(string(m[1])); n != len(pngs) || n < 2 {
		t.Errorf("'Page 1 of %d', %d pages drawn", n, len(pngs))
	}
	twr := strconv.FormatFloat(r.Figures.TWRR.Return*100, 'f', 2, 64) + "%"
	for _, want := range []string{r.ClientName, "Prepared for " + r.ClientName, r.Holdings[0].Security, "Time-weighted return (TWR)", twr,
		"Money-weighted return (IRR)", "Valuation basis", "Harbour & Vale"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the report's text lacks %q", want)
		}
	}
}
