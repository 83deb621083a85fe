package ratelimit

import (
	"fmt"
	"time"

	"wealthportal/backend/internal/apierr"
)

// Texts of the 429 answers. The account and address limits share one text, so a user cannot
// tell which one was hit, nor whether the account exists.
const (
	// MsgTooManyAttempts answers a locked account or address (docs/api-contract.md, auth/login).
	MsgTooManyAttempts = apierr.TooManyAttempts
	// MsgCodeVoid answers a code tried too often: it is void and a new one must be requested.
	MsgCodeVoid = "Too many incorrect codes. This code can no longer be used. Please request a new code and try again."
	// MsgTooManyCodesSent answers too many code or reset e-mail requests.
	MsgTooManyCodesSent = "Too many codes have been requested. Please wait a few minutes and try again."
	// MsgTooManyTries answers the account-security and help-with-logging-in limits (reset codes
	// and username reminders requested, wrong current passwords).
	MsgTooManyTries = "Too many attempts. Please wait a few minutes and try again."
)

// Policy is the limit of one scope.
type Policy struct {
	// MaxFailures within Window lock the key: the attempt that reaches it is still admitted, the
	// next one is refused.
	MaxFailures int
	// Window is how long failures count, from the first failure of the window.
	Window time.Duration
	// LockFor is how long a key stays locked once it reaches MaxFailures.
	LockFor time.Duration
	// ResetOnSuccess clears the counter (and any lock) when an attempt succeeds. Without it a
	// success only takes back its own attempt, so earlier failures still count.
	ResetOnSuccess bool
	// Message is the api_message and user_message of the 429 answer.
	Message string
}

// DefaultPolicies are the portal's limits.
func DefaultPolicies() map[Scope]Policy {
	return map[Scope]Policy{
		// 5 wrong passwords in 15 minutes lock the username for 15 minutes.
		ScopeAccount: {MaxFailures: 5, Window: 15 * time.Minute, LockFor: 15 * time.Minute, ResetOnSuccess: true, Message: MsgTooManyAttempts},
		// 20 failures from one address in 15 minutes (password spraying over many usernames)
		// refuse that address for 15 minutes; an office behind one address has room for typos.
		ScopeAddress: {MaxFailures: 20, Window: 15 * time.Minute, LockFor: 15 * time.Minute, Message: MsgTooManyAttempts},
		// 5 wrong codes void the code: refused until a new code is issued (Reset) or, at the
		// latest, 15 minutes on (codes live 5 minutes, so the old code has expired by then).
		ScopeCode: {MaxFailures: 5, Window: 15 * time.Minute, LockFor: 15 * time.Minute, ResetOnSuccess: true, Message: MsgCodeVoid},
		// 5 codes or reset e-mails per username in 15 minutes.
		ScopeCodeSend: {MaxFailures: 5, Window: 15 * time.Minute, LockFor: 15 * time.Minute, Message: MsgTooManyCodesSent},
		// 30 signed-in writes per user in 15 minutes (a busy session makes a handful), then 15
		// minutes' wait: enrolling devices or agreeing to terms in a loop cannot fill the store.
		ScopeWrite: {MaxFailures: 30, Window: 15 * time.Minute, LockFor: 15 * time.Minute, Message: MsgTooManyChanges},
		// 5 wrong current passwords per login in 15 minutes; a right one does not forgive them.
		ScopeCurrentPassword: {MaxFailures: 5, Window: 15 * time.Minute, LockFor: 15 * time.Minute, Message: MsgTooManyTries},
		// 5 reset codes requested per username, and 5 username reminders per email address, in
		// 15 minutes: every request counts, sent or not.
		ScopeResetRequest: {MaxFailures: 5, Window: 15 * time.Minute, LockFor: 15 * time.Minute, Message: MsgTooManyTries},
		ScopeReminder:     {MaxFailures: 5, Window: 15 * time.Minute, LockFor: 15 * time.Minute, Message: MsgTooManyTries},
		// 3 wrong tries void a reset code. Codes live 5 minutes, so the lock outlives the code;
		// package recovery answers a void code as an invalid one, not with this text.
		ScopeResetCode: {MaxFailures: 3, Window: 5 * time.Minute, LockFor: 5 * time.Minute, Message: MsgCodeVoid},
	}
}

func (p Policy) validate(s Scope) error {
	if p.MaxFailures < 1 || p.Window <= 0 || p.LockFor <= 0 || p.Message == "" {
		return fmt.Errorf("ratelimit: policy of scope %q needs MaxFailures >= 1, a Window, a LockFor and a Message", s)
	}
	return nil
}

// lifetime is how long after a failure its row can still matter.
func (p Policy) lifetime() time.Duration { return max(p.Window, p.LockFor) }
