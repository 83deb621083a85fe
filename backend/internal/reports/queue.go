package reports

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"

	"wealthportal/backend/internal/store"
)

const (
	// queueName is River's queue of report jobs.
	queueName = "reports"
	// MaxAttempts is how often a report job is tried: once, and retried once on failure.
	MaxAttempts = 2
	// JobTimeout bounds one attempt: spec 2 §9 says generation takes up to 5 minutes.
	JobTimeout = 5 * time.Minute
	// queuePoolSize is the PostgreSQL pool River uses in each process (its own, beside the
	// store's 16: docs/deploy.md counts both against max_connections).
	queuePoolSize = 4
)

// queueDB is the database/sql handle River works through and whether the caller must close
// it: the store's own pool on SQLite (one file, one pool: River's writes queue behind the
// busy timeout like everyone's), a plain pool of its own on PostgreSQL (store.OpenPlainPool).
func queueDB(db *store.DB) (*sql.DB, bool, error) {
	if db.Dialect != store.Postgres {
		return db.DB, false, nil
	}
	pool, err := db.OpenPlainPool(queuePoolSize)
	return pool, true, err
}

// newClient is a River client on pool for db's dialect; both drivers work with *sql.Tx, so a
// job's completion can join a store transaction (JobCompleteTx).
func newClient(db *store.DB, pool *sql.DB, cfg *river.Config) (*river.Client[*sql.Tx], error) {
	if db.Dialect == store.Postgres {
		return river.NewClient(riverdatabasesql.New(pool), cfg)
	}
	return river.NewClient(riversqlite.New(pool), cfg)
}

// completeTx marks the running job completed inside tx, a transaction on the store.
func completeTx(ctx context.Context, db *store.DB, tx *sql.Tx, job *river.Job[Args]) error {
	var err error
	if db.Dialect == store.Postgres {
		_, err = river.JobCompleteTx[*riverdatabasesql.Driver](ctx, tx, job)
	} else {
		_, err = river.JobCompleteTx[*riversqlite.Driver](ctx, tx, job)
	}
	return err
}

// MigrateQueue creates or brings up to date River's own tables (river_job, river_leader,
// river_queue ...) in db with rivermigrate, holding store.LockJobQueue so that instances
// starting together migrate once. `portal` and `portal platform` call it after store.Migrate.
func MigrateQueue(ctx context.Context, db *store.DB) error {
	pool, owned, err := queueDB(db)
	if err != nil {
		return err
	}
	if owned {
		defer pool.Close()
	}
	return db.WithLock(ctx, store.LockJobQueue, func() error {
		var err error
		if db.Dialect == store.Postgres {
			err = migrateWith(ctx, riverdatabasesql.New(pool))
		} else {
			err = migrateWith(ctx, riversqlite.New(pool))
		}
		if err != nil {
			return fmt.Errorf("migrate the job queue: %w", err)
		}
		return nil
	})
}

func migrateWith[TTx any](ctx context.Context, driver riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}
