package bff

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"wealthportal/backend/internal/apierr"
)

// refusedURL is where a batch item the BFF will not forward is pointed instead: no platform
// route answers it, so the item comes back 404 "Resource Not Found", exactly like a missing
// resource, while the rest of the batch runs.
const refusedURL = "bff/refused"

// ScreenBatch applies the BFF's checks (Allowed, and may: the session's checks) to every item of
// a batch body, since the platform cannot see them, and returns the body to forward. Only JSON
// batches are accepted from browsers.
func ScreenBatch(may func(path string) bool, contentType string, body io.Reader) ([]byte, error) {
	if !strings.HasPrefix(contentType, "application/json") {
		return nil, apierr.BadRequest("A batch request needs to be a JSON object")
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		return nil, err
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, apierr.BadRequest("A batch request needs to be an object and contain the batch element")
	}
	var items []map[string]any
	if err := json.Unmarshal(doc["batch"], &items); err != nil {
		return nil, apierr.BadRequest("A batch request needs to be an object and contain the batch element")
	}
	for _, item := range items {
		u, ok := item["url"].(string)
		if !ok || u == "" {
			continue // the platform drops items without a url
		}
		p := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(u, "/"), "resourceful"), "/")
		p, _, _ = strings.Cut(p, "?")
		if p == "" || !Allowed(p) || !may(p) {
			item["url"] = refusedURL
		}
	}
	screened, err := json.Marshal(items)
	if err != nil {
		return nil, err
	}
	doc["batch"] = screened
	return json.Marshal(doc)
}

func readerOf(b []byte) io.Reader { return bytes.NewReader(b) }
