package portfolio

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
)

// sort_type values of portfolio/transaction (spec 3 §7.5; the numbers are the platform's, the
// meanings are ours, see doc.go).
const (
	SortNewestFirst     = 1 // the default: the transactions tab
	SortOldestFirst     = 2 // the full-history walk
	SortLastTransaction = 7 // the last-transaction lookup: newest first
)

// Transaction paging (spec 2 §9, spec 3 §9): 200 per page by default, at most 1000.
const (
	DefaultTransactionPage = 200
	MaxTransactionPage     = 1000
)

// TxnCursor is the position of the last transaction of a page.
type TxnCursor struct {
	TradeDate string // YYYY-MM-DD
	ID        int64
}

// TxnPageQuery asks for one page of transactions.
type TxnPageQuery struct {
	AccountIDs  []int64
	Start, Stop time.Time // trade-date bounds, inclusive; zero for none
	Ascending   bool      // oldest first
	Size        int
	After       *TxnCursor // nil for the first page
}

// TransactionRow is a transaction with its security, as the list shows it.
type TransactionRow struct {
	ID                  int64
	AccountID           int64
	Kind                string
	TypeDescription     string
	TradeDate           string
	SettlementDate      string
	Volume              float64
	PricePerUnit        float64
	GrossAmount         float64
	Fee                 float64
	Tax                 float64
	NetAmount           float64
	Currency            string
	Comment             string
	SecurityDescription string
	Code                string
	Exchange            string
	ISIN                string
}

// pageSQL reads one account's page. The keyset is (trade_date, id), both in the page's
// direction, so txn_account_date_idx (account_id, trade_date, id) serves the search and the
// order: no sort, and a deep page costs the same as the first.
const pageSQL = `SELECT t.id, t.account_id, t.kind, t.transaction_type_desc, t.trade_date, t.settlement_date,
	t.volume, t.price_per_unit, t.gross_amount, t.fee, t.tax, t.net_amount, t.native_currency, t.comment,
	COALESCE(s.description, ''), COALESCE(s.code, ''), COALESCE(s.exchange, ''), COALESCE(s.isin, '')
	FROM txn t LEFT JOIN security s ON s.id = t.security_id
	WHERE t.account_id = ? AND t.trade_date >= ? AND t.trade_date <= ?`

// pageStatement is the SQL and arguments of one account's page.
func pageStatement(accountID int64, qry TxnPageQuery) (string, []any) {
	lower, upper := "0000-01-01", "9999-12-31"
	if !qry.Start.IsZero() {
		lower = calc.FormatDate(qry.Start)
	}
	if !qry.Stop.IsZero() {
		upper = calc.FormatDate(qry.Stop)
	}
	query, op, dir := pageSQL, ">", "ASC"
	if !qry.Ascending {
		op, dir = "<", "DESC"
	}
	var keyset []any
	if qry.After != nil {
		// The date bound repeats the bookmark's date so the index range starts at the
		// bookmark instead of scanning past every row before it.
		if qry.Ascending {
			lower = max(lower, qry.After.TradeDate)
		} else {
			upper = min(upper, qry.After.TradeDate)
		}
		query += ` AND (t.trade_date, t.id) ` + op + ` (?, ?)`
		keyset = []any{qry.After.TradeDate, qry.After.ID}
	}
	query += ` ORDER BY t.trade_date ` + dir + `, t.id ` + dir + ` LIMIT ?`
	args := append([]any{accountID, lower, upper}, keyset...)
	return query, append(args, qry.Size)
}

// TransactionsPage reads one page of the accounts' transactions. Each account's page is read
// through the index and the pages are merged, so the work is bounded by accounts × page size
// however deep the page. It does no access check.
func TransactionsPage(ctx context.Context, q Querier, qry TxnPageQuery) ([]TransactionRow, error) {
	if len(qry.AccountIDs) == 0 || qry.Size <= 0 {
		return []TransactionRow{}, nil
	}
	var all []TransactionRow
	for _, id := range qry.AccountIDs {
		query, args := pageStatement(id, qry)
		rows, err := scanTransactions(ctx, q, query, args...)
		if err != nil {
			return nil, err
		}
		all = append(all, rows...)
	}
	slices.SortFunc(all, func(a, b TransactionRow) int {
		c := cmp.Or(cmp.Compare(a.TradeDate, b.TradeDate), cmp.Compare(a.ID, b.ID))
		if qry.Ascending {
			return c
		}
		return -c
	})
	if len(all) > qry.Size {
		all = all[:qry.Size]
	}
	return all, nil
}

func scanTransactions(ctx context.Context, q Querier, query string, args ...any) ([]TransactionRow, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TransactionRow
	for rows.Next() {
		var r TransactionRow
		if err := rows.Scan(&r.ID, &r.AccountID, &r.Kind, &r.TypeDescription, &r.TradeDate, &r.SettlementDate,
			&r.Volume, &r.PricePerUnit, &r.GrossAmount, &r.Fee, &r.Tax, &r.NetAmount, &r.Currency, &r.Comment,
			&r.SecurityDescription, &r.Code, &r.Exchange, &r.ISIN); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// GET /resourceful/portfolio/transaction (accountid, start_date, stop_date, sort_type,
// page_size, page_bookmark, fields)
func (m *Module) listTransactions(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	ids, err := params.Int64s("accountid")
	if err != nil {
		return err
	}
	ids = dedupe(ids)
	if err := checkAccounts(c.Request.Context(), q, p, ids); err != nil {
		return err
	}
	return answerTransactions(c, q, params, ids)
}

// GET /resourceful/portfolio/account/:id/transaction (start_date, page_size and the rest)
func (m *Module) listAccountTransactions(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, params, err := reachedByPath(c, q, p, access.CanReachAccount)
	if err != nil {
		return err
	}
	return answerTransactions(c, q, params, []int64{id})
}

// GET /resourceful/portfolio/group/account/code/:code/transaction
func (m *Module) listGroupTransactions(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return badParams(err)
	}
	g, err := findAccountGroup(c.Request.Context(), q, p, params, c.Param("code"))
	if err != nil {
		return err
	}
	return answerTransactions(c, q, params, g.AccountIDs())
}

// answerTransactions writes one page of the transactions of accounts the caller has been
// checked to reach; each item carries the bookmark to continue after it.
func answerTransactions(c *gin.Context, q Querier, params resourceful.Params, ids []int64) error {
	qry, page, err := parseTxnPage(params)
	if err != nil {
		return err
	}
	qry.AccountIDs = ids
	rows, err := TransactionsPage(c.Request.Context(), q, qry)
	if err != nil {
		return err
	}
	rows = resourceful.InPageOrder(page, rows)
	items := make([]map[string]any, len(rows))
	for i, r := range rows {
		items[i] = transactionItem(r, page.BookmarkOf(map[string]any{"trade_date": r.TradeDate}, r.ID))
	}
	answer(c, params, items)
	return nil
}

// parseTxnPage reads start_date, stop_date, sort_type, page_size and page_bookmark.
func parseTxnPage(params resourceful.Params) (TxnPageQuery, resourceful.Page, error) {
	var qry TxnPageQuery
	var err error
	if qry.Start, _, err = params.Date("start_date"); err != nil {
		return qry, resourceful.Page{}, err
	}
	if qry.Stop, _, err = params.Date("stop_date"); err != nil {
		return qry, resourceful.Page{}, err
	}
	sortType, err := params.Int("sort_type", SortNewestFirst)
	if err != nil {
		return qry, resourceful.Page{}, err
	}
	order := "-trade_date"
	switch sortType {
	case SortNewestFirst, SortLastTransaction:
	case SortOldestFirst:
		order, qry.Ascending = "trade_date", true
	default:
		return qry, resourceful.Page{}, apierr.BadRequest("Invalid sort_type: must be 1, 2 or 7")
	}
	// No page_sort: the order is sort_type's, so no field may be named.
	page, err := resourceful.ParsePage(params, DefaultTransactionPage, MaxTransactionPage, []string{}, order)
	if err != nil {
		return qry, resourceful.Page{}, err
	}
	// page_dir=prev reads backwards from the bookmark; answerTransactions turns the page round.
	qry.Ascending = qry.Ascending != page.Prev
	qry.Size = page.Size
	if page.Bookmark != nil {
		date, okDate := page.Bookmark[0].(string)
		id, okID := page.Bookmark[1].(int64)
		if _, err := calc.ParseDate(date); !okDate || !okID || err != nil {
			return qry, resourceful.Page{}, resourceful.ErrInvalidBookmark
		}
		qry.After = &TxnCursor{TradeDate: date, ID: id}
	}
	return qry, page, nil
}

// transactionItem is the wire form of a transaction (spec 2 §3, spec 3 §3.5).
func transactionItem(r TransactionRow, bookmark string) map[string]any {
	money := func(v float64) any {
		return Amount{Value: v, Currency: r.Currency}.wire(calc.MoneyDecimals)
	}
	kind, income := "other", any(nil)
	if r.Kind == ledger.KindIncome {
		kind, income = "income", money(r.NetAmount)
	}
	return map[string]any{
		"id":                     r.ID,
		"accountId":              r.AccountID,
		"type":                   kind,
		"transactionTypeDesc":    r.TypeDescription,
		"securityDescription":    r.SecurityDescription,
		"code":                   r.Code,
		"exchange":               r.Exchange,
		"securityIsin":           r.ISIN,
		"tradeDate":              resourceful.DateString(r.TradeDate),
		"settlementDate":         resourceful.DateString(r.SettlementDate),
		"nativeCurrency":         r.Currency,
		"nativeTransactionValue": money(r.NetAmount),
		"nativeIncome":           income,
		"grossAmount":            money(r.GrossAmount),
		"netAmount":              money(r.NetAmount),
		"fee":                    money(r.Fee),
		"tax":                    money(r.Tax),
		"pricePerUnit":           Amount{Value: r.PricePerUnit, Currency: r.Currency}.wire(priceDecimals),
		"volume":                 resourceful.BigDecimal(calc.Round(r.Volume, calc.UnitsDecimals), calc.UnitsDecimals),
		"comment":                r.Comment,
		"bookmark":               bookmark,
	}
}
