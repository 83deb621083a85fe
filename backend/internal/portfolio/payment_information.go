package portfolio

import (
	"context"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/resourceful"
)

// BPAY is how a client pays into an account by BPAY (spec 2 §3): the biller code and the
// client's reference.
type BPAY struct {
	ID         int64  `json:"id"`
	BillerCode string `json:"billerCode"`
	Reference  string `json:"reference"`
}

// BankAccount is the bank account a client pays into (spec 2 §3).
type BankAccount struct {
	ID            int64  `json:"id"`
	Bank          string `json:"bank"`
	AccountName   string `json:"accountName"`
	BSB           string `json:"bsb"`
	AccountNumber string `json:"accountNumber"`
}

// PaymentInformation is an account's payment information (spec 2 §3, keyed by accountId):
// either method may be missing, and both are for "No payment method available yet".
type PaymentInformation struct {
	AccountID   int64        `json:"accountId"`
	BPAY        *BPAY        `json:"bpay"`
	BankAccount *BankAccount `json:"bankAccount"`
}

// LoadPaymentInformation reads an account's payment information. It does no access check.
func LoadPaymentInformation(ctx context.Context, q Querier, accountID int64) (PaymentInformation, error) {
	out := PaymentInformation{AccountID: accountID}
	rows, err := q.QueryContext(ctx, `SELECT id, kind, biller_code, reference, bank, account_name, bsb, account_number
		FROM payment_information WHERE account_id = ? ORDER BY id`, accountID)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var kind, billerCode, reference, bank, accountName, bsb, accountNumber string
		if err := rows.Scan(&id, &kind, &billerCode, &reference, &bank, &accountName, &bsb, &accountNumber); err != nil {
			return out, err
		}
		switch kind {
		case "bpay":
			out.BPAY = &BPAY{ID: id, BillerCode: billerCode, Reference: reference}
		case "bank":
			out.BankAccount = &BankAccount{ID: id, Bank: bank, AccountName: accountName, BSB: bsb, AccountNumber: accountNumber}
		}
	}
	return out, rows.Err()
}

// GET /resourceful/portfolio/account/:id/payment_information: a foreign account answers like a
// missing one; an account without payment methods answers both as null.
func (m *Module) getPaymentInformation(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := access.CanReachAccount(c.Request.Context(), q, p, id); err != nil {
		return err
	}
	info, err := LoadPaymentInformation(c.Request.Context(), q, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, info)
	return nil
}
