package inprocess

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
)

// Recorder is an http.ResponseWriter that keeps the answer in memory: its status, headers and
// body. It answers like net/http's server would: the first Write without a status is a 200,
// a body without a Content-Type gets a sniffed one, and headers changed after the status was
// written are not part of the answer.
type Recorder struct {
	// Code is the status written (200 once anything was written without one).
	Code int
	// Body is what the handler wrote.
	Body bytes.Buffer

	header      http.Header
	sent        http.Header // the headers as they were when the status was written
	wroteHeader bool
}

// NewRecorder returns an empty Recorder.
func NewRecorder() *Recorder { return &Recorder{Code: http.StatusOK, header: http.Header{}} }

// Header implements http.ResponseWriter.
func (r *Recorder) Header() http.Header {
	if r.header == nil {
		r.header = http.Header{}
	}
	return r.header
}

// WriteHeader implements http.ResponseWriter; a second status is ignored, as a server does.
func (r *Recorder) WriteHeader(code int) {
	if r.wroteHeader {
		return
	}
	r.Code, r.wroteHeader = code, true
	r.sent = r.Header().Clone()
}

// Write implements http.ResponseWriter.
func (r *Recorder) Write(p []byte) (int, error) {
	r.writeImplicitHeader(p)
	return r.Body.Write(p)
}

// WriteString implements io.StringWriter (gin writes strings through it).
func (r *Recorder) WriteString(s string) (int, error) {
	r.writeImplicitHeader([]byte(s))
	return r.Body.WriteString(s)
}

// Flush implements http.Flusher: a handler that streams may flush; everything is kept anyway.
func (r *Recorder) Flush() { r.writeImplicitHeader(nil) }

// writeImplicitHeader writes a 200 before the first body byte, sniffing a missing Content-Type
// as net/http's server does.
func (r *Recorder) writeImplicitHeader(p []byte) {
	if r.wroteHeader {
		return
	}
	h := r.Header()
	if _, typed := h["Content-Type"]; !typed && h.Get("Transfer-Encoding") == "" && len(p) > 0 {
		h.Set("Content-Type", http.DetectContentType(p))
	}
	r.WriteHeader(http.StatusOK)
}

// Result is the recorded answer as a client receives it. Call it once the handler has returned.
func (r *Recorder) Result() *http.Response {
	header := r.sent
	if header == nil {
		header = r.Header().Clone()
	}
	res := &http.Response{
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		StatusCode:    r.Code,
		Status:        strconv.Itoa(r.Code) + " " + http.StatusText(r.Code),
		Header:        header.Clone(),
		Body:          io.NopCloser(bytes.NewReader(r.Body.Bytes())),
		ContentLength: -1,
	}
	if n, err := strconv.ParseInt(res.Header.Get("Content-Length"), 10, 64); err == nil {
		res.ContentLength = n
	}
	return res
}
