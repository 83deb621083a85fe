package spa

import (
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"

	"github.com/gin-gonic/gin"
)

// siteConfig is the configuration the browser gets: the data directory's site-config.json when
// there is one, otherwise the built one.
func (h *Handler) siteConfig() ([]byte, error) {
	if h.DataDir != "" {
		if b, err := os.ReadFile(filepath.Join(h.DataDir, "site-config.json")); err == nil {
			return b, nil
		}
	}
	return fs.ReadFile(h.Files, "site-config.json")
}

// manifestSource is what the web app manifest takes from the site configuration.
type manifestSource struct {
	Settings struct {
		ProductName string `json:"productName"`
		FirmName    string `json:"firmName"`
	} `json:"settings"`
	Branding struct {
		ShortName string `json:"shortName"`
		Theme     struct {
			Primary    string `json:"primary"`
			Background string `json:"background"`
		} `json:"theme"`
		AppIcons []ManifestIcon `json:"appIcons"`
	} `json:"branding"`
}

// ManifestIcon is an icon of the web app manifest.
type ManifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

// Manifest is the web app manifest (PWA): installable on phones and desktops, in the firm's
// name and colours.
type Manifest struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	Orientation     string         `json:"orientation"`
	ThemeColor      string         `json:"theme_color"`
	BackgroundColor string         `json:"background_color"`
	Icons           []ManifestIcon `json:"icons"`
}

// defaultIcons are the built app's icons (web/public/branding).
var defaultIcons = []ManifestIcon{
	{Src: "/branding/icon-192.png", Sizes: "192x192", Type: "image/png"},
	{Src: "/branding/icon-512.png", Sizes: "512x512", Type: "image/png"},
	{Src: "/branding/icon-maskable-512.png", Sizes: "512x512", Type: "image/png", Purpose: "maskable"},
}

// BuildManifest makes the manifest from a site configuration; a configuration without names
// or colours gets neutral ones.
func BuildManifest(config []byte) (Manifest, error) {
	var src manifestSource
	if err := json.Unmarshal(config, &src); err != nil {
		return Manifest{}, err
	}
	name := src.Settings.ProductName
	if name == "" {
		return Manifest{}, errors.New("site configuration has no productName")
	}
	short := src.Branding.ShortName
	if short == "" {
		short = name
	}
	m := Manifest{ID: "/", Name: name, ShortName: short, StartURL: "/", Scope: "/", Display: "standalone", Orientation: "any",
		ThemeColor: src.Branding.Theme.Primary, BackgroundColor: src.Branding.Theme.Background, Icons: src.Branding.AppIcons}
	m.Description = "Your portfolio, documents and messages"
	if src.Settings.FirmName != "" {
		m.Description += " with " + src.Settings.FirmName
	}
	if m.ThemeColor == "" {
		m.ThemeColor = "#1f2937"
	}
	if m.BackgroundColor == "" {
		m.BackgroundColor = "#ffffff"
	}
	if len(m.Icons) == 0 {
		m.Icons = defaultIcons
	}
	return m, nil
}

// manifest serves /manifest.webmanifest built from the current site configuration.
func (h *Handler) manifest(c *gin.Context) {
	config, err := h.siteConfig()
	if err == nil {
		var m Manifest
		if m, err = BuildManifest(config); err == nil {
			b, _ := json.Marshal(m)
			h.send(c, "manifest.webmanifest", b)
			return
		}
	}
	c.Header("Cache-Control", "no-cache")
	c.String(http.StatusServiceUnavailable, "The site configuration cannot be read.")
}
