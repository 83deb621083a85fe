package auth

import (
	"context"
	"slices"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The steps are derived from the store each time: terms accepted after the requirement, both
// security questions, the forced change flag; in the order they are taken.
func TestPendingSteps(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect)
		ctx := context.Background()
		steps := func(id int64) []string {
			t.Helper()
			u, err := f.svc.Store.UserByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			s, err := f.svc.PendingSteps(ctx, u)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		if s := steps(1); len(s) != 0 {
			t.Fatalf("no steps expected: %v", s)
		}
		testdb.MustExec(t, f.db, `INSERT INTO terms_acceptance (id, entity_id, description, content, agreed_date, recorded_at) VALUES (7, 10, 'Login Disclaimer', 'old', '2020-01-01', 'x')`)
		syncIDs(t, f.db)
		testdb.MustExec(t, f.db, `UPDATE app_user SET site_terms_after = 7, set_security_questions = 1, force_change_password = 1 WHERE id = 1`)
		if s := steps(1); !slices.Equal(s, []string{StepSetSecurityQuestions, StepForceChangePassword}) {
			t.Fatalf("a firm without terms asks for them: %v", s)
		}
		testdb.MustExec(t, f.db, `UPDATE firm SET site_terms_heading = 'Terms', site_terms_disclaimer = '<p>Agree</p>'`)
		if s := steps(1); !slices.Equal(s, []string{StepSiteTerms, StepSetSecurityQuestions, StepForceChangePassword}) {
			t.Fatalf("all three: %v", s)
		}
		testdb.MustExec(t, f.db, `INSERT INTO terms_acceptance (entity_id, description, content, agreed_date, recorded_at) VALUES (10, 'Something else', 'x', '2026-11-22', 'x')`)
		testdb.MustExec(t, f.db, `INSERT INTO security_question (user_id, position, question, answer_hash, set_at) VALUES (1, 1, 'Q1', 'h', 'x')`)
		if s := steps(1); !slices.Equal(s, []string{StepSiteTerms, StepSetSecurityQuestions, StepForceChangePassword}) {
			t.Fatalf("another acceptance or one question is not enough: %v", s)
		}
		testdb.MustExec(t, f.db, `INSERT INTO terms_acceptance (entity_id, description, content, agreed_date, recorded_at) VALUES (10, 'Login Disclaimer', '<p>Agree</p>', '2026-11-22', 'x')`)
		testdb.MustExec(t, f.db, `INSERT INTO security_question (user_id, position, question, answer_hash, set_at) VALUES (1, 2, 'Q2', 'h', 'x')`)
		if s := steps(1); !slices.Equal(s, []string{StepForceChangePassword}) {
			t.Fatalf("after terms and questions: %v", s)
		}
		// Site terms and security questions are a client's; an adviser has only the password step.
		testdb.MustExec(t, f.db, `UPDATE app_user SET role_name = 'User', site_terms_after = 99, set_security_questions = 1 WHERE id = 3`)
		testdb.MustExec(t, f.db, `UPDATE app_user SET disabled = 0, force_change_password = 1 WHERE id = 3`)
		if s := steps(3); !slices.Equal(s, []string{StepForceChangePassword}) {
			t.Fatalf("adviser: %v", s)
		}
	})
}
