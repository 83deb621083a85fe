package app

import (
	"fmt"
	"net/http"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The managed-assets panel's calls through the BFF on each dialect: demo.assets (Assets site
// access) reads her managed totals (the demo's figures, worked out in demo/assets.go) and her
// lists; demo.messages (Messages access) is refused them; her adviser reads the same with her
// in context; demo.client cannot read them (another client answers like a missing one).
func TestAssetsThroughTheBFF(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newCtxHarnessOn(t, dialect, false)
		priya := h.entityOf("demo.assets")
		total := func(list, field string) string {
			return fmt.Sprintf("/xplanapi/entity/client-v4/%d/total_amount?list_name=%s&amount_field=%s&list_filter=managed", priya, list, field)
		}
		assets, _ := loginAs(h.harness, "demo.assets", "DemoAssets#2026")
		for _, tc := range []struct{ list, field, want string }{
			{"asset", "amount", "60866.20"}, {"fund_za", "fund_value", "96430.55"},
			{"annuity", "current_value", "12000.00"}, {"liability", "amount", "148500.00"},
		} {
			got := h.do(http.MethodGet, total(tc.list, tc.field), "", assets)
			amount, _ := got.body["total_amount"].(map[string]any)
			if got.code != http.StatusOK || amount["_val"] != tc.want || got.body["currency"] != "GBP" {
				t.Errorf("%s total: %d %s, want %s", tc.list, got.code, got.raw, tc.want)
			}
		}
		list := fmt.Sprintf("/xplanapi/entity/client/%d/fund_za?list_filter=managed&include_association=1&page=1&page_size=50", priya)
		mine := h.do(http.MethodGet, list, "", assets)
		pensions := decodeList(t, mine)
		if len(pensions) != 1 || pensions[0]["desc"] != "USS workplace pension" {
			t.Errorf("managed pensions: %s", mine.raw)
		}

		// Messages site access: refused its own assets (portfolio data, spec 1 §6).
		messages, thomas := loginAs(h.harness, "demo.messages", "DemoMessages#2026")
		own := fmt.Sprintf("/xplanapi/entity/client-v4/%d/total_amount?list_name=asset&amount_field=amount&list_filter=managed", thomas)
		if got := h.do(http.MethodGet, own, "", messages); got.code != http.StatusForbidden {
			t.Errorf("Messages site access: %d %s, want 403", got.code, got.raw)
		}

		oliver, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
		h.mustOpen(oliver, priya, "")
		if got := h.do(http.MethodGet, list, "", oliver); got.code != http.StatusOK || got.raw != mine.raw {
			t.Errorf("adviser with Priya in context: %d %s, want %s", got.code, got.raw, mine.raw)
		}

		client, _ := loginAs(h.harness, "demo.client", "DemoClient#2026")
		missing := fmt.Sprintf("/xplanapi/entity/client/%d/fund_za?list_filter=managed&include_association=1&page=1&page_size=50", h.missing("entity"))
		same(t, "demo.client reading Priya's pensions", h.do(http.MethodGet, list, "", client), h.do(http.MethodGet, missing, "", client))
	})
}
