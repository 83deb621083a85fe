package inprocess

import (
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"
)

// TestRecorderAnswersLikeHTTPTest: every answer a handler can give reads the same through
// Recorder as through httptest's recorder, which production code no longer uses.
func TestRecorderAnswersLikeHTTPTest(t *testing.T) {
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.GET("/json", func(c *gin.Context) { c.JSON(http.StatusCreated, gin.H{"a": 1}) })
	e.GET("/cookie", func(c *gin.Context) {
		http.SetCookie(c.Writer, &http.Cookie{Name: "XPLANID", Value: "t", Path: "/", HttpOnly: true})
		c.Status(http.StatusNoContent)
	})
	e.GET("/stream", func(c *gin.Context) {
		c.Writer.Flush()
		c.Writer.WriteString("<html>streamed</html>")
	})
	handlers := map[string]http.Handler{
		"gin json":   e,
		"gin cookie": e,
		"gin stream": e,
		"sniffed":    http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("%PDF-1.7 ...")) }),
		"nothing":    http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}),
		"late header": http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(418)
			w.Header().Set("X-Late", "1")
			w.Write(nil)
		}),
		"two statuses": http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Length", "2")
			w.WriteHeader(http.StatusAccepted)
			w.WriteHeader(http.StatusTeapot)
			io.WriteString(w, "ok")
		}),
	}
	paths := map[string]string{"gin json": "/json", "gin cookie": "/cookie", "gin stream": "/stream"}
	for name, h := range handlers {
		path := paths[name]
		if path == "" {
			path = "/"
		}
		want, got := httptest.NewRecorder(), NewRecorder()
		h.ServeHTTP(want, httptest.NewRequest(http.MethodGet, path, nil))
		h.ServeHTTP(got, httptest.NewRequest(http.MethodGet, path, nil))
		wr, gr := want.Result(), got.Result()
		wb, _ := io.ReadAll(wr.Body)
		gb, _ := io.ReadAll(gr.Body)
		if gr.StatusCode != wr.StatusCode || gr.Status != wr.Status || string(gb) != string(wb) ||
			!reflect.DeepEqual(gr.Header, wr.Header) || gr.ContentLength != wr.ContentLength || got.Code != want.Code {
			t.Errorf("%s: got %d %q %v %d %q, httptest %d %q %v %d %q", name,
				gr.StatusCode, gr.Status, gr.Header, gr.ContentLength, gb, wr.StatusCode, wr.Status, wr.Header, wr.ContentLength, wb)
		}
		if len(gr.Cookies()) != len(wr.Cookies()) {
			t.Errorf("%s: cookies %v, httptest %v", name, gr.Cookies(), wr.Cookies())
		}
	}
}
