package demo

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wealthportal/backend/internal/store"
)

// targetSetsKey is the meta row that records that the demo's target sets were written.
const targetSetsKey = "demo_target_sets"

// demoTargetSet is a model target set (spec 2 §2.3 "Investment instructions") and the accounts,
// by external id, that follow it. Weights are percentage points, summing to 100.
type demoTargetSet struct {
	description string
	weights     []demoWeight
	accounts    []string
}

type demoWeight struct {
	code   string
	weight float64
}

// demoTargetSets are the models of Eleanor's ISA and SIPP (their plans' models in seed.go, the
// rest in cash); her other accounts follow none ('There is currently no investment
// instructions set-up for this account.').
var demoTargetSets = []demoTargetSet{
	{"Harbour & Vale Growth", []demoWeight{{"HVGEA", 28}, {"HVUEI", 15}, {"SVCBI", 14}, {"BVWLD", 12}, {"CLGSA", 10}, {"WBEMA", 10}, {"NGPRI", 8}, {"CASH.GBP", 3}},
		[]string{"HV10000101"}},
	{"Harbour & Vale Retirement", []demoWeight{{"HVGEA", 33}, {"HVBPA", 20}, {"AVGLA", 15}, {"SVCBI", 15}, {"CLGSA", 14}, {"CASH.GBP", 3}},
		[]string{"HV10000103"}},
}

// seedTargetSets writes the demo's target sets once, in one transaction with its meta mark, in
// the firm of the first account that follows each. A set whose accounts the store does not hold
// is skipped.
func seedTargetSets(ctx context.Context, db *store.DB) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		var done int
		if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM meta WHERE key = ?`), targetSetsKey).Scan(&done); err != nil || done > 0 {
			return err
		}
		for _, ts := range demoTargetSets {
			var accounts []int64
			var firm int64
			for _, ext := range ts.accounts {
				var id, f int64
				err := tx.QueryRowContext(ctx, db.Rebind(`SELECT a.id, p.firm_id FROM account a JOIN portfolio p ON p.id = a.portfolio_id
					WHERE a.external_account_id = ? ORDER BY a.id LIMIT 1`), ext).Scan(&id, &f)
				if errors.Is(err, sql.ErrNoRows) {
					continue
				}
				if err != nil {
					return err
				}
				accounts, firm = append(accounts, id), f
			}
			if len(accounts) == 0 {
				continue
			}
			var set int64
			if err := tx.QueryRowContext(ctx, db.Rebind(`INSERT INTO target_set (firm_id, description) VALUES (?, ?) RETURNING id`), firm, ts.description).Scan(&set); err != nil {
				return err
			}
			for _, w := range ts.weights {
				if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO target_set_security (target_set_id, security_id, weight)
					SELECT ?, MIN(id), ? FROM security WHERE code = ? HAVING COUNT(*) > 0`), set, w.weight, w.code); err != nil {
					return err
				}
			}
			for _, a := range accounts {
				if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO account_target_link (account_id, target_set_id) VALUES (?, ?)`), a, set); err != nil {
					return err
				}
			}
		}
		_, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO meta (key, value) VALUES (?, '1')`), targetSetsKey)
		return err
	})
}

// seedAccountExtras writes what the demo adds after the firm's load: payment information,
// target sets, the clients' assets and the documents to sign (dated from now), each once.
func seedAccountExtras(ctx context.Context, db *store.DB, now time.Time) error {
	if err := seedPaymentInformation(ctx, db); err != nil {
		return err
	}
	if err := seedTargetSets(ctx, db); err != nil {
		return err
	}
	if err := seedAssets(ctx, db); err != nil {
		return err
	}
	return seedSignatures(ctx, db, now)
}
