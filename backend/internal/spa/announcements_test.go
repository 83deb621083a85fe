package spa

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The announcement policy (spec 3 §2.7): exactly p, li, ul, strong, a, em and ol; links to
// http, https, mailto, tel or relative addresses, each with rel="noopener noreferrer".
func TestAnnouncementPolicy(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"allowed tags kept", `<p><strong>Bold</strong> and <em>soft</em></p><ul><li>one</li></ul><ol><li>two</li></ol>`,
			`<p><strong>Bold</strong> and <em>soft</em></p><ul><li>one</li></ul><ol><li>two</li></ol>`},
		{"script removed with its text", `<p>Hi<script>alert(1)</script></p>`, `<p>Hi</p>`},
		{"on* attributes removed", `<p onclick="alert(1)" onmouseover="x()">Hi</p>`, `<p>Hi</p>`},
		{"style attribute and element removed", `<p style="color:red">Hi</p><style>p{}</style>`, `<p>Hi</p>`},
		{"img removed", `<p>A<img src="https://x.example/a.png" onerror="alert(1)">B</p>`, `<p>AB</p>`},
		{"javascript: link becomes its text", `<a href="javascript:alert(1)">x</a>`, `x`},
		{"mixed-case javascript: too", `<a href="JaVaScRiPt:alert(1)">x</a>`, `x`},
		{"data: link becomes its text", `<a href="data:text/html,hi">x</a>`, `x`},
		{"https link gets rel", `<a href="https://firm.example/charges">Charges</a>`, `<a href="https://firm.example/charges" rel="noopener noreferrer">Charges</a>`},
		{"relative link gets rel", `<a href="/clients/documents-and-messages/">Docs</a>`, `<a href="/clients/documents-and-messages/" rel="noopener noreferrer">Docs</a>`},
		{"mailto kept, rel replaced", `<a href="mailto:info@firm.example" rel="opener">Mail</a>`, `<a href="mailto:info@firm.example" rel="noopener noreferrer">Mail</a>`},
		{"target dropped", `<a href="https://firm.example" target="_blank">x</a>`, `<a href="https://firm.example" rel="noopener noreferrer">x</a>`},
		{"other tags dropped, text kept", `<h2>Title</h2><div><span>In</span> <br>side</div><table><tr><td>c</td></tr></table>`, `TitleIn sidec`},
		{"iframe, form and svg dropped", `<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><svg onload="alert(1)"></svg>`, ``},
		{"text stays escaped", `<p>Fees &lt;0.5% &amp; more</p>`, `<p>Fees &lt;0.5% &amp; more</p>`},
	} {
		if got := sanitizeAnnouncement(c.in); got != c.want {
			t.Errorf("%s:\n got  %s\n want %s", c.name, got, c.want)
		}
	}
}

// The served site configuration carries the announcements sanitised: content by the policy
// above, the header as plain text (the browser shows it as text, never as HTML).
func TestServedAnnouncementsAreSanitised(t *testing.T) {
	config := `{
	  "settings": {"productName": "P"},
	  "content": {
	    "footerCopyright": "<p>(c)</p>",
	    "announcements": [
	      {"hash": 134, "header": "Changes to our charges", "content": "<p onclick=\"x()\">From <strong>1 January</strong><script>alert(1)</script> <a href=\"https://firm.example/charges\">read more</a><img src=x onerror=alert(2)></p>"},
	      {"hash": 135, "header": "<b>New</b>: sign online", "content": null}
	    ]
	  },
	  "branding": {"logo": "/l.svg"}
	}`
	code, body := servedConfig(t, config)
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	var got struct {
		Content struct {
			Announcements []struct {
				Hash    int     `json:"hash"`
				Header  string  `json:"header"`
				Content *string `json:"content"`
			} `json:"announcements"`
		} `json:"content"`
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	a := got.Content.Announcements
	if len(a) != 2 || a[0].Hash != 134 || a[1].Hash != 135 {
		t.Fatalf("announcements: %+v", a)
	}
	want := `<p>From <strong>1 January</strong> <a href="https://firm.example/charges" rel="noopener noreferrer">read more</a></p>`
	if a[0].Content == nil || *a[0].Content != want || a[0].Header != "Changes to our charges" {
		t.Errorf("134: %q %v", a[0].Header, a[0].Content)
	}
	// The header is text: it is passed on as written (the browser escapes it), never as markup.
	if a[1].Header != "<b>New</b>: sign online" || a[1].Content != nil {
		t.Errorf("135: %q %v", a[1].Header, a[1].Content)
	}
}

// Announcements that are not a list of objects with a numeric hash and text header and content
// are not served at all, so nothing unsanitised reaches the browser.
func TestAnnouncementsInUnexpectedShapeAreNotServed(t *testing.T) {
	for _, announcements := range []string{
		`"<script>alert(1)</script>"`,
		`{"134": {"content": "<script>alert(1)</script>"}}`,
		`[{"hash": 134, "content": ["<script>alert(1)</script>"]}]`,
		`[{"hash": "134", "content": "<script>alert(1)</script>"}]`,
		`[{"hash": 134, "header": {"html": "<script>alert(1)</script>"}}]`,
		`["<script>alert(1)</script>"]`,
	} {
		code, body := servedConfig(t, `{"settings":{},"content":{"announcements":`+announcements+`},"branding":{"logo":"/l.svg"}}`)
		if code != 503 || strings.Contains(body, "script") {
			t.Errorf("%s: %d %s", announcements, code, body)
		}
	}
}

// The demo firm's announcements (web/public/site-config.json) use only what the policy keeps:
// no tag or link is lost, and each link gains its rel.
func TestAnnouncementPolicyKeepsTheDemoAnnouncements(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "web", "public", "site-config.json"))
	if err != nil {
		t.Fatal(err)
	}
	var demo struct {
		Content struct {
			Announcements []struct {
				Hash    int    `json:"hash"`
				Content string `json:"content"`
			} `json:"announcements"`
		} `json:"content"`
	}
	if err := json.Unmarshal(raw, &demo); err != nil {
		t.Fatal(err)
	}
	hashes := map[int]bool{}
	for _, a := range demo.Content.Announcements {
		hashes[a.Hash] = true
		clean := sanitizeAnnouncement(a.Content)
		for _, mark := range []string{"<p>", "<li>", "<strong>", "<em>", "href="} {
			if strings.Count(a.Content, mark) != strings.Count(clean, mark) {
				t.Errorf("%d lost %q:\n%s\n%s", a.Hash, mark, a.Content, clean)
			}
		}
		if strings.Count(clean, `rel="noopener noreferrer"`) != strings.Count(a.Content, "href=") {
			t.Errorf("%d: a link without rel: %s", a.Hash, clean)
		}
	}
	if !hashes[134] || !hashes[135] {
		t.Errorf("the demo firm announces on both pages (134 home, 135 documents): %v", hashes)
	}
}
