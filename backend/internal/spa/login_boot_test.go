package spa_test

import (
	"regexp"
	"strings"
	"testing"
)

var (
	moduleScript = regexp.MustCompile(`<script type="module"[^>]*src="(/assets/index-[\w-]+\.js)"`)
	modulePre    = regexp.MustCompile(`<link rel="modulepreload" crossorigin href="(/assets/[\w-]+\.js)">`)
	bootTag      = regexp.MustCompile(`<script src="/cookie-consent-state\.js" data-app-entry="(/assets/index-[\w-]+\.js)" data-app-preload="([^"]+)"></script></head>`)
)

// On /login the page as sent holds no module script and no modulepreload link: the app's entry
// and its preloads are the consent script's to add after the first paint, the same files the
// build's head names. Every other route keeps the head as built (its first paint is the app's).
func TestLoginPageLoadsTheAppAfterItsFirstPaint(t *testing.T) {
	_, home := serveIndex(t, "/clients/home", "Mozilla/5.0", firmConfig)
	entry := moduleScript.FindStringSubmatch(home)
	preloads := modulePre.FindAllStringSubmatch(home, -1)
	if entry == nil || len(preloads) == 0 {
		t.Fatalf("/clients/home: want the built entry script and its preloads in the head")
	}
	_, login := serveIndex(t, "/login", "Mozilla/5.0", firmConfig)
	if strings.Contains(login, `type="module"`) || strings.Contains(login, "modulepreload") {
		t.Error("/login: a module script or preload is still in the page as sent")
	}
	boot := bootTag.FindStringSubmatch(login)
	if boot == nil {
		t.Fatal("/login: no consent script naming the app's entry and preloads at the end of the head")
	}
	if boot[1] != entry[1] {
		t.Errorf("entry %s, want %s", boot[1], entry[1])
	}
	var want []string
	for _, p := range preloads {
		want = append(want, p[1])
	}
	if boot[2] != strings.Join(want, " ") {
		t.Errorf("preloads %q, want %q", boot[2], strings.Join(want, " "))
	}
}
