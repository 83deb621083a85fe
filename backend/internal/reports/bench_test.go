package reports_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/firmdata"
	"wealthportal/backend/internal/reports"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The benchmark's client: 4 accounts holding 200 securities (50 each), bought on the first
// day of 2025, then 1,800 more transactions through the year (top-ups and buys, sells,
// dividends and fees): 2,000 in all, with a close of every security every weekday.
const (
	benchSecurities = 200
	benchAccounts   = 4
	benchTxns       = 2000
)

var benchYear = calc.DateRange{Start: calc.Date(2025, 1, 1), End: calc.Date(2025, 12, 31)}

func benchFirm() firmdata.Firm {
	f := firmdata.Firm{FormatVersion: firmdata.FormatVersion,
		Firm:       firmdata.FirmInfo{Name: "Bench Wealth", ProductName: "Bench Online", Region: "GB", BaseCurrency: "GBP"},
		Advisers:   []firmdata.Adviser{{Party: firmdata.Party{Key: "adv", FirstName: "Ada", LastName: "Adviser"}}},
		Clients:    []firmdata.Client{{Party: firmdata.Party{Key: "client", FirstName: "Ben", LastName: "Bench"}, Adviser: "adv"}},
		Portfolios: []firmdata.Portfolio{{Key: "p", Owner: "client", PortfolioName: "Ben Bench", PType: "PT_SINGLE"}},
	}
	var weekdays []string
	for d := benchYear.Start; !d.After(benchYear.End); d = d.AddDate(0, 0, 1) {
		if d.Weekday() != time.Saturday && d.Weekday() != time.Sunday {
			weekdays = append(weekdays, calc.FormatDate(d))
		}
	}
	classes := []string{"Equity", "Fixed Income", "Property", "Commodities"}
	for s := range benchSecurities {
		code := fmt.Sprintf("SEC%03d", s)
		f.Securities = append(f.Securities, firmdata.Security{Code: code, Description: fmt.Sprintf("Bench Fund %03d Acc", s),
			Currency: "GBP", AssetClassCode: classes[s%len(classes)]})
		series := firmdata.PriceSeries{Security: code}
		for i, d := range weekdays {
			series.Points = append(series.Points, firmdata.Point{Date: d, Value: 1 + float64(s%17)/10 + float64(i%40)/200})
		}
		f.Prices = append(f.Prices, series)
	}
	f.Securities = append(f.Securities, firmdata.Security{Code: "CASH.GBP", Description: "Sterling Cash", Currency: "GBP", AssetClassCode: "Cash"})
	perAccount := benchSecurities / benchAccounts
	txns := 0
	for a := range benchAccounts {
		acc := firmdata.Account{Key: fmt.Sprintf("acc%d", a), Portfolio: "p", Description: fmt.Sprintf("Bench Account %d", a+1), ActiveDate: "2025-01-01"}
		acc.Transactions = append(acc.Transactions, firmdata.Transaction{Kind: "deposit", TradeDate: "2025-01-01", NetAmount: 1_000_000})
		txns++
		for s := a * perAccount; s < (a+1)*perAccount; s++ {
			acc.Transactions = append(acc.Transactions, firmdata.Transaction{Kind: "buy", Security: fmt.Sprintf("SEC%03d", s), TradeDate: "2025-01-01",
				Volume: 1000, PricePerUnit: 1, GrossAmount: 1000, NetAmount: 1000})
			txns++
		}
		f.Accounts = append(f.Accounts, acc)
	}
	// The rest of the year, round the accounts: a buy, a dividend, a sell or a fee each weekday.
	for i := 0; txns < benchTxns; i++ {
		a := i % benchAccounts
		s := a*perAccount + (i/benchAccounts)%perAccount
		d := weekdays[1+i%(len(weekdays)-1)]
		var t firmdata.Transaction
		switch i % 4 {
		case 0:
			t = firmdata.Transaction{Kind: "buy", Security: fmt.Sprintf("SEC%03d", s), TradeDate: d, Volume: 10, PricePerUnit: 1.5, GrossAmount: 15, NetAmount: 15}
		case 1:
			t = firmdata.Transaction{Kind: "income", Security: fmt.Sprintf("SEC%03d", s), TradeDate: d, GrossAmount: 4, NetAmount: 4}
		case 2:
			t = firmdata.Transaction{Kind: "sell", Security: fmt.Sprintf("SEC%03d", s), TradeDate: d, Volume: 5, PricePerUnit: 1.5, GrossAmount: 7.5, NetAmount: 7.5}
		default:
			t = firmdata.Transaction{Kind: "fee", TradeDate: d, GrossAmount: 2, NetAmount: 2}
		}
		f.Accounts[a].Transactions = append(f.Accounts[a].Transactions, t)
		txns++
	}
	return f
}

func seedBench(ctx context.Context, db *store.DB) error {
	_, err := firmdata.Load(ctx, db, benchFirm(), firmdata.LoadOptions{HashCost: 4, Now: benchYear.End})
	return err
}

// benchArgs is the year's report of all of the client's accounts.
func benchArgs(b *testing.B, db *store.DB) reports.Args {
	b.Helper()
	ctx := context.Background()
	var a reports.Args
	if err := db.QueryRowContext(ctx, `SELECT e.id, e.firm_id FROM entity e WHERE e.entity_kind = 'client'`).Scan(&a.EntityID, &a.FirmID); err != nil {
		b.Fatal(err)
	}
	rows, err := db.QueryContext(ctx, `SELECT id FROM account ORDER BY id`)
	if err != nil {
		b.Fatal(err)
	}
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		a.AccountIDs = append(a.AccountIDs, id)
	}
	rows.Close()
	a.DocumentEntityID, a.TemplateName, a.Scope = a.EntityID, "Portfolio valuation", "All accounts"
	a.From, a.To, a.AsAt = calc.FormatDate(benchYear.Start), calc.FormatDate(benchYear.End), calc.FormatDate(benchYear.End)
	return a
}

// BenchmarkValuationReport: the worker's work for a report of 200 holdings and 2,000
// transactions over a year (gather through the ledger, TWR and IRR, draw the PDF), on each
// store, cold: every call on a fresh copy of the store, whose daily valuations the ledger
// has not materialised yet (the copy is not timed). Issue 17 wants it under 5 s on 2 cores.
func BenchmarkValuationReport(b *testing.B) {
	for _, d := range testdb.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			ctx := context.Background()
			size := 0
			b.StopTimer()
			for range b.N {
				db := testdb.Template(b, d, "valuation-report-bench", seedBench)
				a := benchArgs(b, db)
				b.StartTimer()
				r, err := reports.Gather(ctx, db, a, benchYear.End)
				if err != nil {
					b.Fatal(err)
				}
				pdf, err := reports.RenderPDF(r)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if len(r.Holdings) < benchSecurities || len(r.Transactions) != benchTxns {
					b.Fatalf("%d holdings, %d transactions", len(r.Holdings), len(r.Transactions))
				}
				size = len(pdf)
				db.Close()
			}
			b.ReportMetric(float64(size)/1024, "pdf-KiB")
		})
	}
}
