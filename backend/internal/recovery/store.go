package recovery

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/store"
)

// Contact is where a login's messages go, and the product name they are signed with.
type Contact struct {
	Email       string
	Mobile      string
	ProductName string
}

// SQLStore holds the recovery queries over the platform's store.
type SQLStore struct{ DB *store.DB }

func (s SQLStore) q(query string) string { return s.DB.Rebind(query) }

// ContactOf reads a login's email address (its party's preferred email) and mobile number.
func (s SQLStore) ContactOf(ctx context.Context, userID int64) (Contact, error) {
	var c Contact
	err := s.DB.QueryRowContext(ctx, s.q(`
		SELECT e.preferred_email, u.mobile_phone, f.product_name
		FROM app_user u JOIN entity e ON e.id = u.entity_id JOIN firm f ON f.id = e.firm_id
		WHERE u.id = ?`), userID).Scan(&c.Email, &c.Mobile, &c.ProductName)
	if errors.Is(err, sql.ErrNoRows) {
		return c, store.ErrNotFound
	}
	return c, err
}

// ClientLogin is a client login found by email address and date of birth.
type ClientLogin struct {
	Username    string
	Email       string
	ProductName string
}

// ClientLoginsByEmailAndDOB finds the enabled client logins whose party has this preferred
// email address (ignoring case) and date of birth.
func (s SQLStore) ClientLoginsByEmailAndDOB(ctx context.Context, email, dob string) ([]ClientLogin, error) {
	rows, err := s.DB.QueryContext(ctx, s.q(`
		SELECT u.username, e.preferred_email, f.product_name
		FROM entity e JOIN app_user u ON u.entity_id = e.id JOIN firm f ON f.id = e.firm_id
		WHERE lower(e.preferred_email) = lower(?) AND e.dob = ? AND e.entity_kind = 'client'
		  AND u.role_name = 'ClientUser' AND u.disabled = 0
		ORDER BY u.id`), email, dob)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ClientLogin
	for rows.Next() {
		var l ClientLogin
		if err := rows.Scan(&l.Username, &l.Email, &l.ProductName); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// SpendCodeAndSetPassword uses a reset code and sets the new password in one transaction, and
// ends every platform session of the login. It answers false, changing nothing, when the code
// was used meanwhile.
func (s SQLStore) SpendCodeAndSetPassword(ctx context.Context, codeID, userID int64, hash string, now time.Time) (bool, error) {
	spent := false
	err := s.DB.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE otp_code SET used_at = ? WHERE id = ? AND used_at IS NULL`), store.FormatTime(now), codeID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		spent = true
		return accountsec.SetPassword(ctx, s.DB, tx, userID, hash, "")
	})
	return spent, err
}
