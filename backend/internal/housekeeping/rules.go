package housekeeping

import "time"

// Rule is one way rows of one table die.
type Rule struct {
	// Table is the table swept.
	Table string
	// Key is its primary key: a batch deletes the keys a bounded select found.
	Key string
	// Dead says the row died at or before the cutoff, the one placeholder; it must be served by
	// Index so that a batch does not scan the table.
	Dead string
	// Grace is how long after its death a row is kept.
	Grace time.Duration
	// Index is the index that finds the dead rows (migration 0014_expiry_sweep.sql).
	Index string
}

// How long dead rows are kept (doc.go says why).
const (
	sessionGrace      = 24 * time.Hour
	codeGrace         = 24 * time.Hour
	outboxKeep        = 7 * 24 * time.Hour
	revokedDeviceKeep = 90 * 24 * time.Hour
)

// Rules are the expiry rules of every table the sweep looks after, in the order it sweeps them.
func Rules() []Rule {
	return []Rule{
		{Table: "bff_session", Key: "id_hash", Dead: "revoked_at <= ?", Grace: sessionGrace, Index: "bff_session_revoked_idx"},
		{Table: "bff_session", Key: "id_hash", Dead: "idle_expires_at <= ?", Grace: sessionGrace, Index: "bff_session_idle_expires_idx"},
		{Table: "bff_session", Key: "id_hash", Dead: "expires_at <= ?", Grace: sessionGrace, Index: "bff_session_expires_idx"},
		{Table: "platform_session", Key: "token_hash", Dead: "expires_at <= ?", Grace: sessionGrace, Index: "platform_session_expires_idx"},
		{Table: "otp_code", Key: "id", Dead: "expires_at <= ?", Grace: codeGrace, Index: "otp_code_expires_idx"},
		{Table: "mfa_device", Key: "id", Dead: "linked_at IS NULL AND expires_at <= ?", Grace: codeGrace, Index: "mfa_device_pending_expires_idx"},
		{Table: "outbox", Key: "id", Dead: "created_at <= ?", Grace: outboxKeep, Index: "outbox_created_idx"},
		{Table: "biometric_device", Key: "id", Dead: "revoked_at <= ?", Grace: revokedDeviceKeep, Index: "biometric_device_revoked_idx"},
	}
}

// deleteSQL deletes at most one batch (the last placeholder) of the rule's dead rows. Dead is
// repeated outside the subquery so that, on PostgreSQL, a row changed since the subquery read
// it (a session touched at that instant) is checked again before it goes.
func (r Rule) deleteSQL() string {
	return `DELETE FROM ` + r.Table + ` WHERE ` + r.Dead + ` AND ` + r.Key + ` IN (SELECT ` + r.Key +
		` FROM ` + r.Table + ` WHERE ` + r.Dead + ` LIMIT ?)`
}
