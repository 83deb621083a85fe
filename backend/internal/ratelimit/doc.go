// Package ratelimit limits the login and code endpoints per account, per client address and per
// second-factor code, with a lock-out the user is told about (issue 4 item 7), and the writes a
// signed-in user can repeat, per user (ScopeWrite, Limiter.Spend; issue 10).
//
// Counters live in the rate_limit table, so several portal processes sharing one database share
// them; nothing is kept in one process's memory. A row is keyed by an HMAC-SHA256 of the scope
// and the identifier (the typed username, the client address, the code's owner) under a secret
// key, so the table holds no username and no address.
//
// How a caller uses it:
//
//	d, err := lim.Check(ctx, ratelimit.AccountKey(username), ratelimit.AddressKeyOf(c))
//	if err != nil { return err }
//	if !d.Allowed { return ratelimit.Deny(c, d) } // 429 + Retry-After
//	defer lim.Release(ctx, d)                     // whatever is not judged below is taken back
//	... try the credential ...
//	if ok { lim.Succeed(ctx, d) } else if wrong { lim.Fail(d) }
//
// Check counts the attempt as a failure before it is made. Counting up front closes the race
// in which many parallel requests all pass a read-only check before the first failure is
// recorded: with a limit of 5, exactly 5 attempts are admitted however many arrive at once.
// Succeed takes the attempt back (and resets the counter for scopes that reset on success);
// Fail keeps it; Release takes it back when the attempt never tested a credential (the
// platform was down, the request was malformed). Each admitted key is settled once at most, and
// a refused attempt changes nothing and cannot be settled.
//
// Enumeration: the account key is the username as typed (normalised), never a user id, and the
// limiter never asks whether the account exists. An unknown username therefore accumulates
// failures and locks exactly like a known one, with the same 429, the same text and the same
// Retry-After; the account lock and the address lock also share one text. Lock-out behaviour
// says nothing about whether an account exists.
//
// It is the portal's one attempt limiter: logins and codes (BFF), Change Password's current
// password and help with logging in (platform) all count here, each scope with its Policy. The
// numbers are configuration (PORTAL_RATE_LIMITS, read by ParsePolicies); the handlers that use a
// Limiter refuse to be built without one, so there is no unlimited mode.
//
// Windows are anchored at the first failure: a window of W admits MaxFailures failures between
// that failure and W later; the failure that reaches MaxFailures locks the key for LockFor, and
// when a lock ends (or a window passes) counting starts again from zero.
package ratelimit
