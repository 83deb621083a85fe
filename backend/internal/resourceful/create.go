package resourceful

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// ErrCreatedIDTaken answers a replayed create whose id, the one the caller was first told, is
// no longer free: nothing lands and the caller tries again (the replay reports it as a 409).
var ErrCreatedIDTaken = apierr.New(http.StatusConflict, "The id this create was first given is taken",
	"Your changes could not be saved because the information changed meanwhile. Please try again.")

var errInsertQuerier = errors.New("resourceful: Insert runs only on a querier from Q or WithTx")

// identifier is what Insert accepts as a table or column name: names written in code, never
// a caller's input.
var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// createdIDs is the ids a write's creates got, in order (the idsKey context value). While a
// write first runs in a transaction its creates are recorded in made; a replay of it is given
// them back in pinned, and its creates take them again, in the same order.
type createdIDs struct {
	pinned []int64
	made   []int64
}

// idsKey marks the context of a write run in a write transaction; its value is *createdIDs.
type idsKey struct{}

// withCreatedIDs is ctx with a record of the creates a write makes, pinned to the ids of an
// earlier run of the same write (nil: the first run).
func withCreatedIDs(ctx context.Context, pinned []int64) (context.Context, *createdIDs) {
	ids := &createdIDs{pinned: pinned}
	return context.WithValue(ctx, idsKey{}, ids), ids
}

// Insert adds one row to table, the columns set to values in order, and answers the row's id
// (the table's identity key, named id). It is the one way platform modules create rows
// (TestPlatformCreatesUseInsert fails on an INSERT written anywhere else in a module), because
// a write transaction replays its writes and a replayed create must get the id the caller was
// first told, or later writes built on that id would change another row:
//
//   - On PostgreSQL the id comes from a sequence, which does not roll back: a value once taken,
//     by a replay that was rolled back too, is never handed out again. So the first run of a
//     create in a transaction records its id, and every replay inserts that id explicitly
//     (OVERRIDING SYSTEM VALUE; ON CONFLICT (id) DO NOTHING, so an id taken meanwhile by a
//     writer that chose ids itself is ErrCreatedIDTaken, a 409, never another row's).
//   - On SQLite the id is MAX(rowid)+1 at insert time, and a rolled-back one is handed to the
//     next writer: another session may have been told the same id meanwhile. A replay takes
//     a fresh id and, when it differs, the transaction answers 409 (replayFailure).
//
// Outside a write transaction it is a plain INSERT … RETURNING id on both dialects. q must
// come from Q or WithTx, which know the dialect.
func Insert(ctx context.Context, q Querier, table string, columns []string, values ...any) (int64, error) {
	r, ok := q.(rebound)
	if !ok {
		return 0, errInsertQuerier
	}
	if len(columns) == 0 || len(columns) != len(values) {
		return 0, fmt.Errorf("resourceful: Insert into %s: %d columns, %d values", table, len(columns), len(values))
	}
	if !identifier.MatchString(table) {
		return 0, fmt.Errorf("resourceful: Insert into %q: not a table name", table)
	}
	for _, name := range columns {
		if !identifier.MatchString(name) || name == "id" { // the id is the database's, or pinned
			return 0, fmt.Errorf("resourceful: Insert into %s: %q is not a column Insert sets", table, name)
		}
	}
	ids, _ := ctx.Value(idsKey{}).(*createdIDs)
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(columns)), ", ")
	var id int64
	if ids != nil && r.db.Dialect == store.Postgres && len(ids.made) < len(ids.pinned) {
		pinned := ids.pinned[len(ids.made)]
		err := r.QueryRowContext(ctx, `INSERT INTO `+table+` (id, `+strings.Join(columns, ", ")+`) OVERRIDING SYSTEM VALUE
			VALUES (?, `+marks+`) ON CONFLICT (id) DO NOTHING RETURNING id`, append([]any{pinned}, values...)...).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, ErrCreatedIDTaken
		}
		if err != nil {
			return 0, err
		}
	} else if err := r.QueryRowContext(ctx, `INSERT INTO `+table+` (`+strings.Join(columns, ", ")+`) VALUES (`+marks+`) RETURNING id`,
		values...).Scan(&id); err != nil {
		return 0, err
	}
	if ids != nil {
		ids.made = append(ids.made, id)
	}
	return id, nil
}
