package spa

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"
	"github.com/microcosm-cc/bluemonday"

	"wealthportal/backend/internal/apierr"
)

// configHTMLPolicy allows what the site configuration's content needs (spec 1: copyright, text
// pages, site terms, maintenance text, password guidance): paragraphs, lists, emphasis, line
// breaks, spans, the text pages' headings, and links to http, https, mailto and tel addresses.
// Scripts, event handlers, styles and javascript: URLs go. It is built per use: a policy is a
// mutable value, and the configuration is sanitised once per page load.
func configHTMLPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "li", "ul", "ol", "strong", "em", "b", "i", "br", "span", "h2", "h3", "h4")
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_(blank|self)$`)).OnElements("a")
	p.AllowAttrs("rel").Matching(regexp.MustCompile(`^[a-z ]+$`)).OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	p.AllowRelativeURLs(true)
	p.RequireNoReferrerOnFullyQualifiedLinks(true)
	return p
}

// errConfigShape is a site configuration whose HTML fields cannot be found or are not text; it is
// not served, so unsanitised HTML never reaches the browser.
var errConfigShape = errors.New("site configuration: content is not in the expected shape")

// sanitizeSiteConfig returns the site configuration with its HTML fields (content.footerCopyright,
// passwordGuidance, siteTerms.disclaimer, maintenance.text, textPages[].content, and
// announcements[].content by the announcement policy of announcements.go) sanitised, so
// the browser can show the copyright on the login route without loading a sanitiser of its own.
// Everything else is passed on byte for byte. The browser still sanitises the other fields itself
// (DOMPurify) where they are shown, off the login route.
func sanitizeSiteConfig(raw []byte) ([]byte, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	contentRaw, ok := doc["content"]
	if !ok || isNull(contentRaw) {
		return raw, nil
	}
	policy := configHTMLPolicy()
	content, err := sanitizeFields(contentRaw, policy, "footerCopyright", "passwordGuidance")
	if err != nil {
		return nil, err
	}
	var c map[string]json.RawMessage
	if err := json.Unmarshal(content, &c); err != nil {
		return nil, err
	}
	for key, field := range map[string]string{"siteTerms": "disclaimer", "maintenance": "text"} {
		if v, ok := c[key]; ok && !isNull(v) {
			if c[key], err = sanitizeFields(v, policy, field); err != nil {
				return nil, err
			}
		}
	}
	if v, ok := c["announcements"]; ok && !isNull(v) {
		if c["announcements"], err = sanitizeAnnouncements(v); err != nil {
			return nil, err
		}
	}
	if v, ok := c["textPages"]; ok && !isNull(v) {
		var pages []json.RawMessage
		if err := json.Unmarshal(v, &pages); err != nil {
			return nil, errConfigShape
		}
		for i := range pages {
			if pages[i], err = sanitizeFields(pages[i], policy, "content"); err != nil {
				return nil, err
			}
		}
		if c["textPages"], err = marshal(pages); err != nil {
			return nil, err
		}
	}
	if doc["content"], err = marshal(c); err != nil {
		return nil, err
	}
	return marshal(doc)
}

// sanitizeFields sanitises the named string fields of one JSON object; absent fields stay absent.
func sanitizeFields(object json.RawMessage, policy *bluemonday.Policy, names ...string) (json.RawMessage, error) {
	var o map[string]json.RawMessage
	if err := json.Unmarshal(object, &o); err != nil || o == nil {
		return nil, errConfigShape
	}
	for _, name := range names {
		v, ok := o[name]
		if !ok || isNull(v) {
			continue
		}
		var html string
		if err := json.Unmarshal(v, &html); err != nil {
			return nil, errConfigShape
		}
		b, err := marshal(policy.Sanitize(html))
		if err != nil {
			return nil, err
		}
		o[name] = b
	}
	return marshal(o)
}

func isNull(v json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(v), []byte("null")) }

// marshal encodes without escaping <, > and &, so the HTML stays readable in the served file.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// servedSiteConfig serves /site-config.json with its HTML sanitised. A configuration that cannot
// be read is a 404, as before; one that cannot be sanitised is a 503 (the app shows its start-up
// error), never the unsanitised file.
func (h *Handler) servedSiteConfig(c *gin.Context) {
	raw, err := h.siteConfig()
	if err != nil {
		notFound(c)
		return
	}
	b, err := sanitizeSiteConfig(raw)
	if err != nil {
		c.Header("Cache-Control", "no-cache")
		apierr.Write(c, apierr.New(http.StatusServiceUnavailable, "The site configuration cannot be read.", "The portal is not available at the moment."))
		return
	}
	h.send(c, "site-config.json", b)
}
