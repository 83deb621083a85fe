package app

import (
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/bff"
)

// bffAnswer is a call of the BFF's table (bff/table.go) that the portal answers itself instead
// of forwarding it: routes.go names each one, and the routes golden file lists it.
type bffAnswer struct {
	Method  string
	Path    string // the table row's pattern (bff.Route.Path), relative to /xplanapi
	Handler gin.HandlerFunc
}

// answerInPortal runs the handler of the answer whose table row the request matches, with the
// row's {pattern} segments as route parameters ({client} is c.Param("client")); any other call
// goes on to be forwarded. The table's catch-all mounts (bff.Mounts) cannot sit beside a route
// of their own in gin's router, so the row is matched here, by the table itself.
func answerInPortal(answers []bffAnswer) gin.HandlerFunc {
	return func(c *gin.Context) {
		path := strings.TrimPrefix(c.Request.URL.EscapedPath(), "/xplanapi/")
		call, ok := bff.Match(c.Request.Method, path)
		if !ok {
			c.Next()
			return
		}
		for _, a := range answers {
			if a.Method != call.Method || a.Path != call.Route.Path {
				continue
			}
			patterns, segments := strings.Split(a.Path, "/"), strings.Split(path, "/")
			for i, p := range patterns {
				if strings.HasPrefix(p, "{") && i < len(segments) {
					c.Params = append(c.Params, gin.Param{Key: strings.Trim(p, "{}"), Value: segments[i]})
				}
			}
			a.Handler(c)
			c.Abort()
			return
		}
		c.Next()
	}
}
