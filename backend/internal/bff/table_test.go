package bff

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
)

var (
	client     = session.Row{RoleName: "ClientUser", UserID: 21, EntityID: 10, PartnerEntityID: 11}
	single     = session.Row{RoleName: "ClientUser", UserID: 22, EntityID: 20}
	adviser    = session.Row{RoleName: "User", UserID: 1, EntityID: 1}
	allMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "COMMIT"}
)

// instance is a concrete path of a route pattern for a session: its own entity and login.
func instance(pattern string, s session.Row) string {
	r := strings.NewReplacer("{client}", itoa(s.EntityID), "{user}", itoa(s.UserID), "{id}", "5", "{name}", "RET", "{pair}", "GBPUSD")
	return r.Replace(pattern)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// platformOnly are the platform's routes that no browser reaches through the BFF: its login,
// session, second-factor, biometric, password and transaction calls, and its administration.
var platformOnly = []string{
	"session", "session/user", "session/tfa", "session/tfa/device", "session/tfa/validate",
	"session/biometric_device", "session/biometric_device/3", "session/biometric_permission",
	"session/password", "session/password_reset_questions", "session/transaction", "session/transaction/abc",
	"auth/login", "auth/password", "auth/biometric", "auth/tfa/device", "auth/tfa/validate",
	"forgotten_password", "forgot/username", "xplan/health", "sysadmin/users", "sysadmin/loginsetting",
	"sysadmin/loginsetting/login_profile", "sitemap", "entity/client-v3/10/address/2", "bff/refused",
}

// Every row is well formed, and only the spec's HTTP methods appear.
func TestTableShape(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Routes() {
		if len(r.Methods) == 0 {
			t.Errorf("%q has no method", r.Path)
		}
		for _, m := range r.Methods {
			if !slices.Contains([]string{"GET", "POST", "PUT", "PATCH", "DELETE"}, m) {
				t.Errorf("%q: method %s", r.Path, m)
			}
			if seen[m+" "+r.Path] {
				t.Errorf("%s %q twice", m, r.Path)
			}
			seen[m+" "+r.Path] = true
		}
		for _, seg := range strings.Split(strings.TrimSuffix(r.Path, "/"), "/") {
			if strings.HasPrefix(seg, "{") && !slices.Contains([]string{"{client}", "{user}", "{id}", "{name}", "{pair}"}, seg) {
				t.Errorf("%q: unknown pattern %s", r.Path, seg)
			}
		}
		if strings.HasPrefix(r.Path, "session/transaction") || strings.HasPrefix(r.Path, "auth/") {
			t.Errorf("%q is the platform's own", r.Path)
		}
		if (strings.Contains(r.Path, "/portfolio") || strings.HasPrefix(r.Path, "portfolio/") || strings.HasPrefix(r.Path, "security/")) && !r.PortfolioData {
			t.Errorf("%q is portfolio data", r.Path)
		}
	}
	// Routes is a copy: changing it changes nothing.
	Routes()[1].Methods[0] = "DELETE"
	if Allowed("DELETE", Routes()[1].Path) {
		t.Fatal("the table was changed through Routes")
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		method, path string
		want         bool
	}{
		{"POST", "", true}, // batch
		{"GET", "", false},
		{"GET", "entity/client-v3", true},
		{"GET", "entity/client-v3/", true},
		{"GET", "entity/client/12/portfolio", true},
		{"DELETE", "entity/client/12/portfolio", false},
		{"PATCH", "entity/client-v3/12", true},
		{"DELETE", "entity/client-v3/12", false},
		{"GET", "portfolio/position", true},
		{"GET", "portfolio/account/11/profit_analysis/historic_time_series_twrr", true},
		{"GET", "portfolio/group/account/code/RET/transaction", true},
		{"GET", "portfolio/group/account/code/Joint%20Account/member", true},
		{"GET", "security/GBPUSD/FX", true},
		{"GET", "security/GBP%2FUSD/FX", true}, // the one encoded slash (spec 2 §7 pairs)
		{"GET", "security/gbp%2fusd/FX", true},
		{"GET", "security/GBP-USD/FX", true},
		{"GET", "security/GBP%2F..%2FFX", false},
		{"GET", "security/GBP%2FUS%2FFX", false},
		{"GET", "security/GBP/USD/FX", false}, // only the spec's one-segment spelling
		{"GET", "session/capability", true},
		{"GET", "session/user/adviser", true},
		{"GET", "site", true},
		{"GET", "sysadmin/loginsetting/login_profile/1", true},
		{"GET", "sysadmin/digital_signature-v2", true},
		{"GET", "docnote-v2", true},
		{"POST", "docnote-v2/4/firstread", true},
		{"GET", "docnote/files/4/1/Annual%20review.pdf", true},
		{"GET", "docnote/files/4/1/..", false},
		{"GET", "docnote/files/4/1/%2e%2E", false},
		{"GET", "docnote/files/4/1/a%2Fb", false},
		{"GET", "docnote/files/4/1/a%5Cb", false},
		{"GET", "docnote/files/4/1/a%00b", false},
		{"GET", "docnote/files/4/1/a%250b", false},
		{"GET", "entity/client%2F12%2Fportfolio", false},
		{"GET", "entity/client/12%2Fportfolio", false},
		{"GET", "entity/client/12/portfolio%2F", false},
		{"GET", "entity/client/%31%32/portfolio", false}, // an id is digits, not encoded digits
		{"GET", "entity/../session/tfa", false},
		{"GET", "entity/client/12/../../session/tfa", false},
		{"GET", "entity/client/12/%2e%2e/13", false},
		{"GET", "entity//client", false},
		{"GET", "entity/client//12", false},
		{"GET", "entity/client/12/", false},
		{"GET", "entity/client/12\\..\\13", false},
		{"GET", "entity/client/-1", false},
		{"GET", "job_queue/completed_job/7", true},
		{"GET", "portfolio/account/11?x=1", false}, // paths only: the query is not part of them
	} {
		if got := Allowed(tc.method, tc.path); got != tc.want {
			t.Errorf("Allowed(%s %q) = %v, want %v", tc.method, tc.path, got, tc.want)
		}
	}
	for _, p := range platformOnly {
		for _, m := range allMethods {
			for _, spelling := range []string{p, p + "/", strings.ReplaceAll(p, "/", "%2F"), "entity/%2e%2e/" + p, "site/../" + p} {
				if Allowed(m, spelling) {
					t.Errorf("platform-only %s %q is forwarded", m, spelling)
				}
			}
		}
	}
}

// No row of the table can be reached with an encoded slash, a dot or empty segment, a
// backslash or a control character in place of a plain path.
func TestMatchRefusesEverySpellingTrick(t *testing.T) {
	for _, r := range Routes() {
		if r.Path == BatchPath {
			continue
		}
		plain := instance(r.Path, client)
		if !Allowed(r.Methods[0], plain) {
			t.Errorf("%s %q refused", r.Methods[0], plain)
		}
		segs := strings.Split(plain, "/")
		var tricks []string
		for i := 1; i < len(segs); i++ {
			join := func(sep string) string { return strings.Join(segs[:i], "/") + sep + strings.Join(segs[i:], "/") }
			tricks = append(tricks, join("%2F"), join("%2f"), join("%5C"), join("\\"), join("//"), join("/./"), join("/%2e/"),
				join("/x/../"), join("/x/%2e%2e/"), join("/x/%2E./"), join("%00/"), join("/\x00"), join("\n/"))
		}
		tricks = append(tricks, "/"+plain, "./"+plain, plain+"/..", plain+"%00")
		for _, trick := range tricks {
			for _, m := range r.Methods {
				if Allowed(m, trick) {
					t.Errorf("%s %q is forwarded", m, trick)
				}
			}
		}
	}
}

func TestClientMayCall(t *testing.T) {
	cases := []struct {
		who          session.Row
		method, path string
		want         bool
	}{
		{client, "GET", "entity/client/10", true},
		{client, "GET", "entity/client-v3/10/address", true},
		{client, "GET", "entity/client-v4/11/account_user_visibility_link", true}, // the partner
		{client, "GET", "entity/client/12/portfolio", false},
		{client, "GET", "entity/client-v3/12", false},
		{client, "POST", "entity/client-v3/12/terms_and_conditions", false},
		{client, "GET", "entity/client-v3", false}, // the adviser's client list
		{client, "GET", "entity/client-v3/", false},
		{client, "GET", "entity/client", false},
		{client, "GET", "entity/user/21", true},
		{client, "GET", "entity/user/22", false},
		{client, "GET", "portfolio/account/5", true}, // the platform checks accounts
		{single, "GET", "entity/client/0", false},
		{adviser, "GET", "entity/client-v3/999", true}, // the platform checks an adviser's clients
		{adviser, "GET", "entity/client-v3", true},
		{adviser, "GET", "entity/user/22", true},
	}
	for _, tc := range cases {
		call, ok := Match(tc.method, tc.path)
		if !ok {
			t.Fatalf("%s %s not in the table", tc.method, tc.path)
		}
		if got := ClientMayCall(tc.who, call); got != tc.want {
			t.Errorf("%s %s %s: got %v, want %v", tc.who.RoleName, tc.method, tc.path, got, tc.want)
		}
	}
	// Every row that names a client is limited to the client's own entity and partner.
	for _, r := range Routes() {
		if !strings.Contains(r.Path, "{client}") {
			continue
		}
		for _, m := range r.Methods {
			own, _ := Match(m, instance(r.Path, client))
			other, _ := Match(m, instance(r.Path, single))
			if !ClientMayCall(client, own) || ClientMayCall(client, other) || !ClientMayCall(adviser, other) {
				t.Errorf("%s %s: own %v, other %v", m, r.Path, ClientMayCall(client, own), ClientMayCall(client, other))
			}
		}
	}
}

// Portfolio data needs Portfolio or Assets site access (spec 1 §6); the rest is for the other
// checks.
func TestSiteAccessAllows(t *testing.T) {
	data := 0
	for _, r := range Routes() {
		call, ok := Match(r.Methods[0], instance(r.Path, client))
		if !ok {
			t.Fatalf("%s not matched", r.Path)
		}
		if r.PortfolioData {
			data++
		}
		for _, level := range []siteaccess.Level{siteaccess.Portfolio, siteaccess.Assets, siteaccess.Messages, siteaccess.NotAssigned} {
			if got, want := SiteAccessAllows(level, call), level.SeesPortfolioData() || !r.PortfolioData; got != want {
				t.Errorf("%s %s: %v, want %v", level, r.Path, got, want)
			}
		}
	}
	for _, p := range []string{"entity/client/10/portfolio", "entity/client/10/asset/2/owner", "entity/client-v4/10/total_amount",
		"entity/client-v4/10/account_user_visibility_link", "portfolio/transaction", "security/GBP%2FUSD/FX", "job_queue/completed_job/1"} {
		if call, _ := Match("GET", p); SiteAccessAllows(siteaccess.Messages, call) {
			t.Errorf("Messages access reads %s", p)
		}
	}
	if data < 30 {
		t.Fatalf("only %d portfolio data rows", data)
	}
}

// A missing dependency stops start-up; it never turns a check off.
func TestNewHandlerRefusesMissingDependencies(t *testing.T) {
	p, m, s := &platform.Client{}, &session.Manager{}, &siteaccess.Source{}
	for name, build := range map[string]func() (*Handler, error){
		"platform":    func() (*Handler, error) { return NewHandler(nil, m, s) },
		"sessions":    func() (*Handler, error) { return NewHandler(p, nil, s) },
		"site access": func() (*Handler, error) { return NewHandler(p, m, nil) },
	} {
		if h, err := build(); err == nil || h != nil {
			t.Errorf("without %s: %v %v", name, h, err)
		}
	}
	if h, err := NewHandler(p, m, s); err != nil || h == nil {
		t.Fatalf("with all: %v", err)
	}
}

// The mounts reach every row of the table, and leave the BFF's own session calls to their
// handlers.
func TestMounts(t *testing.T) {
	gin.SetMode(gin.TestMode)
	e := gin.New()
	g := e.Group("/xplanapi")
	own := func(c *gin.Context) { c.String(http.StatusOK, "own") }
	g.GET("/session/user", own)
	g.DELETE("/session", own)
	g.POST("/session/password", own)
	g.POST("/session/password_reset_questions", own)
	g.POST("/auth/login", own)
	g.GET("/xplan/health", own)
	for _, p := range Mounts() {
		g.Any(p, func(c *gin.Context) { c.String(http.StatusOK, "forward") })
	}
	e.NoRoute(func(c *gin.Context) { c.String(http.StatusNotFound, "none") })
	serve := func(method, path string) string {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
		return rec.Body.String()
	}
	for _, r := range Routes() {
		for _, m := range r.Methods {
			if got := serve(m, "/xplanapi/"+instance(r.Path, client)); got != "forward" {
				t.Errorf("%s %s: %s", m, r.Path, got)
			}
		}
	}
	for _, p := range []string{"/xplanapi/session/user", "/xplanapi/session/password"} {
		if got := serve(http.MethodPost, p); got == "forward" {
			t.Errorf("POST %s forwarded", p)
		}
	}
	if got := serve(http.MethodGet, "/xplanapi/session/user"); got != "own" {
		t.Errorf("session/user: %s", got)
	}
}
