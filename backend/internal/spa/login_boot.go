package spa

import (
	"bytes"
	"html/template"
	"regexp"
	"strings"
)

// On the login page the app's script waits for the first paint (issue 13: Lighthouse's first
// paint on /login). The page as sent is complete without it (the shell), yet a module script
// and its modulepreload links in the head are fetched at high priority with the style sheet, and
// the browser paints only once they are in: on a slow phone network ~110 KB of script stood
// between the request and the first paint. So on /login the built entry script and its preloads
// leave the head, and the consent script, which runs in the head anyway, adds them after the
// first frame (public/cookie-consent-state.js: data-app-entry, data-app-preload). Other routes
// keep the head as built: their first paint is the app's.

var (
	entryScript = regexp.MustCompile(`<script type="module" crossorigin src="(/[^"<>]+\.js)"></script>\s*`)
	preloadLink = regexp.MustCompile(`<link rel="modulepreload" crossorigin href="(/[^"<>]+\.js)">\s*`)
)

// consentScriptLoadingApp is the consent script tag that also loads the app's entry script (and
// its preloads) after the first paint, with the index's own tags removed; without an entry
// script in the index (a build not made by Vite) the index is left as it is.
func consentScriptLoadingApp(index []byte) ([]byte, string) {
	m := entryScript.FindSubmatchIndex(index)
	if m == nil {
		return index, consentScript
	}
	entry := string(index[m[2]:m[3]])
	var preloads []string
	for _, p := range preloadLink.FindAllSubmatch(index, -1) {
		preloads = append(preloads, string(p[1]))
	}
	index = preloadLink.ReplaceAll(entryScript.ReplaceAll(index, nil), nil)
	tag := `<script src="/cookie-consent-state.js" data-app-entry="` + template.HTMLEscapeString(entry) + `"`
	if len(preloads) > 0 {
		tag += ` data-app-preload="` + template.HTMLEscapeString(strings.Join(preloads, " ")) + `"`
	}
	return bytes.Clone(index), tag + `></script>`
}
