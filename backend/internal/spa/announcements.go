package spa

import (
	"encoding/json"
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// announcementPolicy allows exactly what spec 3 §2.7 lets an announcement hold: p, li, ul,
// strong, a, em and ol; links to http, https, mailto, tel or relative addresses. Every other
// element goes (its text stays, except a script's or a style's), and so do all other
// attributes: on* handlers, style, target, a rel of the author's. A link whose address is not
// allowed (javascript:, data:) becomes its text.
func announcementPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "li", "ul", "strong", "em", "ol")
	p.AllowAttrs("href").OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)
	return p
}

// linkStart finds the start of each link the policy kept with its address. The policy's output
// is normalised (text is escaped, so "<a " only starts an a element, and no other allowed
// element's name begins with "a").
var linkStart = regexp.MustCompile(`<a href="[^"]*"`)

// sanitizeAnnouncement cleans one announcement's HTML and gives every link
// rel="noopener noreferrer", so a linked page can neither reach the portal's window nor learn
// which page of the portal sent the client.
func sanitizeAnnouncement(html string) string {
	return linkStart.ReplaceAllString(announcementPolicy().Sanitize(html), `$0 rel="noopener noreferrer"`)
}

// sanitizeAnnouncements returns content.announcements with each content sanitised. The header
// is text, passed on as written (the browser shows it as text). A list in any other shape is
// errConfigShape: the configuration is then not served at all.
func sanitizeAnnouncements(raw json.RawMessage) (json.RawMessage, error) {
	var list []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, errConfigShape
	}
	for _, item := range list {
		if item == nil {
			return nil, errConfigShape
		}
		var hash float64
		if err := json.Unmarshal(item["hash"], &hash); err != nil {
			return nil, errConfigShape
		}
		for _, field := range []string{"header", "content"} {
			v, ok := item[field]
			if !ok || isNull(v) {
				continue
			}
			var text string
			if err := json.Unmarshal(v, &text); err != nil {
				return nil, errConfigShape
			}
			if field == "content" {
				b, err := marshal(sanitizeAnnouncement(text))
				if err != nil {
					return nil, err
				}
				item[field] = b
			}
		}
	}
	return marshal(list)
}
