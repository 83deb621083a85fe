package demo

import (
	"context"
	"database/sql"
	"errors"

	"wealthportal/backend/internal/store"
)

// reportTemplatesKey is the meta row that records that the demo's valuation report templates
// were written, so they are written once, also into a store seeded before the table existed.
const reportTemplatesKey = "demo_report_templates"

// demoReportTemplates are the demo firm's valuation report templates (spec 2 §3, §6): two for
// clients, two for advisers.
var demoReportTemplates = []struct {
	name, dates, userType, selector string
}{
	{"Portfolio valuation", "Date Range", "Client", "Select Entity"},
	{"Holdings statement", "Single Date", "Client", "Account Group Or Account"},
	{"Adviser valuation pack", "Date Range", "Adviser", "Select Entity"},
	{"Account group valuation", "Single Date", "Adviser", "Account Group"},
}

// seedReportTemplates writes the demo firm's report templates once, with their meta mark.
func seedReportTemplates(ctx context.Context, db *store.DB) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		var done int
		if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM meta WHERE key = ?`), reportTemplatesKey).Scan(&done); err != nil || done > 0 {
			return err
		}
		var firmID int64
		err := tx.QueryRowContext(ctx, db.Rebind(`SELECT id FROM firm WHERE name = ?`), FirmName).Scan(&firmID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		for i, t := range demoReportTemplates {
			if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO report_template (firm_id, name, date_parameters, user_type, required_selector, sort_order)
				VALUES (?, ?, ?, ?, ?, ?)`), firmID, t.name, t.dates, t.userType, t.selector, i); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, db.Rebind(`INSERT INTO meta (key, value) VALUES (?, ?)`), reportTemplatesKey, "1")
		return err
	})
}
