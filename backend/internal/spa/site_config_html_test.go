package spa

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// servedConfig fetches /site-config.json from a handler whose data directory holds config.
func servedConfig(t *testing.T, config string) (int, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "site-config.json"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	rec := serve(t, &Handler{Files: files(), DataDir: dir}, "/site-config.json", "")
	return rec.Code, rec.Body.String()
}

func TestSiteConfigHTMLIsSanitised(t *testing.T) {
	config := `{
	  "settings": {"productName": "P", "sessionTimeout": {"end": 900, "warning": 60}},
	  "content": {
	    "footerCopyright": "<p onclick=\"steal()\">&copy; 2026 Firm <script>alert(1)</script><a href=\"javascript:alert(2)\">x</a> <a href=\"https://firm.example/about\" target=\"_blank\" rel=\"noopener\">About</a> <img src=x onerror=alert(3)><strong>FCA</strong></p>",
	    "passwordGuidance": "<ul><li style=\"color:red\">Long</li></ul><iframe src=\"https://evil.example\"></iframe>",
	    "siteTerms": {"heading": "Terms", "disclaimer": "<p>Terms</p><form action=\"/x\"><input name=\"a\"></form>"},
	    "maintenance": {"heading": "Down", "text": "<p>Soon</p><svg onload=\"alert(4)\"></svg>"},
	    "textPages": [{"segment": "privacy", "heading": "Privacy", "content": "<h2>Rights</h2><p><a href=\"mailto:dpo@firm.example\">DPO</a><a href=\"JaVaScRiPt:alert(5)\">y</a></p>"}],
	    "loginHeading": "Log in"
	  },
	  "branding": {"logo": "/branding/logo.svg", "theme": {"primary": "#123456"}},
	  "unknown": {"kept": [1, 2.50, true]}
	}`
	code, body := servedConfig(t, config)
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	for _, bad := range []string{"<script", "alert(", "onclick", "onerror", "onload", "javascript:", "JaVaScRiPt", "<img", "<iframe", "<form", "<input", "style=", "<svg"} {
		if strings.Contains(body, bad) {
			t.Errorf("served configuration still holds %q: %s", bad, body)
		}
	}
	var got struct {
		Settings map[string]any `json:"settings"`
		Content  struct {
			FooterCopyright  string `json:"footerCopyright"`
			PasswordGuidance string `json:"passwordGuidance"`
			SiteTerms        struct{ Heading, Disclaimer string }
			Maintenance      struct{ Text string }
			TextPages        []struct{ Segment, Content string }
			LoginHeading     string `json:"loginHeading"`
		} `json:"content"`
		Branding map[string]any `json:"branding"`
		Unknown  map[string]any `json:"unknown"`
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatalf("served configuration is not JSON: %v", err)
	}
	c := got.Content
	for _, want := range []string{"<p>", "© 2026 Firm", `href="https://firm.example/about"`, `target="_blank"`, "<strong>FCA</strong>"} {
		if !strings.Contains(c.FooterCopyright, want) {
			t.Errorf("copyright lost %q: %s", want, c.FooterCopyright)
		}
	}
	if c.PasswordGuidance != "<ul><li>Long</li></ul>" || c.SiteTerms.Disclaimer != "<p>Terms</p>" || c.SiteTerms.Heading != "Terms" ||
		c.Maintenance.Text != "<p>Soon</p>" || c.LoginHeading != "Log in" {
		t.Errorf("content: %+v", c)
	}
	if len(c.TextPages) != 1 || c.TextPages[0].Segment != "privacy" || c.TextPages[0].Content != `<h2>Rights</h2><p><a href="mailto:dpo@firm.example">DPO</a>y</p>` {
		t.Errorf("text pages: %+v", c.TextPages)
	}
	if got.Settings["productName"] != "P" || got.Branding["logo"] != "/branding/logo.svg" || len(got.Unknown["kept"].([]any)) != 3 {
		t.Errorf("other sections changed: %s", body)
	}
}

func TestSiteConfigBuiltOneIsSanitisedToo(t *testing.T) {
	fsys := files()
	fsys["site-config.json"] = &fstest.MapFile{Data: []byte(`{"settings":{"productName":"Built"},"content":{"footerCopyright":"<p>(c)<script>alert(1)</script></p>"}}`)}
	body := serve(t, &Handler{Files: fsys}, "/site-config.json", "").Body.String()
	if strings.Contains(body, "script") || !strings.Contains(body, `"footerCopyright":"<p>(c)</p>"`) {
		t.Errorf("built configuration served as %s", body)
	}
}

// A configuration whose HTML cannot be sanitised is not served at all (never served raw, and
// never replaced by the built one).
func TestSiteConfigInUnexpectedShapeIsNotServedRaw(t *testing.T) {
	for _, config := range []string{
		`{"content":{"footerCopyright":["<script>alert(1)</script>"]}}`,
		`{"content":{"textPages":[{"content":{"html":"<script>alert(1)</script>"}}]}}`,
		`{"content":{"siteTerms":"<script>alert(1)</script>"}}`,
		`{"content":"<script>alert(1)</script>"}`,
		`not json <script>alert(1)</script>`,
	} {
		code, body := servedConfig(t, config)
		if code != 503 || strings.Contains(body, "script") || strings.Contains(body, "Built") || !strings.Contains(body, `"api_message":"The site configuration cannot be read."`) {
			t.Errorf("%s: %d %s", config, code, body)
		}
	}
}

// The policy keeps everything the demo firm's configuration uses (web/public/site-config.json):
// no tag or link of its content is lost.
func TestSiteConfigPolicyKeepsTheDemoContent(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "web", "public", "site-config.json"))
	if err != nil {
		t.Fatal(err)
	}
	clean, err := sanitizeSiteConfig(raw)
	if err != nil {
		t.Fatal(err)
	}
	type content struct {
		FooterCopyright string `json:"footerCopyright"`
		SiteTerms       struct{ Disclaimer string }
		Maintenance     struct{ Text string }
		TextPages       []struct{ Content string }
	}
	var before, after struct{ Content content }
	if err := json.Unmarshal(raw, &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(clean, &after); err != nil {
		t.Fatal(err)
	}
	fields := func(c content) []string {
		out := []string{c.FooterCopyright, c.SiteTerms.Disclaimer, c.Maintenance.Text}
		for _, p := range c.TextPages {
			out = append(out, p.Content)
		}
		return out
	}
	b, a := fields(before.Content), fields(after.Content)
	if len(b) != len(a) || len(b) < 4 {
		t.Fatalf("fields: %d before, %d after", len(b), len(a))
	}
	for i := range b {
		for _, mark := range []string{"<", "href=", "<strong>", "<h2>", "<li>"} {
			if strings.Count(b[i], mark) != strings.Count(a[i], mark) {
				t.Errorf("field %d lost %q:\n%s\n%s", i, mark, b[i], a[i])
			}
		}
	}
}
