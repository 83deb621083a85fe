package app

import (
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/gin-contrib/gzip"
	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/spa"
)

// dynamicGzip compresses the answers made per request (JSON but smallAnswers, the rendered index.html, the site
// configuration, the manifest) as gin-contrib/gzip always has, and leaves the files of the
// web build alone: the build precompressed them and the spa handler sends the brotli or gzip
// sibling itself (or, for images, fonts and tiny files, the file as built).
func dynamicGzip(webFiles fs.FS) gin.HandlerFunc {
	return gzip.Gzip(gzip.DefaultCompression, gzip.WithCustomShouldCompressFn(func(c *gin.Context) bool {
		r := c.Request
		switch {
		case !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip"),
			strings.Contains(r.Header.Get("Connection"), "Upgrade"),
			gzip.DefaultExcludedExtentions.Contains(path.Ext(r.URL.Path)):
			// gin-contrib/gzip's own rule, which a custom rule replaces.
			return false
		case slices.Contains(smallAnswers, r.URL.Path):
			return false
		case r.Method == http.MethodGet || r.Method == http.MethodHead:
			return !spa.ServesBuiltFile(webFiles, r.URL.Path)
		default:
			return true
		}
	}))
}
