package app

import (
	"fmt"
	"net/http"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// GET /xplanapi/portfolio/account/{id}/payment_information through the BFF, on each dialect:
// demo.client reads her ISA's BPAY and bank account and her US dollar account's none; her
// adviser reads them only with her in context (403 with no client in context); with another of
// his clients in context, and for demo.adviser2 with a client of her own, Eleanor's account
// answers exactly like a missing one.
func TestPaymentInformationThroughTheBFF(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newCtxHarnessOn(t, dialect, false)
		eleanor := h.entityOf("demo.client")
		isa := h.ids(`SELECT id FROM account WHERE external_account_id = 'HV10000101'`)[0]
		usd := h.ids(`SELECT id FROM account WHERE external_account_id = 'HV10000105'`)[0]
		missing := h.missing("account")
		path := func(id int64) string { return fmt.Sprintf("/xplanapi/portfolio/account/%d/payment_information", id) }

		client, _ := loginAs(h.harness, "demo.client", "DemoClient#2026")
		own := h.do(http.MethodGet, path(isa), "", client)
		bpay, _ := own.body["bpay"].(map[string]any)
		bank, _ := own.body["bankAccount"].(map[string]any)
		if own.code != http.StatusOK || bpay["billerCode"] != "254789" || bpay["reference"] != "1000010174" ||
			bank["bsb"] != "062-914" || bank["accountNumber"] != "10000101" || bank["accountName"] != "HV Nominees re E Whitfield ISA" {
			t.Fatalf("Eleanor's ISA: %d %s", own.code, own.raw)
		}
		none := h.do(http.MethodGet, path(usd), "", client)
		if none.code != http.StatusOK || none.body["bpay"] != nil || none.body["bankAccount"] != nil {
			t.Errorf("Eleanor's US dollar account: %d %s", none.code, none.raw)
		}
		same(t, "client: missing account", h.do(http.MethodGet, path(h.accountOf(h.clientsOf("demo.adviser2@client")[0])), "", client),
			h.do(http.MethodGet, path(missing), "", client))

		oliver, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
		want(t, "adviser, no client in context", h.do(http.MethodGet, path(isa), "", oliver), http.StatusForbidden,
			"I am not a clientUser and no client in context")
		h.mustOpen(oliver, eleanor, "")
		if got := h.do(http.MethodGet, path(isa), "", oliver); got.code != http.StatusOK || got.raw != own.raw {
			t.Errorf("adviser with Eleanor in context: %d %s, want %s", got.code, got.raw, own.raw)
		}
		var other int64
		for _, id := range h.clientsOf("demo.adviser@client") {
			if id != eleanor && id != h.ids(`SELECT COALESCE(partner_entity_id, 0) FROM entity WHERE id = ?`, eleanor)[0] {
				other = id
				break
			}
		}
		h.mustOpen(oliver, other, "Portfolio")
		same(t, "adviser, another client in context", h.do(http.MethodGet, path(isa), "", oliver), h.do(http.MethodGet, path(missing), "", oliver))

		sophie, _ := loginAs(h.harness, "demo.adviser2@client", "DemoAdviser2#2026")
		h.mustOpen(sophie, h.clientsOf("demo.adviser2@client")[0], "Portfolio")
		same(t, "demo.adviser2", h.do(http.MethodGet, path(isa), "", sophie), h.do(http.MethodGet, path(missing), "", sophie))
	})
}

// The investment instructions through the BFF: demo.client's ISA follows the growth model, whose
// securities and weights the allocation call gives; her adviser reads the same with her in
// context.
func TestInvestmentInstructionsThroughTheBFF(t *testing.T) {
	t.Parallel()
	h := newCtxHarnessOn(t, store.SQLite, false)
	isa := h.ids(`SELECT id FROM account WHERE external_account_id = 'HV10000101'`)[0]
	client, _ := loginAs(h.harness, "demo.client", "DemoClient#2026")
	oliver, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
	h.mustOpen(oliver, h.entityOf("demo.client"), "")
	for _, who := range [][]*http.Cookie{client, oliver} {
		links := decodeList(t, h.do(http.MethodGet, fmt.Sprintf("/xplanapi/portfolio/account/%d/targetlink", isa), "", who))
		if len(links) != 1 {
			t.Fatalf("links: %v", links)
		}
		set := int64(links[0]["targetset_id"].(float64))
		sets := decodeList(t, h.do(http.MethodGet, "/xplanapi/portfolio/targetset", "", who))
		named := false
		for _, s := range sets {
			named = named || (int64(s["targetset_id"].(float64)) == set && s["description"] == "Harbour & Vale Growth")
		}
		securities := decodeList(t, h.do(http.MethodGet, fmt.Sprintf("/xplanapi/portfolio/targetset/%d/allocation/security", set), "", who))
		if !named || len(securities) != 8 || securities[0]["code"] != "HVGEA" ||
			securities[0]["weight"].(map[string]any)["_val"] != "28.00" {
			t.Errorf("target set %d: named %v, securities %v", set, named, securities)
		}
	}
}
