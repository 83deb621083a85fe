package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/store"
)

// Days keeps each account's native days (Native) in the store: valuation_day and valuation_flow,
// with valuation_state saying how far they go and from when they are stale. A valuation reads
// them and works out (and keeps) only what is missing or stale, so history is replayed and
// priced once, not on every request. Triggers on txn, security_price and security (migration
// 0016) mark rows stale inside the writer's own transaction, whoever the writer is; see doc.go
// "Materialised days" for why that is sound with several instances on one store.
type Days struct {
	db   *store.DB
	memo Memo
}

// NewDays keeps the days in db. It must be the store itself, not a transaction: the rows are
// written in transactions of their own.
func NewDays(db *store.DB) *Days { return &Days{db: db} }

// Memo keeps native days between the valuations of one batch (resourceful.Shared), so two
// calls of a batch that value the same accounts over the same range read them once.
type Memo interface {
	Load(key any) (any, bool)
	Store(key, value any)
}

// With is d keeping native days in memo as well.
func (d *Days) With(memo Memo) *Days { return &Days{db: d.db, memo: memo} }

// memoKey names an account's native days over a range in a Memo.
type memoKey struct {
	account    int64
	start, end time.Time
}

// memoEntry is an account's native days with the generation of its state when they were read:
// any write that changes the rows since moves it on, so a moved generation means read again.
type memoEntry struct {
	generation int64
	native     Native
}

// Value values the accounts on every day of rng in currency, as Value does from LoadInput, but
// from the materialised days: the same answer to the last bit.
func (d *Days) Value(ctx context.Context, accountIDs []int64, rng calc.DateRange, currency string, costs Costs) (Valuation, error) {
	rng = calc.DateRange{Start: calc.ToDate(rng.Start), End: calc.ToDate(rng.End)}
	native, err := d.Native(ctx, accountIDs, rng)
	if err != nil {
		return Valuation{}, err
	}
	currencies := []string{currency}
	for _, n := range native {
		for _, v := range n.Values {
			currencies = append(currencies, v.Currency)
		}
		for _, f := range n.Flows {
			currencies = append(currencies, f.Currency)
		}
	}
	rates, err := d.rates(ctx, currencies, rng)
	if err != nil {
		return Valuation{}, err
	}
	return Convert(native, accountIDs, rng, currency, rates, costs), nil
}

func (d *Days) reader() Reader { return NewReader(d.db, d.db.Rebind) }

func (d *Days) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return d.db.QueryContext(ctx, d.db.Rebind(q), args...)
}

// state is an account's valuation_state row.
type state struct {
	generation int64
	// fresh is the last day whose rows are up to date; zero when there is none.
	fresh time.Time
	// stale is the first day whose rows are out of date (zero: none); deleting from there
	// clears every stale row.
	stale time.Time
	found bool
}

// from is the first day whose rows are not fresh; zero when none is.
func (s state) from() time.Time {
	if s.fresh.IsZero() {
		return time.Time{}
	}
	return s.fresh.AddDate(0, 0, 1)
}

func (d *Days) states(ctx context.Context, ids []int64) (map[int64]state, error) {
	out := map[int64]state{}
	list, args := in(ids)
	rows, err := d.query(ctx, `SELECT account_id, generation, COALESCE(valued_through, ''), COALESCE(stale_from, '')
		FROM valuation_state WHERE account_id IN (`+list+`)`, args...)
	if err != nil {
		return nil, err
	}
	err = store.ScanAll(rows, func() error {
		var id int64
		var s state
		var through, stale string
		if err := rows.Scan(&id, &s.generation, &through, &stale); err != nil {
			return err
		}
		s.found = true
		if stale != "" {
			t, err := calc.ParseDate(stale)
			if err != nil {
				return fmt.Errorf("valuation_state stale_from: %w", err)
			}
			s.stale = t
		}
		if through != "" {
			t, err := calc.ParseDate(through)
			if err != nil {
				return fmt.Errorf("valuation_state valued_through: %w", err)
			}
			if !s.stale.IsZero() && !t.Before(s.stale) {
				t = s.stale.AddDate(0, 0, -1)
			}
			s.fresh = t
		}
		out[id] = s
		return nil
	})
	return out, err
}

// Native returns each account's native days over rng: the stored rows where they are fresh,
// the rest worked out now (and stored for the next valuation).
func (d *Days) Native(ctx context.Context, accountIDs []int64, rng calc.DateRange) (map[int64]Native, error) {
	start, end := calc.ToDate(rng.Start), calc.ToDate(rng.End)
	out := make(map[int64]Native, len(accountIDs))
	if len(accountIDs) == 0 || end.Before(start) {
		return out, nil
	}
	states, err := d.states(ctx, accountIDs)
	if err != nil {
		return nil, err
	}
	var stale, read []int64
	for _, id := range accountIDs {
		s := states[id]
		switch {
		case s.fresh.Before(end):
			stale = append(stale, id)
		case d.memo != nil:
			if e, ok := d.memo.Load(memoKey{id, start, end}); ok && e.(memoEntry).generation == s.generation {
				out[id] = e.(memoEntry).native
				continue
			}
			read = append(read, id)
		default:
			read = append(read, id)
		}
	}
	computed := map[int64]Native{}
	if len(stale) > 0 {
		if computed, err = d.refresh(ctx, stale, end); err != nil {
			return nil, err
		}
	}
	// Rows before what was worked out now come from the store; a valuation that could not be
	// stored (a concurrent change won) still answers from what it worked out.
	stored, err := d.load(ctx, append(read, stale...), start, end)
	if err != nil {
		return nil, err
	}
	for _, id := range read {
		n := stored[id]
		if n == nil {
			n = &Native{}
		}
		n.From, n.To = start, end
		out[id] = *n
		if d.memo != nil {
			d.memo.Store(memoKey{id, start, end}, memoEntry{generation: states[id].generation, native: *n})
		}
	}
	for _, id := range stale {
		n := computed[id]
		s := stored[id]
		if s == nil {
			s = &Native{}
		}
		merged := Native{From: start, To: end}
		for _, v := range s.Values {
			if v.Date.Before(n.From) {
				merged.Values = append(merged.Values, v)
			}
		}
		for _, f := range s.Flows {
			if f.Date.Before(n.From) {
				merged.Flows = append(merged.Flows, f)
			}
		}
		for _, v := range n.Values {
			if !v.Date.Before(start) {
				merged.Values = append(merged.Values, v)
			}
		}
		for _, f := range n.Flows {
			if !f.Date.Before(start) {
				merged.Flows = append(merged.Flows, f)
			}
		}
		out[id] = merged
	}
	return out, nil
}

// load reads the stored rows of the accounts from start to end, in date then currency order.
func (d *Days) load(ctx context.Context, ids []int64, start, end time.Time) (map[int64]*Native, error) {
	out := make(map[int64]*Native, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	for _, id := range ids {
		out[id] = &Native{}
	}
	list, args := in(ids)
	args = append(args, calc.FormatDate(start), calc.FormatDate(end))
	dates := dateCache{}
	currencies := map[string]string{} // one string per code, not one per row
	currency := func(b []byte) string {
		c, ok := currencies[string(b)]
		if !ok {
			c = string(b)
			currencies[c] = c
		}
		return c
	}
	rows, err := d.query(ctx, `SELECT account_id, value_date, currency, value FROM valuation_day
		WHERE account_id IN (`+list+`) AND value_date >= ? AND value_date <= ?
		ORDER BY account_id, value_date, currency`, args...)
	if err != nil {
		return nil, err
	}
	var id, at int64
	var date, code sql.RawBytes
	var n *Native // the rows come by account: look each one up once
	err = store.ScanAll(rows, func() error {
		var v NativeValue
		if err := rows.Scan(&id, &date, &code, &v.Value); err != nil {
			return err
		}
		t, err := dates.parse(date)
		if err != nil {
			return fmt.Errorf("valuation_day value_date: %w", err)
		}
		v.Date, v.Currency = t, currency(code)
		if n == nil || id != at {
			n, at = out[id], id
		}
		n.Values = append(n.Values, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	rows, err = d.query(ctx, `SELECT account_id, value_date, currency, flow, income, moved, fee, tax, income_tax FROM valuation_flow
		WHERE account_id IN (`+list+`) AND value_date >= ? AND value_date <= ?
		ORDER BY account_id, value_date, currency`, args...)
	if err != nil {
		return nil, err
	}
	err = store.ScanAll(rows, func() error {
		var f NativeFlow
		var moved int
		if err := rows.Scan(&id, &date, &code, &f.Flow, &f.Income, &moved, &f.Fee, &f.Tax, &f.IncomeTax); err != nil {
			return err
		}
		t, err := dates.parse(date)
		if err != nil {
			return fmt.Errorf("valuation_flow value_date: %w", err)
		}
		f.Date, f.Currency, f.Moved = t, currency(code), moved != 0
		out[id].Flows = append(out[id].Flows, f)
		return nil
	})
	return out, err
}

// refresh works out the accounts' days from where their stored rows stop being fresh up to
// end, stores them unless something they were worked out from changed meanwhile, and answers
// them (each Native's From is the first day whose stored rows were not fresh: zero for all).
//
// The order of its steps is what makes it safe beside concurrent writers (doc.go): the state
// rows exist and their generations are read before the transactions are; the securities'
// generations are read before their closes; and the write checks both under lock.
func (d *Days) refresh(ctx context.Context, ids []int64, end time.Time) (map[int64]Native, error) {
	if err := d.claim(ctx, ids); err != nil {
		return nil, err
	}
	states, err := d.states(ctx, ids)
	if err != nil {
		return nil, err
	}
	r := d.reader()
	txns, err := r.LoadTransactions(ctx, ids, end)
	if err != nil {
		return nil, err
	}
	named := securityIDs(txns)
	market := Market{}
	if market.Securities, err = r.LoadSecurities(ctx, named); err != nil {
		return nil, err
	}
	gens, err := d.marketGenerations(ctx, named)
	if err != nil {
		return nil, err
	}
	byAccount := map[int64][]Txn{}
	for _, t := range txns {
		byAccount[t.AccountID] = append(byAccount[t.AccountID], t)
	}
	// Each account is worked out from the first day that is not fresh, but no earlier than its
	// first transaction: before it the account holds nothing and its rows are empty.
	from := map[int64]time.Time{}
	clearFrom := map[int64]time.Time{}
	first := end
	for _, id := range ids {
		f := states[id].from()
		clearFrom[id] = f
		if list := byAccount[id]; len(list) > 0 && list[0].TradeDate.After(f) {
			f = list[0].TradeDate
		}
		if len(byAccount[id]) == 0 || f.After(end) {
			f = end.AddDate(0, 0, 1)
		}
		from[id] = f
		if f.Before(first) {
			first = f
		}
	}
	var priced []int64
	for _, id := range named {
		if s, ok := market.Securities[id]; ok && !s.IsCash() {
			priced = append(priced, id)
		}
	}
	if market.Closes, err = r.LoadCloses(ctx, priced, first, end); err != nil {
		return nil, err
	}
	native := Materialise(txns, ids, market, from, end)
	for _, id := range ids {
		n := native[id]
		n.From, n.To = clearFrom[id], end // stored rows from clearFrom on are not to be trusted
		native[id] = n
	}
	// The rows are a cache: when they cannot be written (a lock timeout, a conflict) the
	// answer still stands and the next valuation works them out again.
	_ = d.store(ctx, ids, states, gens, byAccount, market.Securities, native, clearFrom, end)
	return native, nil
}

// claim makes sure each account has a valuation_state row before its generation is read, so a
// transaction written meanwhile finds the row and moves it on (the txn trigger upserts it).
func (d *Days) claim(ctx context.Context, ids []int64) error {
	values := strings.TrimSuffix(strings.Repeat("(?), ", len(ids)), ", ")
	_, args := in(ids)
	_, err := d.db.ExecContext(ctx, d.db.Rebind(`INSERT INTO valuation_state (account_id) VALUES `+values+`
		ON CONFLICT (account_id) DO NOTHING`), args...)
	return err
}

// marketGenerations makes sure each security has a valuation_market row and reads their
// generations.
func (d *Days) marketGenerations(ctx context.Context, ids []int64) (map[int64]int64, error) {
	if len(ids) == 0 {
		return map[int64]int64{}, nil
	}
	_, args := in(ids)
	values := strings.TrimSuffix(strings.Repeat("(?), ", len(ids)), ", ")
	if _, err := d.db.ExecContext(ctx, d.db.Rebind(`INSERT INTO valuation_market (security_id) VALUES `+values+`
		ON CONFLICT (security_id) DO NOTHING`), args...); err != nil {
		return nil, err
	}
	return generations(func(query string, args ...any) (*sql.Rows, error) {
		return d.query(ctx, query, args...)
	}, "valuation_market", "security_id", ids, "")
}

// rowsPerInsert keeps a multi-row INSERT well under both dialects' parameter limits.
const rowsPerInsert = 200

// store writes the worked-out days of the accounts whose transactions and securities are
// unchanged since they were read, in one transaction that locks the securities' rows (shared)
// and then the accounts' (as the triggers do, so neither waits for the other in a cycle).
func (d *Days) store(ctx context.Context, ids []int64, states map[int64]state, gens map[int64]int64,
	byAccount map[int64][]Txn, securities map[int64]Security, native map[int64]Native, clearFrom map[int64]time.Time, end time.Time) error {
	shared, exclusive := "", ""
	if d.db.Dialect == store.Postgres {
		shared, exclusive = " FOR SHARE", " FOR UPDATE"
	}
	return d.db.InTx(ctx, func(tx *sql.Tx) error {
		q := func(query string, args ...any) (*sql.Rows, error) {
			return tx.QueryContext(ctx, d.db.Rebind(query), args...)
		}
		exec := func(query string, args ...any) error {
			_, err := tx.ExecContext(ctx, d.db.Rebind(query), args...)
			return err
		}
		changed := map[int64]bool{} // securities whose closes or definition moved on
		if len(gens) > 0 {
			market, err := generations(q, "valuation_market", "security_id", slices.Collect(maps.Keys(gens)), shared)
			if err != nil {
				return err
			}
			for id, g := range market {
				changed[id] = g != gens[id]
			}
		}
		now, err := generations(q, "valuation_state", "account_id", ids, exclusive)
		if err != nil {
			return err
		}
		for _, id := range ids {
			g, ok := now[id]
			if !ok || g != states[id].generation {
				continue // a transaction of the account was written meanwhile
			}
			if slices.ContainsFunc(byAccount[id], func(t Txn) bool { return changed[t.SecurityID] }) {
				continue // a close or a security it holds changed meanwhile
			}
			if err := d.write(exec, id, byAccount[id], securities, native[id], clearFrom[id], end); err != nil {
				return err
			}
		}
		return nil
	})
}

// generations reads the generation of each id's row of table, keyed by the column key; an id
// without a row is left out. The rows are read (and, with lock " FOR SHARE" or " FOR UPDATE"
// on PostgreSQL, locked) in the order of their keys, whatever the order of ids: every writer
// taking its locks in one order is what keeps two of them from waiting for each other in a
// cycle. table and key are the code's own names, never input.
func generations(q func(string, ...any) (*sql.Rows, error), table, key string, ids []int64, lock string) (map[int64]int64, error) {
	out := map[int64]int64{}
	list, args := in(slices.Sorted(slices.Values(ids)))
	rows, err := q(`SELECT `+key+`, generation FROM `+table+` WHERE `+key+` IN (`+list+`) ORDER BY `+key+lock, args...)
	if err != nil {
		return nil, err
	}
	err = store.ScanAll(rows, func() error {
		var id, g int64
		if err := rows.Scan(&id, &g); err != nil {
			return err
		}
		out[id] = g
		return nil
	})
	return out, err
}

// write replaces one account's rows from clear on, its holdings and its state.
func (d *Days) write(exec func(string, ...any) error, id int64, txns []Txn, securities map[int64]Security, n Native, clear, end time.Time) error {
	from := calc.FormatDate(clear)
	if clear.IsZero() {
		from = ""
	}
	if err := exec(`DELETE FROM valuation_day WHERE account_id = ? AND value_date >= ?`, id, from); err != nil {
		return err
	}
	if err := exec(`DELETE FROM valuation_flow WHERE account_id = ? AND value_date >= ?`, id, from); err != nil {
		return err
	}
	for chunk := range slices.Chunk(n.Values, rowsPerInsert) {
		args := make([]any, 0, 4*len(chunk))
		for _, v := range chunk {
			args = append(args, id, calc.FormatDate(v.Date), v.Currency, v.Value)
		}
		if err := exec(`INSERT INTO valuation_day (account_id, value_date, currency, value) VALUES `+tuples(len(chunk), 4), args...); err != nil {
			return err
		}
	}
	for chunk := range slices.Chunk(n.Flows, rowsPerInsert) {
		args := make([]any, 0, 9*len(chunk))
		for _, f := range chunk {
			moved := 0
			if f.Moved {
				moved = 1
			}
			args = append(args, id, calc.FormatDate(f.Date), f.Currency, f.Flow, f.Income, moved, f.Fee, f.Tax, f.IncomeTax)
		}
		if err := exec(`INSERT INTO valuation_flow (account_id, value_date, currency, flow, income, moved, fee, tax, income_tax) VALUES `+
			tuples(len(chunk), 9), args...); err != nil {
			return err
		}
	}
	if err := exec(`DELETE FROM valuation_holding WHERE account_id = ?`, id); err != nil {
		return err
	}
	held := holdings(txns, securities)
	for chunk := range slices.Chunk(held, rowsPerInsert) {
		args := make([]any, 0, 4*len(chunk))
		for _, h := range chunk {
			var to any
			if !h.to.IsZero() {
				to = calc.FormatDate(h.to)
			}
			args = append(args, id, h.security, calc.FormatDate(h.from), to)
		}
		if err := exec(`INSERT INTO valuation_holding (account_id, security_id, held_from, held_to) VALUES `+tuples(len(chunk), 4), args...); err != nil {
			return err
		}
	}
	return exec(`UPDATE valuation_state SET valued_through = ?, stale_from = NULL WHERE account_id = ?`, calc.FormatDate(end), id)
}

// tuples is "(?, ?), (?, ?)" for rows of n columns.
func tuples(rows, n int) string {
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", n), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(one+", ", rows), ", ")
}

// holding is the span over which an account's rows depend on a security: from its first
// transaction naming it to its last, open-ended (zero to) while it is still held.
type holding struct {
	security int64
	from, to time.Time
}

// holdings lists the securities the account's transactions (in trade-date order) name, with
// their spans; a security still held after the last transaction has an open span.
func holdings(txns []Txn, securities map[int64]Security) []holding {
	spans := map[int64]*holding{}
	var order []int64
	for _, t := range txns {
		if t.SecurityID == 0 {
			continue
		}
		h, ok := spans[t.SecurityID]
		if !ok {
			h = &holding{security: t.SecurityID, from: t.TradeDate}
			spans[t.SecurityID] = h
			order = append(order, t.SecurityID)
		}
		h.to = t.TradeDate
	}
	open := map[int64]bool{}
	for _, p := range BuildPositions(txns, securities) {
		if math.Abs(p.Volume) >= UnitsEpsilon {
			open[p.Security.ID] = true
		}
	}
	out := make([]holding, 0, len(order))
	for _, id := range order {
		h := *spans[id]
		if open[id] {
			h.to = time.Time{}
		}
		out = append(out, h)
	}
	return out
}
