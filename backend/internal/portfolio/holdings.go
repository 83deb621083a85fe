package portfolio

import (
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
)

// Holding is one account's position in one security as at a date: package ledger builds it
// from the transactions and prices it (ledger.Reader.PositionsAt).
type Holding = ledger.Position

// fixedRates is an empty rate table: it converts only what needs no published rate (the same
// currency, GBP and GBX).
var fixedRates *calc.RateTable
