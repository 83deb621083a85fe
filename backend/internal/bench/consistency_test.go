package bench

import (
	"context"
	"encoding/json"
	"math"
	"net/url"
	"strconv"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

type typedMoney struct {
	Val struct {
		Code  string `json:"code"`
		Value struct {
			Val string `json:"_val"`
		} `json:"value"`
	} `json:"_val"`
}

func (m typedMoney) amount(t *testing.T) float64 {
	v, err := strconv.ParseFloat(m.Val.Value.Val, 64)
	if err != nil {
		t.Fatalf("money %+v: %v", m, err)
	}
	return v
}

// Two modules value an account independently: portfolio (positions as at a date) and
// performance (the value at the end of a profit analysis). On every GBP account of a synthetic
// firm they must agree to the penny, or one of them has the transactions' meaning wrong; on
// both stores.
func TestPositionsAgreeWithProfitAnalysis(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) { positionsAgreeWithProfitAnalysis(t, d) })
}

func positionsAgreeWithProfitAnalysis(t *testing.T, d store.Dialect) {
	f, err := build(d, 60)
	if err != nil {
		t.Fatal(err)
	}
	defer f.db.Close()
	rows, err := f.db.QueryContext(context.Background(), `SELECT a.id, a.active_date FROM account a
		JOIN portfolio p ON p.id = a.portfolio_id JOIN entity e ON e.id = p.entity_id
		JOIN app_user u ON u.entity_id = e.adviser_entity_id AND u.username = 'adviser1@client'
		WHERE a.base_currency = 'GBP' AND p.report_currency = 'GBP' ORDER BY a.id LIMIT 25`)
	if err != nil {
		t.Fatal(err)
	}
	type account struct {
		id        int64
		inception string
	}
	var accounts []account
	for rows.Next() {
		var a account
		if err := rows.Scan(&a.id, &a.inception); err != nil {
			t.Fatal(err)
		}
		accounts = append(accounts, a)
	}
	rows.Close()
	if len(accounts) < 10 {
		t.Fatalf("only %d GBP accounts to compare", len(accounts))
	}
	end := day(today)
	for _, a := range accounts {
		id := strconv.FormatInt(a.id, 10)
		var positions []struct {
			Value typedMoney `json:"value"`
		}
		if err := json.Unmarshal(f.get(t, "/resourceful/portfolio/position?"+url.Values{"accountid": {id}, "as_at_date": {end}}.Encode()), &positions); err != nil {
			t.Fatal(err)
		}
		held := 0.0
		for _, p := range positions {
			held += p.Value.amount(t)
		}
		var analysis struct {
			Total struct {
				Value typedMoney `json:"value"`
			} `json:"total"`
		}
		q := url.Values{"accountid": {id}, "start_date": {a.inception}, "end_date": {end}}
		if err := json.Unmarshal(f.get(t, "/resourceful/portfolio/profit_analysis/detail?"+q.Encode()), &analysis); err != nil {
			t.Fatal(err)
		}
		valued := analysis.Total.Value.amount(t)
		if math.Abs(held-valued) > 0.01*float64(len(positions)+1) {
			t.Errorf("account %d: positions add up to %.2f, profit analysis says %.2f", a.id, held, valued)
		}
	}
}
