package app

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/apierr"
)

// A client whose site access is Messages (demo.messages) gets no portfolio data through the BFF,
// whether asked directly, in a batch or through the BFF's transactions; their own details still
// answer. An Assets client (demo.assets) gets portfolio data.
func TestSiteAccessLimitsPortfolioData(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		session := func(username, password string) ([]*http.Cookie, int64) {
			a := h.login(username, password)
			user, _ := a.body["user"].(map[string]any)
			if a.code != http.StatusOK || user == nil {
				t.Fatalf("login %s: %d %s", username, a.code, a.raw)
			}
			return sessionCookie(t, a), int64(user["entity_id"].(float64))
		}

		messages, thomas := session("demo.messages", "DemoMessages#2026")
		for _, path := range []string{
			"/xplanapi/portfolio/account", "/xplanapi/portfolio/transaction?page_size=5",
			fmt.Sprintf("/xplanapi/entity/client/%d/portfolio", thomas), fmt.Sprintf("/xplanapi/entity/client/%d/asset", thomas),
			"/bff/api/account/transactions?accountIds=1",
		} {
			want(t, "Messages access "+path, h.do(http.MethodGet, path, "", messages), 403, apierr.ErrForbidden.APIMessage)
		}
		if a := h.do(http.MethodGet, fmt.Sprintf("/xplanapi/entity/client-v3/%d", thomas), "", messages); a.code != http.StatusOK {
			t.Fatalf("Messages access, own details: %d %s", a.code, a.raw)
		}
		batch := fmt.Sprintf(`{"batch":[{"method":"GET","url":"/resourceful/portfolio/account"},{"method":"GET","url":"/resourceful/entity/client-v3/%d"}]}`, thomas)
		b := h.do(http.MethodPost, "/xplanapi/", batch, messages)
		if b.code != http.StatusOK || !strings.HasPrefix(b.raw, `[{"name":null,"code":404,`) || !strings.Contains(b.raw, `{"name":null,"code":200,`) {
			t.Fatalf("Messages access batch: %d %s", b.code, b.raw)
		}

		assets, _ := session("demo.assets", "DemoAssets#2026")
		if a := h.do(http.MethodGet, "/xplanapi/portfolio/account", "", assets); a.code != http.StatusOK {
			t.Fatalf("Assets access, accounts: %d %.300s", a.code, a.raw)
		}
	})
}
