package siteaccess

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Level is a client's site access.
type Level string

// The levels of spec 1 §3.
const (
	Portfolio   Level = "Portfolio"
	Assets      Level = "Assets"
	Messages    Level = "Messages"
	NotAssigned Level = "NotAssigned"
)

// SeesPortfolioData reports whether the level shows accounts, holdings and assets (home,
// balance sheet, valuation report); Messages and NotAssigned land on documents and messages.
func (l Level) SeesPortfolioData() bool { return l == Portfolio || l == Assets }

// Lists are the configured descriptions of each level (settings.portfolioSiteAccess,
// assetSiteAccess and messagesSiteAccess).
type Lists struct {
	Portfolio []string `json:"portfolioSiteAccess"`
	Assets    []string `json:"assetSiteAccess"`
	Messages  []string `json:"messagesSiteAccess"`
	// Documents are the messages page's settings (settings.documents); the BFF applies
	// oneWayMessaging: clients then send no messages (spec 3 §2.1, §4.1).
	Documents struct {
		OneWayMessaging bool `json:"oneWayMessaging"`
	} `json:"documents"`
}

// Derive matches a description against the lists, ignoring case and surrounding spaces (firms
// type the values into the platform's choice list); no match is NotAssigned.
func Derive(description string, l Lists) Level {
	want := strings.ToLower(strings.TrimSpace(description))
	if want == "" {
		return NotAssigned
	}
	has := func(list []string) bool {
		for _, v := range list {
			if strings.ToLower(strings.TrimSpace(v)) == want {
				return true
			}
		}
		return false
	}
	switch {
	case has(l.Portfolio):
		return Portfolio
	case has(l.Assets):
		return Assets
	case has(l.Messages):
		return Messages
	}
	return NotAssigned
}

// ErrNoConfiguration means neither the data directory nor the built app has a usable
// site-config.json.
var ErrNoConfiguration = errors.New("siteaccess: no usable site-config.json")

// Source reads the lists from the site configuration the browser is served: the data
// directory's site-config.json when there is one (edited without a rebuild), otherwise the
// built app's. The override is read again when its modification time changes.
type Source struct {
	Files   fs.FS  // the built web app
	DataDir string // may hold site-config.json

	mu      sync.Mutex
	lists   *Lists
	modTime time.Time
	builtIn *Lists
}

// Lists returns the current lists.
func (s *Source) Lists() (Lists, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.DataDir != "" {
		path := filepath.Join(s.DataDir, "site-config.json")
		if info, err := os.Stat(path); err == nil {
			if s.lists != nil && info.ModTime().Equal(s.modTime) {
				return *s.lists, nil
			}
			if b, err := os.ReadFile(path); err == nil {
				if l, err := parse(b); err == nil {
					s.lists, s.modTime = &l, info.ModTime()
					return l, nil
				}
			}
		}
	}
	if s.builtIn == nil && s.Files != nil {
		if b, err := fs.ReadFile(s.Files, "site-config.json"); err == nil {
			if l, err := parse(b); err == nil {
				s.builtIn = &l
			}
		}
	}
	if s.builtIn == nil {
		return Lists{}, ErrNoConfiguration
	}
	return *s.builtIn, nil
}

func parse(b []byte) (Lists, error) {
	var doc struct {
		Settings *Lists `json:"settings"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return Lists{}, err
	}
	if doc.Settings == nil {
		return Lists{}, ErrNoConfiguration
	}
	return *doc.Settings, nil
}
