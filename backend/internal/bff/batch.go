package bff

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// refusedURL is where a batch item the BFF will not forward is pointed instead: no platform
// route answers it, so the item comes back 404 "Resource Not Found", exactly like a missing
// resource, while the rest of the batch runs.
const refusedURL = "bff/refused"

// ScreenBatch applies the BFF's checks to every item of a batch body, since the platform cannot
// see them, and returns the body to forward: {"batch": [items]} and nothing else. The body is
// read with the platform's own parser (resourceful.Parse and ParseBatch: typed values, gaps,
// items without a url), and each item is judged by the request the platform will make of it
// (resourceful.ItemRequest): its method and its path, matched against the table, its
// parameters. may is the session's checks of a matched call. Only JSON batches are accepted
// from browsers.
func ScreenBatch(may func(Call) bool, contentType string, body io.Reader) ([]byte, error) {
	if !strings.HasPrefix(contentType, "application/json") {
		return nil, apierr.BadRequest("A batch request needs to be a JSON object")
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, "/", bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	p, err := resourceful.Parse(req)
	if err != nil {
		return nil, apierr.BadRequest(resourceful.BatchRequiredMessage)
	}
	items, err := resourceful.ParseBatch(p)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]any, len(items))
	for i, item := range items {
		forwarded := map[string]any{"name": item.Name, "method": item.Method, "url": item.URL, "body": item.Body,
			"omit_results_on_success": item.OmitResultsOnSuccess}
		if !itemAllowed(may, item) {
			forwarded["method"], forwarded["url"], forwarded["body"] = http.MethodGet, refusedURL, nil
		}
		out[i] = forwarded
	}
	return json.Marshal(map[string]any{"batch": out})
}

// itemAllowed judges one batch item by the request the platform will make of it.
func itemAllowed(may func(Call) bool, item resourceful.BatchItem) bool {
	// Dot and empty segments are refused as sent, before the platform's cleaning hides them.
	sent, _, _ := strings.Cut(item.URL, "?")
	sent = strings.TrimPrefix(sent, "/")
	if strings.HasPrefix(sent, "resourceful/") {
		sent = strings.TrimPrefix(sent, "resourceful/")
	}
	if !plainSegments(strings.TrimSuffix(sent, "/")) {
		return false
	}
	req, err := resourceful.ItemRequest(context.Background(), "", item)
	if err != nil {
		return false // a bad method or url, or a reference to an earlier result: unknowable here
	}
	call, ok := Match(req.Method, strings.TrimPrefix(req.URL.EscapedPath(), "/"))
	if !ok || call.Route.Path == BatchPath || !may(call) {
		return false
	}
	return screenParams(req, nil) == nil
}

// plainSegments reports whether an escaped path has no empty segment and no dot segment,
// plain or encoded.
func plainSegments(escaped string) bool {
	for _, s := range strings.Split(escaped, "/") {
		switch strings.ToLower(s) {
		case "", ".", "..", "%2e", "%2e%2e", ".%2e", "%2e.":
			return false
		}
	}
	return true
}

// screenParams refuses a call whose parameters (query, form or JSON body, read as the platform
// reads them) would join a platform write transaction: browsers never open one. body is the
// request's body when it has been read already (nil: read it from req).
func screenParams(req *http.Request, body []byte) error {
	clone := req.Clone(req.Context())
	if body != nil {
		clone.Body = io.NopCloser(bytes.NewReader(body))
	}
	p, err := resourceful.Parse(clone)
	if err != nil {
		return err
	}
	if p.Has("_transaction") {
		return apierr.ErrNotFound
	}
	return nil
}

func readerOf(b []byte) io.Reader { return bytes.NewReader(b) }
