package resourceful

import (
	"context"
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"
)

// The items of one batch share one Shared (what one item keeps, a later one finds); another
// batch has its own; a request outside a batch has none.
func TestBatchItemsShareOneShared(t *testing.T) {
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.GET("/resourceful/keep", func(c *gin.Context) {
		SharedOf(c.Request.Context()).Store("k", c.Query("v"))
		c.Status(http.StatusNoContent)
	})
	e.GET("/resourceful/find", func(c *gin.Context) {
		s := SharedOf(c.Request.Context())
		if s == nil {
			c.String(http.StatusOK, "none")
			return
		}
		v, ok := s.Load("k")
		if !ok {
			v = "missing"
		}
		c.String(http.StatusOK, v.(string))
	})
	b := &Batch{Handler: e, Root: "/resourceful"}
	run := func(items ...BatchItem) []string {
		var out []string
		for _, r := range b.Run(context.Background(), items, func(*http.Request) {}) {
			if r.Body != nil {
				out = append(out, *r.Body)
			}
		}
		return out
	}
	if got := run(BatchItem{URL: "keep?v=one"}, BatchItem{URL: "find"}); len(got) != 1 || got[0] != "one" {
		t.Fatalf("same batch: %v", got)
	}
	if got := run(BatchItem{URL: "find"}); len(got) != 1 || got[0] != "missing" {
		t.Fatalf("another batch: %v", got)
	}
	if SharedOf(context.Background()) != nil {
		t.Fatal("a context outside a batch has a Shared")
	}
}
