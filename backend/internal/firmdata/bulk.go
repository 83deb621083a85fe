package firmdata

import (
	"context"
	"database/sql"
	"strings"
)

// maxBatchArgs keeps a multi-row statement well under SQLite's limit of 32,766 parameters.
const maxBatchArgs = 3000

// bulkInsert writes rows of one table through a prepared multi-row INSERT: one statement call
// per batch of rows instead of one per row, which is what makes a million transactions load in
// seconds rather than minutes.
type bulkInsert struct {
	ctx    context.Context
	tx     *sql.Tx
	rebind func(string) string
	head   string // INSERT INTO t (a, b) VALUES
	tail   string // ON CONFLICT ... or empty
	cols   int
	rows   int // rows per full batch
	full   *sql.Stmt
	args   []any
	count  int
	err    error
	// parents are the inserts whose rows this one's reference: their queued rows are written
	// before each batch of this one, so foreign keys hold at every statement.
	parents []*bulkInsert
}

// after makes b write the queued rows of parents before each of its own batches.
func (b *bulkInsert) after(parents ...*bulkInsert) *bulkInsert {
	b.parents = append(b.parents, parents...)
	return b
}

func newBulkInsert(ctx context.Context, tx *sql.Tx, rebind func(string) string, table string, columns []string, tail string) *bulkInsert {
	rows := max(1, maxBatchArgs/len(columns))
	return &bulkInsert{
		ctx: ctx, tx: tx, rebind: rebind, tail: tail, cols: len(columns), rows: rows,
		head: "INSERT INTO " + table + " (" + strings.Join(columns, ", ") + ") VALUES ",
		args: make([]any, 0, rows*len(columns)),
	}
}

func (b *bulkInsert) statement(rows int) string {
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", b.cols), ", ") + ")"
	var s strings.Builder
	s.WriteString(b.head)
	for i := 0; i < rows; i++ {
		if i > 0 {
			s.WriteString(", ")
		}
		s.WriteString(one)
	}
	if b.tail != "" {
		s.WriteString(" " + b.tail)
	}
	return b.rebind(s.String())
}

// add queues one row; values must be in column order.
func (b *bulkInsert) add(values ...any) {
	if b.err != nil {
		return
	}
	b.args = append(b.args, values...)
	b.count++
	if len(b.args) == b.rows*b.cols {
		if b.err = b.writeParents(); b.err != nil {
			return
		}
		if b.full == nil {
			b.full, b.err = b.tx.PrepareContext(b.ctx, b.statement(b.rows))
			if b.err != nil {
				return
			}
		}
		_, b.err = b.full.ExecContext(b.ctx, b.args...)
		b.args = b.args[:0]
	}
}

func (b *bulkInsert) writeParents() error {
	for _, p := range b.parents {
		if err := p.writeQueued(); err != nil {
			return err
		}
	}
	return nil
}

// writeQueued writes the rows of a partial batch now, with a statement of their size.
func (b *bulkInsert) writeQueued() error {
	if b.err == nil && len(b.args) > 0 {
		if b.err = b.writeParents(); b.err != nil {
			return b.err
		}
		_, b.err = b.tx.ExecContext(b.ctx, b.statement(len(b.args)/b.cols), b.args...)
		b.args = b.args[:0]
	}
	return b.err
}

// flush writes the rows of a last, partial batch and releases the statement.
func (b *bulkInsert) flush() error {
	b.writeQueued()
	if b.full != nil {
		b.full.Close()
		b.full = nil
	}
	return b.err
}
