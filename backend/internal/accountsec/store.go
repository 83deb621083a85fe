package accountsec

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"time"

	"wealthportal/backend/internal/store"
)

// StoredQuestion is a security question with the hash of its answer.
type StoredQuestion struct {
	Question   string
	AnswerHash string
}

// SQLStore keeps security questions, passwords and biometric permissions in the platform's
// store.
type SQLStore struct{ DB *store.DB }

func (s SQLStore) q(query string) string { return s.DB.Rebind(query) }

// PlatformVersion is the version of the platform a firm runs on (GET site's version).
func (s SQLStore) PlatformVersion(ctx context.Context, firmID int64) (string, error) {
	var v string
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT platform_version FROM firm WHERE id = ?`), firmID).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// Questions are a login's security questions in order; none when they were never set.
func (s SQLStore) Questions(ctx context.Context, userID int64) ([]StoredQuestion, error) {
	rows, err := s.DB.QueryContext(ctx, s.q(`SELECT question, answer_hash FROM security_question WHERE user_id = ? ORDER BY position`), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []StoredQuestion
	for rows.Next() {
		var q StoredQuestion
		if err := rows.Scan(&q.Question, &q.AnswerHash); err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, rows.Err()
}

// SetQuestions replaces a login's security questions. The delete and the inserts hold the
// login's lock (lockUser), so parallel replacements leave one whole pair instead of failing on
// the (user_id, position) key.
func (s SQLStore) SetQuestions(ctx context.Context, userID int64, qs [2]StoredQuestion, now time.Time) error {
	return s.DB.InTx(ctx, func(tx *sql.Tx) error {
		if err := s.lockUser(ctx, tx, userID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM security_question WHERE user_id = ?`), userID); err != nil {
			return err
		}
		for i, q := range qs {
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO security_question (user_id, position, question, answer_hash, set_at) VALUES (?, ?, ?, ?, ?)`),
				userID, i+1, q.Question, q.AnswerHash, store.FormatTime(now)); err != nil {
				return err
			}
		}
		return nil
	})
}

// lockUser serialises transactions that replace a login's rows. SQLite's write transactions
// are taken immediately (store.OpenSQLite: _txlock=immediate), which is lock enough; under
// PostgreSQL's READ COMMITTED a second DELETE sees nothing of the first's inserts, so the
// login's row is locked until the transaction ends.
func (s SQLStore) lockUser(ctx context.Context, tx *sql.Tx, userID int64) error {
	if s.DB.Dialect != store.Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, s.q(`SELECT id FROM app_user WHERE id = ? FOR UPDATE`), userID)
	return err
}

// TokenHash is how the platform keys a session token (platform_session.token_hash).
func TokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// SetPassword stores a login's new password hash inside tx and ends its platform sessions,
// all of them or all but keep (a platform session token, "" for none). A forced password change
// is then done: the user has chosen this password. The caller commits, so the change can be
// joined with its own writes (spending a reset code).
func SetPassword(ctx context.Context, db *store.DB, tx *sql.Tx, userID int64, hash, keep string) error {
	if _, err := tx.ExecContext(ctx, db.Rebind(`UPDATE app_user SET password_hash = ?, force_change_password = 0 WHERE id = ?`), hash, userID); err != nil {
		return err
	}
	if keep == "" {
		_, err := tx.ExecContext(ctx, db.Rebind(`DELETE FROM platform_session WHERE user_id = ?`), userID)
		return err
	}
	_, err := tx.ExecContext(ctx, db.Rebind(`DELETE FROM platform_session WHERE user_id = ? AND token_hash <> ?`), userID, TokenHash(keep))
	return err
}

// BiometricPermission is a login's biometric permission, 0 when never set.
func (s SQLStore) BiometricPermission(ctx context.Context, userID int64) (int, error) {
	var p int
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT permission FROM biometric_permission WHERE user_id = ?`), userID).Scan(&p)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return p, err
}

// SetBiometricPermission records a login's biometric permission (1 or 0).
func (s SQLStore) SetBiometricPermission(ctx context.Context, userID int64, permission int, now time.Time) error {
	_, err := s.DB.ExecContext(ctx, s.q(`INSERT INTO biometric_permission (user_id, permission, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET permission = excluded.permission, updated_at = excluded.updated_at`),
		userID, permission, store.FormatTime(now))
	return err
}
