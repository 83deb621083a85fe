package resourceful

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/inprocess"
)

// methodRollback is the batch item method that rolls a transaction back, the counterpart of
// COMMIT (chosen: XPLAN rolls back with DELETE, which works too).
const methodRollback = "ROLLBACK"

// transactionPath is the path of one write transaction, under the batch's root.
var transactionPath = regexp.MustCompile(`^/session/transaction/[^/]+$`)

// MaxBatchItems bounds one batch request (clients send chunks of 50, spec 3 §7.6).
const MaxBatchItems = 100

// Batch validation texts (spec 3 §5).
const (
	BatchRequiredMessage = "A batch request needs to be an object and contain the batch element"
	BatchTooLargeMessage = "A batch request may contain at most 100 items"
	NestedBatchMessage   = "A batch item cannot itself be a batch request"
)

// BatchItem is one request of a batch.
type BatchItem struct {
	Name                 any // echoed exactly as sent
	Method               string
	URL                  string
	Body                 any // a JSON object, a string, or nil
	OmitResultsOnSuccess bool
}

// BatchResult is the answer to one item: body is the sub-response body as a string, null when
// empty or omitted on success.
type BatchResult struct {
	Name    any               `json:"name"`
	Code    int               `json:"code"`
	Msg     string            `json:"msg"`
	Headers map[string]string `json:"headers"`
	Body    *string           `json:"body"`
	// Time is how long the item took, in seconds, when the batch asked for include_subtimings.
	Time *float64 `json:"time,omitempty"`
}

// Batch runs the items of POST /resourceful, in order, as in-process sub-requests through
// Handler, so each one passes the same authentication, authorisation and routing as a direct
// call.
type Batch struct {
	Handler http.Handler // the engine serving Root
	Root    string       // the path item urls are relative to, e.g. "/resourceful"
	// Credentials puts the caller's credentials on a sub-request; nil copies the caller's
	// Cookie, Authorization and X-Xplan-App-Id headers.
	Credentials func(c *gin.Context, sub *http.Request)
	// Now is the clock include_subtimings reads; nil is time.Now.
	Now func() time.Time
	// ItemContext, when set, adds to each item's fresh context what the batch's caller has
	// proven already, so that the batch is authenticated once and each item only authorised
	// (the platform's authenticate reads it back); nil: each item authenticates on its own.
	ItemContext func(c *gin.Context, ctx context.Context) context.Context
}

// ParseBatch reads and validates {"batch": [items]} (JSON or flattened batch.0.url=...).
// Items without a url are dropped.
func ParseBatch(p Params) ([]BatchItem, error) {
	var list []any
	switch v := p["batch"].(type) {
	case []any:
		list = v
	case map[string]any: // flattened with gaps (batch.0, batch.2): keep the numeric order
		for _, k := range sortedKeys(v) {
			list = append(list, v[k])
		}
	default:
		return nil, apierr.BadRequest(BatchRequiredMessage)
	}
	if len(list) > MaxBatchItems {
		return nil, apierr.BadRequest(BatchTooLargeMessage)
	}
	items := make([]BatchItem, 0, len(list))
	for _, raw := range list {
		m, ok := raw.(map[string]any)
		if !ok {
			continue
		}
		u := strings.TrimSpace(scalarString(m["url"]))
		if u == "" {
			continue
		}
		omit, _ := Params(m).Bool("omit_results_on_success", false)
		items = append(items, BatchItem{
			Name:                 m["name"],
			Method:               strings.ToUpper(strings.TrimSpace(scalarString(m["method"]))),
			URL:                  u,
			Body:                 m["body"],
			OmitResultsOnSuccess: omit,
		})
	}
	if len(items) == 0 {
		return nil, apierr.BadRequest(BatchRequiredMessage)
	}
	return items, nil
}

// batchItemKey marks the context of a sub-request, so that a batch inside a batch is refused
// however its url is spelled.
type batchItemKey struct{}

// Serve is the gin handler of POST /resourceful (the optional goal query is ignored).
func (b *Batch) Serve(c *gin.Context) error {
	if c.Request.Context().Value(batchItemKey{}) != nil {
		return apierr.BadRequest(NestedBatchMessage)
	}
	if b.Handler == nil {
		return errors.New("resourceful: batch has no handler to run its items")
	}
	p, err := ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(BatchRequiredMessage)
	}
	items, err := ParseBatch(p)
	if err != nil {
		return err
	}
	timed, err := p.Bool("include_subtimings", false)
	if err != nil {
		return err
	}
	credentials := b.Credentials
	if credentials == nil {
		credentials = copyCredentials
	}
	base := context.Background()
	if b.ItemContext != nil {
		base = b.ItemContext(c, base)
	}
	results := b.run(c.Request.Context(), base, items, func(sub *http.Request) { credentials(c, sub) })
	if !timed {
		for i := range results {
			results[i].Time = nil
		}
	}
	JSON(c, http.StatusOK, results)
	return nil
}

func copyCredentials(c *gin.Context, sub *http.Request) {
	for _, h := range []string{"Cookie", "Authorization", "X-Xplan-App-Id"} {
		if v := c.GetHeader(h); v != "" {
			sub.Header.Set(h, v)
		}
	}
}

// Run executes items in order; prepare adds the caller's credentials to each sub-request.
// A failing item answers its own error; the batch as a whole always completes. Each result's
// Time is the item's duration on the batch's clock (Serve drops it unless include_subtimings).
func (b *Batch) Run(ctx context.Context, items []BatchItem, prepare func(*http.Request)) []BatchResult {
	return b.run(ctx, context.Background(), items, prepare)
}

// run is Run with each item's context made from base.
func (b *Batch) run(ctx, base context.Context, items []BatchItem, prepare func(*http.Request)) []BatchResult {
	now := b.Now
	if now == nil {
		now = time.Now
	}
	results := make([]BatchResult, len(items))
	earlier := batchResults{}
	ctx = context.WithValue(ctx, sharedKey{}, &Shared{})
	for i, item := range items {
		start := now()
		res, parsed := b.runOne(ctx, base, item, earlier, prepare)
		secs := max(now().Sub(start).Seconds(), 0) // a wall clock may step back
		res.Time = &secs
		results[i] = res
		if name, ok := item.Name.(string); ok && parsed != nil {
			earlier[name] = parsed
		}
	}
	return results
}

// runOne answers one item and, when it is named and its body is JSON, the parsed body for
// later references.
func (b *Batch) runOne(ctx, base context.Context, item BatchItem, earlier batchResults, prepare func(*http.Request)) (BatchResult, any) {
	req, err := itemRequest(ctx, b.Root, item, earlier)
	if err != nil {
		return errorResult(item, err), nil
	}
	prepare(req)
	// The sub-request gets a fresh context: it does not inherit the caller's principal (it is
	// authorised on its own, with only what ItemContext vouches for), and ends when the batch
	// request does. It shares the batch's Shared values (withShared).
	subCtx, cancel := context.WithCancel(context.WithValue(withShared(base, ctx), batchItemKey{}, true))
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	rec := inprocess.NewRecorder()
	b.Handler.ServeHTTP(rec, req.WithContext(subCtx))
	res := rec.Result()
	body, _ := io.ReadAll(res.Body)

	out := BatchResult{Name: item.Name, Code: res.StatusCode, Msg: http.StatusText(res.StatusCode), Headers: map[string]string{}}
	for k, vs := range res.Header {
		if k != "Set-Cookie" {
			out.Headers[k] = strings.Join(vs, ", ")
		}
	}
	if len(body) > 0 && !(item.OmitResultsOnSuccess && res.StatusCode < 400) {
		s := string(body)
		out.Body = &s
	}
	// Only a named item can be referred to later: the others' bodies are not parsed.
	if _, named := item.Name.(string); !named {
		return out, nil
	}
	var parsed any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&parsed) != nil {
		parsed = nil
	}
	return out, parsed
}

// errorResult answers an item that could not be sent.
func errorResult(item BatchItem, err error) BatchResult {
	var e *apierr.Error
	if !errors.As(err, &e) {
		e = apierr.BadRequest(err.Error())
	}
	body, _ := json.Marshal(e)
	s := string(body)
	return BatchResult{
		Name: item.Name, Code: e.Status, Msg: http.StatusText(e.Status),
		Headers: map[string]string{"Content-Type": apierr.ContentTypeJSON}, Body: &s,
	}
}

// ItemRequest is the HTTP request a batch item becomes, under root, exactly as Batch runs it:
// the same method check, url parsing ("/resourceful/" dropped, cleaned so that it cannot climb
// above root, a list url's trailing slash kept) and parameters (a GET item's body merged into
// the query). Only what references an earlier item's result cannot be known before the batch
// runs: such an item is an error here. The BFF screens batch items with it, so that it checks
// what the platform will route, not its own reading of the item.
func ItemRequest(ctx context.Context, root string, item BatchItem) (*http.Request, error) {
	return itemRequest(ctx, root, item, batchResults{})
}

// itemRequest builds the HTTP request of an item, with earlier results substituted.
func itemRequest(ctx context.Context, root string, item BatchItem, earlier batchResults) (*http.Request, error) {
	method := item.Method
	if method == "" {
		method = http.MethodGet
	}
	switch method {
	case http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
	case MethodCommit, methodRollback: // only on a transaction, checked once the url is clean
	default:
		return nil, apierr.BadRequest("Unsupported batch item method " + strconv.Quote(method))
	}

	rawURL, err := substituteURL(item.URL, earlier)
	if err != nil {
		return nil, err
	}
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return nil, apierr.BadRequest("Invalid batch item url " + strconv.Quote(item.URL))
	}
	rel := strings.TrimPrefix(u.EscapedPath(), "/")
	if rel == "resourceful" || strings.HasPrefix(rel, "resourceful/") {
		rel = strings.TrimPrefix(rel, "resourceful")
	}
	clean := path.Clean("/" + rel) // cannot climb above the root
	if clean == "/" {
		return nil, apierr.BadRequest(NestedBatchMessage)
	}
	if strings.HasSuffix(rel, "/") {
		clean += "/" // keep a list url's trailing slash, as a direct call would
	}
	if method == MethodCommit || method == methodRollback {
		if !transactionPath.MatchString(clean) {
			return nil, apierr.BadRequest(method + " applies to a write transaction: session/transaction/{id}")
		}
		if method == methodRollback {
			method = http.MethodDelete // the rollback call XPLAN has
		}
	}
	query := u.Query()

	var body io.Reader
	contentType := ""
	payload, err := substituteBody(item.Body, earlier)
	if err != nil {
		return nil, err
	}
	switch v := payload.(type) {
	case nil:
	case map[string]any, []any:
		if method == http.MethodGet {
			flatten(query, "", v) // a GET carries its parameters in the query
			break
		}
		data, err := json.Marshal(v)
		if err != nil {
			return nil, apierr.BadRequest("Invalid batch item body")
		}
		body, contentType = bytes.NewReader(data), "application/json"
	case string:
		trimmed := strings.TrimSpace(v)
		isJSON := looksLikeJSON(v)
		if method == http.MethodGet {
			if err := mergeStringBody(query, trimmed, isJSON); err != nil {
				return nil, err
			}
			break
		}
		contentType = "application/x-www-form-urlencoded"
		if isJSON {
			contentType = "application/json"
		}
		body = strings.NewReader(v)
	default:
		return nil, apierr.BadRequest("Invalid batch item body: it must be an object or a string")
	}

	target := root + clean
	if q := query.Encode(); q != "" {
		target += "?" + q
	}
	req, err := http.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		return nil, apierr.BadRequest("Invalid batch item url " + strconv.Quote(item.URL))
	}
	req.Header.Set("Accept", "application/json")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return req, nil
}

// substituteBody replaces references in an item's body: inside a JSON value, or as text
// escaped for a string body's own encoding.
func substituteBody(body any, earlier batchResults) (any, error) {
	var out any
	var err error
	if s, ok := body.(string); ok {
		escape := url.QueryEscape
		if looksLikeJSON(s) {
			escape = jsonText
		}
		out, err = earlier.substitute(s, escape)
	} else {
		out, err = earlier.substituteJSON(body)
	}
	if err != nil {
		return nil, apierr.BadRequest(err.Error())
	}
	return out, nil
}

func looksLikeJSON(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "{") || strings.HasPrefix(s, "[")
}

// substituteURL replaces references in a url, escaped for the part they stand in.
func substituteURL(raw string, earlier batchResults) (string, error) {
	pathPart, queryPart, hasQuery := strings.Cut(raw, "?")
	p, err := earlier.substitute(pathPart, url.PathEscape)
	if err != nil {
		return "", apierr.BadRequest(err.Error())
	}
	if !hasQuery {
		return p, nil
	}
	q, err := earlier.substitute(queryPart, url.QueryEscape)
	if err != nil {
		return "", apierr.BadRequest(err.Error())
	}
	return p + "?" + q, nil
}

// mergeStringBody adds a GET item's string body (form-encoded or a JSON object) to its query.
func mergeStringBody(query url.Values, body string, isJSON bool) error {
	if body == "" {
		return nil
	}
	if isJSON {
		var m map[string]any
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			return apierr.BadRequest("Invalid batch item body: not a JSON object")
		}
		flatten(query, "", m)
		return nil
	}
	vals, err := url.ParseQuery(body)
	if err != nil {
		return apierr.BadRequest("Invalid batch item body: not form-encoded")
	}
	for k, vs := range vals {
		for _, v := range vs {
			query.Add(k, v)
		}
	}
	return nil
}

// flatten writes a JSON value as the platform's flattened parameters (a.b=, a.0=), the
// inverse of Parse.
func flatten(out url.Values, prefix string, v any) {
	join := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	switch x := v.(type) {
	case map[string]any:
		for k, child := range x {
			flatten(out, join(k), child)
		}
	case []any:
		for i, child := range x {
			flatten(out, join(strconv.Itoa(i)), child)
		}
	default:
		if prefix != "" {
			out.Set(prefix, scalarString(x))
		}
	}
}
