package ledger

import (
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
)

// Transaction kinds of the txn table. Deposit, withdrawal, transfer_in and transfer_out cross
// the account boundary (the external flows of TWRR and IRR); buy, sell, income and fee move
// value inside the account.
const (
	KindBuy         = "buy"
	KindSell        = "sell"
	KindDeposit     = "deposit"
	KindWithdrawal  = "withdrawal"
	KindIncome      = "income"
	KindFee         = "fee"
	KindTransferIn  = "transfer_in"
	KindTransferOut = "transfer_out"
)

// Txn is a stored transaction. Amounts are read as magnitudes: the kind says which way the
// money or the units go, whatever sign an importer stored.
type Txn struct {
	ID         int64
	AccountID  int64
	SecurityID int64 // 0: none (a money movement)
	Kind       string
	TradeDate  time.Time
	Volume     float64
	// PricePerUnit is in the security's currency (docs/import-format.md).
	PricePerUnit float64
	GrossAmount  float64
	Fee          float64
	Tax          float64
	NetAmount    float64
	// Currency is the transaction's native currency: the currency of its amounts.
	Currency string
	// Part is the sub-position of the holding a trade belongs to (txn.sub_position: a
	// sub-account or lot the firm keeps apart); "" is the holding's main part.
	Part string
}

// Security is what positions and valuation need of a security.
type Security struct {
	// ID is 0 for the synthetic cash of a currency that has no cash security.
	ID                  int64
	Code                string
	Exchange            string
	ISIN                string
	Description         string
	Currency            string
	AssetClassCode      string
	SectorName          string
	Region              string
	AnnualIncomePerUnit float64
	// AssetClassAllocation and RegionalAllocation are look-through maps of category to
	// percentage points (0–100) of the position's value, as calc.Holding wants them. They are
	// filled by LoadAllocations only.
	AssetClassAllocation map[string]float64
	RegionalAllocation   map[string]float64
}

// IsCash reports whether the security is cash (spec 2 §9): its code or its asset class equals
// "cash", starts with "cash." or ends with ".cash", ignoring case.
func (s Security) IsCash() bool { return calc.IsCash(s.Code) || calc.IsCash(s.AssetClassCode) }

// SyntheticCash stands for the cash of a currency that has no cash security in the store.
func SyntheticCash(currency string) Security {
	currency = normCurrency(currency)
	return Security{
		Code: "CASH." + currency, Description: "Cash (" + currency + ")", Currency: currency, AssetClassCode: "cash",
		AssetClassAllocation: map[string]float64{"cash": 100},
	}
}

// Close is one stored daily close of a security.
type Close struct {
	Date  time.Time
	Price float64
}

func normCurrency(c string) string { return strings.ToUpper(strings.TrimSpace(c)) }
