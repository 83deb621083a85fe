package platform

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/inprocess"
	"wealthportal/backend/internal/store"
)

// Embedded is the planning platform in this process, as the BFF reaches it by default. The
// session calls (SignIn, SessionUser, EndSession) are Go calls into the login rules
// (auth.Service) returning Go values: no request, no JSON. Relay runs the platform's handlers
// on the forwarded call and streams their answer straight to the BFF's writer, with no copy in
// between. The BFF's remaining calls (Do, DoBasic, StartWith, Anonymous: second-factor and
// biometric devices, help with logging in, the health check, all rare) run the platform's
// handlers in process as well and read their answer from memory. It implements API with the
// same rules as the HTTP routes, which contract_test.go checks call by call.
type Embedded struct {
	// Engine serves the platform's routes (the engine NewEmbedded builds); tests may wrap it
	// to watch what reaches the platform.
	Engine  http.Handler
	handler *Handler
	appID   string
}

var _ API = (*Embedded)(nil)

// NewEmbedded builds the platform's engine (as NewEngine does) and the Embedded API over it.
// The anonymous resources are registered on the engine it returns.
func NewEmbedded(svc *auth.Service, db *store.DB, modules []Module, appID string, middleware ...gin.HandlerFunc) (*Embedded, *gin.Engine) {
	e, h := newEngine(svc, db, modules, middleware...)
	return &Embedded{Engine: e, handler: h, appID: appID}, e
}

// errNoAppID is the platform's answer to a Basic-auth login without an application id.
var errNoAppID = apierr.New(http.StatusUnauthorized, "An application id is required", apierr.NoSessionUser)

// SignIn implements API: authenticate's Basic-auth login (credentials, the step gate of
// session/user, a new session) and the session/user answer, as Go calls.
func (e *Embedded) SignIn(ctx context.Context, username, secret string) (string, auth.SessionUser, error) {
	if e.appID == "" {
		return "", auth.SessionUser{}, errNoAppID
	}
	svc := e.handler.Service
	u, err := svc.Authenticate(ctx, username, secret)
	if err != nil {
		return "", auth.SessionUser{}, err
	}
	steps, err := svc.PendingSteps(ctx, u)
	if err != nil {
		return "", auth.SessionUser{}, err
	}
	token, err := svc.StartSession(ctx, u, e.appID)
	if err != nil {
		return "", auth.SessionUser{}, err
	}
	su, err := svc.SessionUser(ctx, u)
	if err != nil {
		return "", auth.SessionUser{}, err
	}
	if su, err = svc.WithSteps(ctx, su, u, steps); err != nil {
		return "", auth.SessionUser{}, err
	}
	return token, su, nil
}

// SessionUser implements API (GET session/user is a step route: no gate applies).
func (e *Embedded) SessionUser(ctx context.Context, token string) (auth.SessionUser, error) {
	return e.handler.Service.SessionUserForToken(ctx, token)
}

// EndSession implements API: as DELETE session, a session that is gone already is a 401, and
// the session's open write transactions end with it.
func (e *Embedded) EndSession(ctx context.Context, token string) error {
	if _, err := e.handler.Service.UserForToken(ctx, token); err != nil {
		return err
	}
	e.handler.Transactions.EndOwner(token)
	return e.handler.Service.EndSession(ctx, token)
}

// Do implements API.
func (e *Embedded) Do(ctx context.Context, token, method, path string, body, out any) error {
	h := http.Header{}
	h.Set("Cookie", (&http.Cookie{Name: SessionCookie, Value: token}).String())
	rec, err := e.call(ctx, method, path, nil, h, body)
	if err != nil {
		return err
	}
	return decodeAnswer(rec.Code, &rec.Body, out)
}

// DoBasic implements API.
func (e *Embedded) DoBasic(ctx context.Context, username, password, method, path string, body, out any) error {
	req := &http.Request{Header: http.Header{}}
	req.SetBasicAuth(username, password)
	req.Header.Set(AppIDHeader, e.appID)
	rec, err := e.call(ctx, method, path, nil, req.Header, body)
	if err != nil {
		return err
	}
	return decodeAnswer(rec.Code, &rec.Body, out)
}

// StartWith implements API.
func (e *Embedded) StartWith(ctx context.Context, path string, body, out any) (string, error) {
	h := http.Header{}
	h.Set(AppIDHeader, e.appID)
	rec, err := e.call(ctx, http.MethodPost, path, nil, h, body)
	if err != nil {
		return "", err
	}
	if err := decodeAnswer(rec.Code, &rec.Body, out); err != nil {
		return "", err
	}
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == SessionCookie && ck.Value != "" {
			return ck.Value, nil
		}
	}
	return "", fmt.Errorf("platform POST %s: no %s cookie in the answer", path, SessionCookie)
}

// Anonymous implements API.
func (e *Embedded) Anonymous(ctx context.Context, method, path string, query url.Values, body, out any) error {
	h := http.Header{}
	h.Set(AppIDHeader, e.appID)
	rec, err := e.call(ctx, method, path, query, h, body)
	if err != nil {
		return err
	}
	return decodeAnswer(rec.Code, &rec.Body, out)
}

// call runs one of the BFF's own calls through the engine and keeps the answer in memory.
func (e *Embedded) call(ctx context.Context, method, path string, query url.Values, h http.Header, body any) (*inprocess.Recorder, error) {
	rd, err := jsonBody(body)
	if err != nil {
		return nil, err
	}
	target := strings.TrimPrefix(path, "/")
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	req, err := e.request(ctx, method, target, rd)
	if err != nil {
		return nil, err
	}
	for k, v := range h {
		req.Header[k] = v
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := inprocess.NewRecorder()
	e.Engine.ServeHTTP(rec, req)
	return rec, nil
}

// request is a call to the platform's /resourceful, as its router receives one.
func (e *Embedded) request(ctx context.Context, method, pathAndQuery string, body io.Reader) (*http.Request, error) {
	if body == nil {
		body = http.NoBody
	}
	return http.NewRequestWithContext(ctx, method, "http://platform.internal/resourceful/"+pathAndQuery, body)
}

// Relay implements API: the platform's handlers write straight through to answer's writer.
func (e *Embedded) Relay(ctx context.Context, token, method, pathAndQuery, contentType string, body io.Reader, answer Answer) error {
	req, err := e.request(ctx, method, strings.TrimPrefix(pathAndQuery, "/"), body)
	if err != nil {
		return err
	}
	req.AddCookie(&http.Cookie{Name: SessionCookie, Value: token})
	req.Header.Set("Accept", "application/json")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	w := &relayWriter{header: http.Header{}, answer: answer}
	e.Engine.ServeHTTP(w, req)
	w.start(nil) // a handler that wrote nothing answered 200, as a server would send it
	return nil
}

// relayWriter is the ResponseWriter of a relayed call: it keeps the platform's headers to
// itself, hands the status and content type to the BFF's Answer when the head is sent, and
// passes the body through as it is written.
type relayWriter struct {
	header  http.Header
	answer  Answer
	dst     io.Writer
	started bool
}

// Header implements http.ResponseWriter.
func (w *relayWriter) Header() http.Header { return w.header }

// WriteHeader implements http.ResponseWriter; a second status is ignored, as a server does.
func (w *relayWriter) WriteHeader(code int) {
	if w.started {
		return
	}
	w.started = true
	w.dst = w.answer(code, apierr.ExactContentType(w.header.Get("Content-Type")))
}

// start sends the head before the first body byte: a 200, with a sniffed content type when the
// handler set none (as net/http's server does).
func (w *relayWriter) start(p []byte) {
	if w.started {
		return
	}
	if _, typed := w.header["Content-Type"]; !typed && len(p) > 0 {
		w.header.Set("Content-Type", http.DetectContentType(p))
	}
	w.WriteHeader(http.StatusOK)
}

// Write implements http.ResponseWriter.
func (w *relayWriter) Write(p []byte) (int, error) {
	w.start(p)
	if w.dst == nil {
		return len(p), nil
	}
	return w.dst.Write(p)
}

// WriteString implements io.StringWriter (gin writes strings through it).
func (w *relayWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

// Flush implements http.Flusher: what a streaming handler flushes reaches the browser.
func (w *relayWriter) Flush() {
	w.start(nil)
	if f, ok := w.dst.(http.Flusher); ok {
		f.Flush()
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
