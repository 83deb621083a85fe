package ratelimit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

var t0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// clock is the test's clock; only the test moves it.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var testSecret = []byte("0123456789abcdef0123456789abcdef")

func openDB(t testing.TB, file string) *store.DB {
	t.Helper()
	db, err := store.OpenSQLite(file)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

func newLimiter(t testing.TB, db *store.DB, c *clock, edit func(*Options)) *Limiter {
	t.Helper()
	o := Options{Secret: testSecret, Now: c.Now, CleanupEvery: -1}
	if edit != nil {
		edit(&o)
	}
	l, err := New(db, o)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

type fixture struct {
	t   *testing.T
	db  *store.DB
	clk *clock
	lim *Limiter
}

func newFixture(t *testing.T, dialect store.Dialect, edit func(*Options)) *fixture {
	t.Helper()
	f := &fixture{t: t, clk: &clock{t: t0}}
	f.db = testdb.Open(t, dialect)
	f.lim = newLimiter(t, f.db, f.clk, edit)
	return f
}

// failures reads a key's stored count (0 when it has no row).
func (f *fixture) failures(k Key) int {
	f.t.Helper()
	var n int
	err := f.db.QueryRow(f.db.Rebind(`SELECT failures FROM rate_limit WHERE key_hash = ?`), hashKey(f.lim.secret, k)).Scan(&n)
	if err != nil && err.Error() != "sql: no rows in result set" {
		f.t.Fatal(err)
	}
	return n
}

// Ops of the policy table.
type opKind int

const (
	opFail    opKind = iota // n admitted attempts that fail
	opSucceed               // one admitted attempt that succeeds
	opRelease               // n admitted attempts taken back unjudged
	opAllowed               // the next attempt is admitted (checked, then released: no trace)
	opRefused               // the next attempt is refused with scope and retry
	opAdvance               // the clock moves by d
	opReset                 // the keys are reset
)

type op struct {
	kind  opKind
	n     int
	d     time.Duration
	scope Scope
	keys  func(i int) []Key // keys of the i-th attempt of this op; default account + address
}

func fail(n int) op    { return op{kind: opFail, n: n} }
func release(n int) op { return op{kind: opRelease, n: n} }
func succeed() op      { return op{kind: opSucceed, n: 1} }
func allowed() op      { return op{kind: opAllowed, n: 1} }
func refused(s Scope, retry time.Duration) op {
	return op{kind: opRefused, n: 1, scope: s, d: retry}
}
func advance(d time.Duration) op           { return op{kind: opAdvance, d: d} }
func with(o op, keys func(i int) []Key) op { o.keys = keys; return o }

var (
	acc  = AccountKey("demo.client")
	addr = AddressKey("192.0.2.10")
)

func defaultKeys(int) []Key { return []Key{acc, addr} }

func (f *fixture) run(ops []op) {
	f.t.Helper()
	ctx := context.Background()
	for i, o := range ops {
		keys := o.keys
		if keys == nil {
			keys = defaultKeys
		}
		if o.kind == opAdvance {
			f.clk.Advance(o.d)
			continue
		}
		if o.kind == opReset {
			if err := f.lim.Reset(ctx, keys(0)...); err != nil {
				f.t.Fatal(err)
			}
			continue
		}
		for j := 0; j < o.n; j++ {
			d, err := f.lim.Check(ctx, keys(j)...)
			if err != nil {
				f.t.Fatalf("op %d attempt %d: %v", i, j, err)
			}
			if o.kind == opRefused {
				if d.Allowed || d.Scope != o.scope || d.RetryAfter != o.d {
					f.t.Fatalf("op %d: got allowed=%v scope=%q retry=%v, want refused by %q retry %v", i, d.Allowed, d.Scope, d.RetryAfter, o.scope, o.d)
				}
				continue
			}
			if !d.Allowed {
				f.t.Fatalf("op %d attempt %d: refused by %q (retry %v), want admitted", i, j, d.Scope, d.RetryAfter)
			}
			switch o.kind {
			case opFail:
				f.lim.Fail(d)
			case opSucceed:
				err = f.lim.Succeed(ctx, d)
			case opRelease, opAllowed:
				err = f.lim.Release(ctx, d)
			}
			if err != nil {
				f.t.Fatal(err)
			}
		}
	}
}

func TestPolicyEdges(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		user := func(prefix string) func(i int) []Key {
			return func(i int) []Key { return []Key{AccountKey(fmt.Sprintf("%s%d", prefix, i)), addr} }
		}
		longLock := func(o *Options) {
			o.Policies = DefaultPolicies()
			p := o.Policies[ScopeAccount]
			p.LockFor = 30 * time.Minute
			o.Policies[ScopeAccount] = p
		}
		code := func(int) []Key { return []Key{CodeKey("12")} }
		send := func(int) []Key { return []Key{CodeSendKey("demo.client")} }
		cases := []struct {
			name string
			edit func(*Options)
			ops  []op
		}{
			{"4 failures still admit the next attempt", nil, []op{fail(4), allowed(), allowed()}},
			{"the 5th failure locks the account for 15 minutes", nil, []op{fail(5), refused(ScopeAccount, 15*time.Minute)}},
			{"the 5th failure just inside the window locks", nil, []op{fail(4), advance(15*time.Minute - time.Second), fail(1), refused(ScopeAccount, 15*time.Minute)}},
			{"failures older than the window stop counting", nil, []op{fail(4), advance(15 * time.Minute), fail(4), allowed(), fail(1), refused(ScopeAccount, 15*time.Minute)}},
			{"the window runs from its first failure", nil, []op{fail(1), advance(10 * time.Minute), fail(3), advance(5 * time.Minute), fail(4), allowed()}},
			{"a lock ends after 15 minutes and counting starts again", nil, []op{
				fail(5), advance(15*time.Minute - time.Second), refused(ScopeAccount, time.Second),
				advance(time.Second), allowed(), fail(4), allowed(), fail(1), refused(ScopeAccount, 15*time.Minute)}},
			{"a lock longer than the window outlasts the window", longLock, []op{
				fail(5), advance(20 * time.Minute), refused(ScopeAccount, 10*time.Minute), advance(10 * time.Minute), allowed()}},
			{"a success resets the account counter", nil, []op{fail(4), succeed(), fail(4), allowed(), fail(1), refused(ScopeAccount, 15*time.Minute)}},
			{"released attempts do not count", nil, []op{fail(4), release(10), allowed(), fail(1), refused(ScopeAccount, 15*time.Minute)}},
			{"20 failures from one address over many usernames lock the address", nil, []op{
				with(fail(19), user("u")), with(allowed(), user("v")), with(fail(1), user("w")),
				with(refused(ScopeAddress, 15*time.Minute), user("x"))}},
			{"a success does not reset the address counter", nil, []op{
				with(fail(10), user("u")), succeed(), with(fail(9), user("v")), with(allowed(), user("w")),
				with(fail(1), user("w")), with(refused(ScopeAddress, 15*time.Minute), user("x"))}},
			{"the account lock is reported first when both are locked", nil, []op{
				with(fail(15), user("u")), fail(4), allowed(), fail(1), refused(ScopeAccount, 15*time.Minute)}},
			{"5 wrong codes void the code until a new one is issued", nil, []op{
				with(fail(4), code), with(allowed(), code), with(fail(1), code), with(refused(ScopeCode, 15*time.Minute), code),
				with(op{kind: opReset}, code), with(allowed(), code), with(fail(4), code), with(allowed(), code)}},
			{"a right code resets the code counter", nil, []op{
				with(fail(4), code), with(succeed(), code), with(fail(4), code), with(allowed(), code)}},
			{"a 6th code request in 15 minutes is refused", nil, []op{
				with(fail(5), send), with(refused(ScopeCodeSend, 15*time.Minute), send), advance(15 * time.Minute), with(allowed(), send)}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				newFixture(t, dialect, tc.edit).run(tc.ops)
			})
		}
	})
}

// An unknown username is limited exactly like a known one: the limiter never learns whether an
// account exists, so every decision for one is the decision for the other.
func TestUnknownUsernameLocksLikeAKnownOne(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		known, unknown := AccountKey("demo.client"), AccountKey("no.such.user")
		for i := range 7 {
			dk, err := f.lim.Check(ctx, known)
			if err != nil {
				t.Fatal(err)
			}
			du, err := f.lim.Check(ctx, unknown)
			if err != nil {
				t.Fatal(err)
			}
			if dk.Allowed != du.Allowed || dk.Scope != du.Scope || dk.RetryAfter != du.RetryAfter || dk.Message != du.Message {
				t.Fatalf("attempt %d: known %+v, unknown %+v", i+1, dk, du)
			}
			if want := i < 5; dk.Allowed != want {
				t.Fatalf("attempt %d: allowed = %v, want %v", i+1, dk.Allowed, want)
			}
			f.lim.Fail(dk)
			f.lim.Fail(du)
			f.clk.Advance(time.Second)
		}
		var e *apierr.Error
		d, _ := f.lim.Check(ctx, unknown)
		if !errors.As(d.Err(), &e) || e.Status != http.StatusTooManyRequests || e.APIMessage != apierr.TooManyAttempts || e.UserMessage != apierr.TooManyAttempts {
			t.Fatalf("refusal = %#v", d.Err())
		}
	})
}

func TestUsernamesAreNormalised(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		for _, name := range []string{"demo.client", " Demo.Client", "DEMO.CLIENT ", "\tdemo.client\n", "Demo.client"} {
			d, err := f.lim.Check(ctx, AccountKey(name))
			if err != nil || !d.Allowed {
				t.Fatalf("%q: %+v %v", name, d, err)
			}
			f.lim.Fail(d)
		}
		if d, _ := f.lim.Check(ctx, AccountKey("demo.client")); d.Allowed {
			t.Fatal("five spellings of one username did not count as one account")
		}
	})
}

func TestAKeyGivenTwiceCountsOnce(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		d, err := f.lim.Check(ctx, acc, addr, acc, AccountKey(" DEMO.client"))
		if err != nil || !d.Allowed {
			t.Fatal(d, err)
		}
		if got := f.failures(acc); got != 1 {
			t.Fatalf("failures = %d, want 1", got)
		}
		if err := f.lim.Release(ctx, d); err != nil {
			t.Fatal(err)
		}
		if got := f.failures(acc); got != 0 {
			t.Fatalf("after release failures = %d, want 0", got)
		}
	})
}

func TestRefusedAttemptCountsNowhere(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		f.run([]op{fail(5)})
		for range 30 {
			if d, err := f.lim.Check(ctx, acc, addr); err != nil || d.Allowed {
				t.Fatalf("locked account admitted: %+v %v", d, err)
			}
		}
		if got := f.failures(addr); got != 5 {
			t.Fatalf("address failures = %d, want 5: refusals of a locked account must not lock its address", got)
		}
		if got := f.failures(acc); got != 5 {
			t.Fatalf("account failures = %d, want 5", got)
		}
	})
}

func TestSettlingIsOnceAndOnlyForAdmittedKeys(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		code := CodeKey("12")

		// One attempt on three keys settled key by key: the password was right, the code wrong.
		d, err := f.lim.Check(ctx, acc, addr, code)
		if err != nil || !d.Allowed {
			t.Fatal(d, err)
		}
		f.run([]op{fail(3)}) // other attempts meanwhile
		if err := f.lim.Succeed(ctx, d, acc); err != nil {
			t.Fatal(err)
		}
		f.lim.Fail(d, code)
		if err := f.lim.Release(ctx, d); err != nil { // only addr is still open
			t.Fatal(err)
		}
		if a, ad, c := f.failures(acc), f.failures(addr), f.failures(code); a != 0 || ad != 3 || c != 1 {
			t.Fatalf("account %d address %d code %d, want 0 3 1", a, ad, c)
		}
		// Settling again changes nothing.
		if err := f.lim.Release(ctx, d); err != nil {
			t.Fatal(err)
		}
		if err := f.lim.Succeed(ctx, d); err != nil {
			t.Fatal(err)
		}
		if ad, c := f.failures(addr), f.failures(code); ad != 3 || c != 1 {
			t.Fatalf("second settle changed counts: address %d code %d", ad, c)
		}

		// A refused decision cannot be taken back, so it can never lift a lock.
		f.run([]op{fail(5)})
		refusedD, _ := f.lim.Check(ctx, acc, addr)
		if refusedD.Allowed {
			t.Fatal("account not locked")
		}
		for range 10 {
			if err := f.lim.Release(ctx, refusedD); err != nil {
				t.Fatal(err)
			}
		}
		if d, _ := f.lim.Check(ctx, acc); d.Allowed {
			t.Fatal("releasing a refused decision lifted the lock")
		}
	})
}

// An attempt admitted before a lock and taken back afterwards lifts the lock it helped reach:
// the failures left are below the limit again.
func TestReleaseOfTheLockingAttemptLiftsTheLock(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		f.run([]op{fail(4)})
		d, _ := f.lim.Check(ctx, acc, addr) // the 5th: reaches the limit
		if !d.Allowed {
			t.Fatal("5th attempt refused")
		}
		if l, _ := f.lim.Check(ctx, acc); l.Allowed {
			t.Fatal("no lock while the 5th attempt is in flight")
		}
		if err := f.lim.Release(ctx, d); err != nil { // the platform was down: it never counted
			t.Fatal(err)
		}
		f.run([]op{allowed(), fail(1), refused(ScopeAccount, 15*time.Minute)})
	})
}

func TestRetryAfterIsTheLongestWait(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, func(o *Options) {
			o.Policies = DefaultPolicies()
			p := o.Policies[ScopeAddress]
			p.MaxFailures, p.LockFor = 5, time.Hour
			o.Policies[ScopeAddress] = p
		})
		f.run([]op{fail(5)})
		d, err := f.lim.Check(ctx, acc, addr)
		if err != nil || d.Allowed || d.Scope != ScopeAccount || d.RetryAfter != time.Hour || d.RetryAfterSeconds() != 3600 {
			t.Fatalf("%+v %v", d, err)
		}
	})
}

func TestParallelAttemptsCannotPassTheLimit(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		var wg sync.WaitGroup
		var mu sync.Mutex
		admitted := 0
		for range 40 {
			wg.Go(func() {
				d, err := f.lim.Check(ctx, acc, addr)
				if err != nil {
					t.Error(err)
					return
				}
				if d.Allowed {
					mu.Lock()
					admitted++
					mu.Unlock()
					f.lim.Fail(d)
				}
			})
		}
		wg.Wait()
		if admitted != 5 {
			t.Fatalf("%d parallel attempts admitted, want exactly 5", admitted)
		}
		if got := f.failures(acc); got != 5 {
			t.Fatalf("account failures = %d, want 5", got)
		}
	})
}

// Two processes (two connection pools on one database) failing in parallel count every failure.
func TestParallelFailuresCountAcrossProcesses(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		big := func(o *Options) {
			o.Policies = DefaultPolicies()
			for s, p := range o.Policies {
				p.MaxFailures = 10000
				o.Policies[s] = p
			}
		}
		f := newFixture(t, dialect, big)
		other := newLimiter(t, testdb.Reopen(t, f.db), f.clk, big)
		var wg sync.WaitGroup
		for i := range 100 {
			lim := f.lim
			if i%2 == 1 {
				lim = other
			}
			wg.Go(func() {
				d, err := lim.Check(ctx, acc, addr)
				if err != nil || !d.Allowed {
					t.Error(d, err)
					return
				}
				lim.Fail(d)
			})
		}
		wg.Wait()
		if a, ad := f.failures(acc), f.failures(addr); a != 100 || ad != 100 {
			t.Fatalf("account %d, address %d, want 100 each", a, ad)
		}
	})
}

func TestProcessesSharingTheDatabaseShareTheLock(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		other := newLimiter(t, testdb.Reopen(t, f.db), f.clk, nil)
		f.run([]op{fail(5)})
		if d, err := other.Check(ctx, acc); err != nil || d.Allowed {
			t.Fatalf("the other process admitted a locked account: %+v %v", d, err)
		}
	})
}

// No username or address is at rest: not in the table, not anywhere in the database files.
func TestOnlyKeyedHashesAreStored(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		raw := []string{"demo.client", "Demo.Client", "192.0.2.10", "2001:db8:aa:bb", "user-4711"}
		keys := []Key{AccountKey("Demo.Client"), AddressKey("192.0.2.10"), AddressKey("2001:db8:aa:bb::1"), CodeKey("user-4711"), CodeSendKey("user-4711")}
		for range 6 {
			d, err := f.lim.Check(ctx, keys...)
			if err != nil {
				t.Fatal(err)
			}
			f.lim.Fail(d)
		}
		rows, err := f.db.Query(`SELECT key_hash, scope, failures, window_end, locked_until, updated_at, expires_at FROM rate_limit`)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var h []byte
			var scope, window, locked, updated, expires string
			var failures int
			if err := rows.Scan(&h, &scope, &failures, &window, &locked, &updated, &expires); err != nil {
				t.Fatal(err)
			}
			n++
			if len(h) != 32 {
				t.Fatalf("key_hash of %d bytes", len(h))
			}
			row := fmt.Sprintf("%x %s %d %s %s %s %s %s", h, h, failures, scope, window, locked, updated, expires)
			for _, r := range raw {
				if bytes.Contains(bytes.ToLower([]byte(row)), bytes.ToLower([]byte(r))) {
					t.Fatalf("row holds %q: %s", r, row)
				}
			}
		}
		rows.Close()
		if n != len(keys) {
			t.Fatalf("%d rows, want %d", n, len(keys))
		}
		// SQLite: neither the file nor its write-ahead log holds them either.
		if dialect == store.SQLite {
			if _, err := f.db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
				t.Fatal(err)
			}
			var seq int
			var schema, dbFile string
			if err := f.db.QueryRow(`PRAGMA database_list`).Scan(&seq, &schema, &dbFile); err != nil {
				t.Fatal(err)
			}
			for _, file := range []string{dbFile, dbFile + "-wal"} {
				b, err := os.ReadFile(file)
				if err != nil && !os.IsNotExist(err) {
					t.Fatal(err)
				}
				for _, r := range raw {
					if bytes.Contains(bytes.ToLower(b), bytes.ToLower([]byte(r))) {
						t.Fatalf("%s holds %q", filepath.Base(file), r)
					}
				}
			}
		}
		// The hash is keyed: another secret gives other hashes, and a scope is part of the input.
		other := deriveSecret([]byte("another secret of sixteen bytes+"))
		if bytes.Equal(hashKey(f.lim.secret, acc), hashKey(other, acc)) {
			t.Fatal("hash does not depend on the secret")
		}
		if bytes.Equal(hashKey(f.lim.secret, CodeKey("x")), hashKey(f.lim.secret, CodeSendKey("x"))) {
			t.Fatal("hash does not depend on the scope")
		}
	})
}

func TestCleanupDeletesOnlyExpiredRows(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		f.run([]op{fail(5)})                                                                                   // account and address locked until t0+15m
		f.run([]op{advance(10 * time.Minute), with(fail(1), func(int) []Key { return []Key{CodeKey("12")} })}) // until t0+25m
		count := func() int {
			var n int
			if err := f.db.QueryRow(`SELECT COUNT(*) FROM rate_limit`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		f.clk.Advance(5*time.Minute - time.Second)
		if n, err := f.lim.Cleanup(ctx); err != nil || n != 0 || count() != 3 {
			t.Fatalf("deleted %d (%v) before anything expired", n, err)
		}
		f.clk.Advance(time.Second)
		if n, err := f.lim.Cleanup(ctx); err != nil || n != 2 || count() != 1 {
			t.Fatalf("deleted %d (%v), want the 2 expired rows", n, err)
		}
		f.clk.Advance(10 * time.Minute)
		if n, err := f.lim.Cleanup(ctx); err != nil || n != 1 || count() != 0 {
			t.Fatalf("deleted %d (%v), want the last row", n, err)
		}
	})
}

func TestCheckCleansUpEveryNChecks(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		f := newFixture(t, dialect, func(o *Options) { o.CleanupEvery = 3 })
		old := AccountKey("old")
		f.run([]op{with(fail(1), func(int) []Key { return []Key{old} })}) // check 1
		f.clk.Advance(time.Hour)
		f.run([]op{fail(1)}) // check 2: nothing cleaned yet
		var n int
		f.db.QueryRow(f.db.Rebind(`SELECT COUNT(*) FROM rate_limit WHERE key_hash = ?`), hashKey(f.lim.secret, old)).Scan(&n)
		if n != 1 {
			t.Fatalf("expired row gone too early (%d)", n)
		}
		f.run([]op{fail(1)}) // check 3: the janitor runs
		f.db.QueryRow(f.db.Rebind(`SELECT COUNT(*) FROM rate_limit WHERE key_hash = ?`), hashKey(f.lim.secret, old)).Scan(&n)
		if n != 0 {
			t.Fatal("expired row survived the opportunistic cleanup")
		}
		if got := f.failures(acc); got != 2 {
			t.Fatalf("live row touched by cleanup: %d failures", got)
		}
	})
}

func TestNewValidates(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		db := testdb.Open(t, dialect)
		if _, err := New(db, Options{Secret: []byte("short")}); err == nil {
			t.Fatal("short secret accepted")
		}
		if _, err := New(nil, Options{Secret: testSecret}); err == nil {
			t.Fatal("nil database accepted")
		}
		if _, err := New(db, Options{Secret: testSecret, Policies: map[Scope]Policy{ScopeAccount: {MaxFailures: 0, Window: time.Minute, LockFor: time.Minute, Message: "x"}}}); err == nil {
			t.Fatal("MaxFailures 0 accepted")
		}
		l, err := New(db, Options{Secret: testSecret, Policies: map[Scope]Policy{ScopeAccount: DefaultPolicies()[ScopeAccount]}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Check(context.Background(), AddressKey("192.0.2.1")); err == nil {
			t.Fatal("a scope without a policy was checked")
		}
		if d, err := l.Check(context.Background()); err != nil || !d.Allowed {
			t.Fatal("no keys must be allowed")
		}
	})
}

func TestDefaultPoliciesAndTexts(t *testing.T) {
	p := DefaultPolicies()
	want := map[Scope]Policy{
		ScopeAccount:  {5, 15 * time.Minute, 15 * time.Minute, true, "Too many login attempts. Please wait a few minutes and try again."},
		ScopeAddress:  {20, 15 * time.Minute, 15 * time.Minute, false, "Too many login attempts. Please wait a few minutes and try again."},
		ScopeCode:     {5, 15 * time.Minute, 15 * time.Minute, true, "Too many incorrect codes. This code can no longer be used. Please request a new code and try again."},
		ScopeCodeSend: {5, 15 * time.Minute, 15 * time.Minute, false, "Too many codes have been requested. Please wait a few minutes and try again."},
		ScopeWrite:    {30, 15 * time.Minute, 15 * time.Minute, false, "Too many changes in a short time. Please wait a few minutes and try again."},
		// The limits that package accountsec counted in auth_attempt before, with its text.
		ScopeCurrentPassword: {5, 15 * time.Minute, 15 * time.Minute, false, "Too many attempts. Please wait a few minutes and try again."},
		ScopeResetRequest:    {5, 15 * time.Minute, 15 * time.Minute, false, "Too many attempts. Please wait a few minutes and try again."},
		ScopeReminder:        {5, 15 * time.Minute, 15 * time.Minute, false, "Too many attempts. Please wait a few minutes and try again."},
		ScopeResetCode:       {3, 5 * time.Minute, 5 * time.Minute, false, "Too many incorrect codes. This code can no longer be used. Please request a new code and try again."},
	}
	if len(p) != len(want) {
		t.Fatalf("%d policies", len(p))
	}
	for s, w := range want {
		if p[s] != w {
			t.Errorf("%s: %+v, want %+v", s, p[s], w)
		}
	}
}

func benchLimiter(b *testing.B) *Limiter {
	c := &clock{t: t0}
	return newLimiter(b, openDB(b, filepath.Join(b.TempDir(), "portal.db")), c, func(o *Options) {
		o.Policies = DefaultPolicies()
		for s, p := range o.Policies {
			p.MaxFailures = 1 << 30
			o.Policies[s] = p
		}
		o.CleanupEvery = 500
	})
}

// BenchmarkCheckFail is one failed login: Check on account and address, then Fail.
func BenchmarkCheckFail(b *testing.B) {
	l := benchLimiter(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		d, err := l.Check(ctx, AccountKey(fmt.Sprintf("user%d", i%1000)), AddressKey(fmt.Sprintf("192.0.2.%d", i%250)))
		if err != nil || !d.Allowed {
			b.Fatal(d, err)
		}
		l.Fail(d)
		i++
	}
}

// BenchmarkCheckSucceed is one successful login: Check, then Succeed.
func BenchmarkCheckSucceed(b *testing.B) {
	l := benchLimiter(b)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		d, err := l.Check(ctx, AccountKey(fmt.Sprintf("user%d", i%1000)), AddressKey(fmt.Sprintf("192.0.2.%d", i%250)))
		if err != nil || !d.Allowed {
			b.Fatal(d, err)
		}
		if err := l.Succeed(ctx, d); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkCheckLocked is a flood against a locked account: a read, no write.
func BenchmarkCheckLocked(b *testing.B) {
	c := &clock{t: t0}
	l := newLimiter(b, openDB(b, filepath.Join(b.TempDir(), "portal.db")), c, nil)
	ctx := context.Background()
	for range 5 {
		d, _ := l.Check(ctx, acc, addr)
		l.Fail(d)
	}
	for b.Loop() {
		if d, err := l.Check(ctx, acc, addr); err != nil || d.Allowed {
			b.Fatal(d, err)
		}
	}
}
