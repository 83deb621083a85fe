// Package housekeeping owns the expiry sweep: the background job that deletes rows which have
// stopped meaning anything (ended sessions, spent codes, abandoned enrolments, old development
// messages), so the tables that grow with every login stay the size of what is live.
//
// Every read in the owning packages already checks expiry, so a dead row is never used; the
// sweep only removes it, some time after it died. The rules, in one place:
//
//	table             a row is dead once                                 deleted
//	bff_session       revoked, idle too long, or past its lifetime       24 h later
//	platform_session  past expires_at                                    24 h later
//	otp_code          past expires_at (used codes too: all expire fast)  24 h later
//	mfa_device        an enrolment not linked and past expires_at        24 h later
//	outbox            written (the demo's development messages)          7 days later
//	biometric_device  revoked                                            90 days later
//	rate_limit        not here: ratelimit.Limiter.Cleanup sweeps it, under its own lock
//
// Why keep dead rows at all: for a day after a session ends or a code expires, support can
// still see that it existed and when it ended ("I was signed out", "the code never worked").
// Linked second-factor devices and active biometric devices never expire. Revoked biometric
// devices stay 90 days (support's record of why a phone stopped working; at most 20 a login,
// biometric.Service keeps that cap). The development outbox holds codes and addresses in clear,
// so it keeps only a week.
//
// Rules lists the same in code, each with the index its batch query uses (migration 0014).
// The SQL sits here, beside the rules, not in each owning package: the retention policy is one
// decision that reads best as one table, and every statement has the same shape.
//
// How it runs: Sweeper.Sweep takes the advisory lock store.LockExpirySweep with TryWithLock, so
// of several portal instances sharing one PostgreSQL database one sweeps and the others skip
// that round. Each rule deletes in batches of Options.BatchSize rows, each batch one short
// statement (`DELETE … WHERE key IN (SELECT key … LIMIT n)`), so a sweep never holds long locks
// on a busy PostgreSQL or on SQLite's single writer. Sweeper.Run repeats it (a first round
// shortly after start, then every Options.Interval) until its context ends; `portal serve` and
// `portal platform` start it, and `portal maintenance sweep` runs one round for an operator.
// Only counts per table are logged, never a row's content.
package housekeeping
