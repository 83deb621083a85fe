package reports

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/performance"
	"wealthportal/backend/internal/portfolio"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Report is everything one valuation report shows, gathered by Gather and drawn by RenderPDF.
type Report struct {
	FirmName, ProductName string
	// Colour is the firm's brand colour as #rrggbb (site configuration branding.colors.primary).
	Colour       string
	Title        string // the template's name
	ClientName   string // whom the report is about
	Scope        string // "All accounts", the group's name or the account's description
	Currency     string // the report currency
	From, To     time.Time
	AsAt         time.Time
	GeneratedAt  time.Time
	Holdings     []HoldingLine
	Total        float64 // the holdings' value in Currency (those with a value)
	Allocation   []AllocationLine
	Chart        []calc.Point // the selection's value over the period, sampled for the chart
	Figures      performance.Figures
	Transactions []TransactionLine
	Accounts     int
}

// HoldingLine is one holding at the as-at date.
type HoldingLine struct {
	Account, Security, Code string
	Units, Price            float64
	PriceCurrency           string
	PriceDate               time.Time
	// Value is in the report currency; Valued is false when it has none (no price or rate).
	Value  float64
	Valued bool
	Weight int // whole percentage of the report's total (calc.Shares)
}

// AllocationLine is one asset class's share of the holdings.
type AllocationLine struct {
	Key   string
	Value float64
	Share int
}

// TransactionLine is one transaction of the period.
type TransactionLine struct {
	Date, Account, Type, Security string
	Units, Amount                 float64
	Currency                      string
}

// chartPoints is about the most points a line chart on an A4 page shows apart.
const chartPoints = 120

// Gather reads what the report shows for a validated request (Args), through the same
// functions the portfolio screens use: ledger positions valued by portfolio.ValueHolding at the
// as-at date, the daily valuation of ledger.Days measured by performance.Measure, calc's
// allocation and shares, and portfolio.TransactionsPage. It does no access check: the request
// was checked when the job was enqueued.
func Gather(ctx context.Context, db *store.DB, a Args, now time.Time) (Report, error) {
	from, err := calc.ParseDate(a.From)
	if err != nil {
		return Report{}, err
	}
	to, err := calc.ParseDate(a.To)
	if err != nil {
		return Report{}, err
	}
	asAt, err := calc.ParseDate(a.AsAt)
	if err != nil {
		return Report{}, err
	}
	r := Report{Title: a.TemplateName, Scope: a.Scope, From: from, To: to, AsAt: asAt, GeneratedAt: now, Accounts: len(a.AccountIDs)}
	q := resourceful.OnTx(db, db)
	var first, last string
	if err := q.QueryRowContext(ctx, `SELECT f.name, f.product_name, e.entity_name, e.first_name, e.last_name FROM entity e
		JOIN firm f ON f.id = e.firm_id WHERE e.id = ?`, a.EntityID).Scan(&r.FirmName, &r.ProductName, &r.ClientName, &first, &last); err != nil {
		return Report{}, err
	}
	// A person reads as "Eleanor Whitfield"; an entity with no names keeps its entity name.
	if name := strings.TrimSpace(first + " " + last); name != "" {
		r.ClientName = name
	}
	accounts, err := portfolio.LoadAccounts(ctx, q, a.AccountIDs)
	if err != nil {
		return Report{}, err
	}
	r.Currency = reportCurrency(accounts)
	names := map[int64]string{}
	plan := map[int64]string{}
	for _, acc := range accounts {
		names[acc.ID], plan[acc.ID] = acc.Description, acc.PlanCurrency
	}

	reader := ledger.NewReader(db, db.Rebind)
	positions, _, err := reader.PositionsAt(ctx, a.AccountIDs, asAt)
	if err != nil {
		return Report{}, err
	}
	currencies := []string{r.Currency}
	for _, p := range positions {
		currencies = append(currencies, p.Security.Currency)
	}
	rates, err := reader.LoadRateTable(ctx, currencies, calc.AddYearsClamped(asAt, -1), asAt)
	if err != nil {
		return Report{}, err
	}
	var alloc []calc.Holding
	var values []float64
	for _, p := range positions {
		if p.Volume > -ledger.UnitsEpsilon && p.Volume < ledger.UnitsEpsilon {
			continue
		}
		v := portfolio.ValueHolding(p, plan[p.AccountID], r.Currency, rates, asAt)
		line := HoldingLine{Account: names[p.AccountID], Security: p.Security.Description, Code: p.Security.Code,
			Units: p.Volume, Price: p.Price, PriceCurrency: p.Security.Currency, PriceDate: p.PriceDate, Valued: v.Value.OK()}
		if line.Security == "" {
			line.Security = p.Security.Code
		}
		if line.Valued {
			line.Value = v.Value.Value
			r.Total += line.Value
			alloc = append(alloc, calc.Holding{Value: line.Value, AssetClassCode: p.Security.AssetClassCode,
				SectorName: p.Security.SectorName, AssetClassAllocation: p.Security.AssetClassAllocation,
				RegionalAllocation: p.Security.RegionalAllocation})
		}
		r.Holdings = append(r.Holdings, line)
		values = append(values, line.Value)
	}
	for i, s := range calc.RoundShares(values) {
		r.Holdings[i].Weight = s
	}
	slices.SortStableFunc(r.Holdings, func(x, y HoldingLine) int {
		return cmp.Or(cmp.Compare(x.Account, y.Account), cmp.Compare(y.Value, x.Value), cmp.Compare(x.Security, y.Security))
	})
	rows := calc.Allocate(alloc, calc.ByAssetClass, calc.AllocationDetailed)
	pcts := make([]float64, len(rows))
	for i, row := range rows {
		pcts[i] = row.Percentage
	}
	shares := calc.RoundShares(pcts)
	for i, row := range rows {
		r.Allocation = append(r.Allocation, AllocationLine{Key: assetClassName(row.Key), Value: row.Value, Share: shares[i]})
	}

	v, err := ledger.NewDays(db).Value(ctx, a.AccountIDs, calc.DateRange{Start: from, End: to}, r.Currency, ledger.Costs{})
	if err != nil {
		return Report{}, err
	}
	if r.Figures, err = performance.Measure(v, a.AccountIDs); err != nil {
		return Report{}, err
	}
	points := v.Points(v.Combine(a.AccountIDs))
	r.Chart = thin(points, chartPoints)

	txns, err := portfolio.TransactionsPage(ctx, q, portfolio.TxnPageQuery{AccountIDs: a.AccountIDs, Start: from, Stop: to, Ascending: true, Size: maxTransactions})
	if err != nil {
		return Report{}, err
	}
	for _, t := range txns {
		desc := t.SecurityDescription
		if desc == "" {
			desc = t.Code
		}
		r.Transactions = append(r.Transactions, TransactionLine{Date: t.TradeDate, Account: names[t.AccountID],
			Type: cmp.Or(t.TypeDescription, t.Kind), Security: desc, Units: t.Volume, Amount: t.NetAmount, Currency: t.Currency})
	}
	return r, nil
}

// maxTransactions is the most transactions one report lists (a period with more says so).
const maxTransactions = 5000

// reportCurrency is the currency the selection's accounts report in when they share one, else
// GBP (spec 2 §1's default currency).
func reportCurrency(accounts []portfolio.Account) string {
	out := ""
	for _, a := range accounts {
		c := strings.ToUpper(cmp.Or(a.ReportCurrency, a.PlanCurrency))
		if out != "" && c != out {
			return "GBP"
		}
		out = c
	}
	return cmp.Or(out, "GBP")
}

// thin keeps at most n points of a daily series, evenly spread, always the first and the last.
func thin(points []calc.Point, n int) []calc.Point {
	if len(points) <= n {
		return points
	}
	out := make([]calc.Point, 0, n)
	step := float64(len(points)-1) / float64(n-1)
	for i := range n {
		out = append(out, points[int(float64(i)*step+0.5)])
	}
	return out
}

// assetClassName is how an asset class code reads in the report.
func assetClassName(code string) string {
	if calc.IsCash(code) || strings.EqualFold(code, "cash") {
		return "Cash"
	}
	words := strings.Fields(strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(code))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
	}
	return strings.Join(words, " ")
}
