package recovery

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/platform"
)

// callPublic calls one of the platform's anonymous resources as the BFF's application: no
// session, the X-Xplan-App-Id header instead. body (if not nil) goes as JSON and out (if not
// nil) receives the JSON answer; platform errors come back as *apierr.Error. Transport errors
// never carry the URL, whose query may hold a reset code.
func callPublic(ctx context.Context, pc *platform.Client, method, path string, query url.Values, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	target := pc.BaseURL + "/resourceful/" + path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, target, rd)
	if err != nil {
		return fmt.Errorf("platform %s %s: cannot build the request", method, path)
	}
	req.Header.Set(platform.AppIDHeader, pc.AppID)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := pc.HTTP.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("platform %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 400 {
		e := &apierr.Error{Status: res.StatusCode}
		if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(e); err != nil || e.APIMessage == "" {
			return fmt.Errorf("platform %s %s answered %d without an error body", method, path, res.StatusCode)
		}
		return e
	}
	if out == nil || res.StatusCode == http.StatusNoContent {
		_, _ = io.Copy(io.Discard, res.Body)
		return nil
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// relayable keeps the platform's answers a user may read (a refused input, a limit) and turns
// anything else (a platform refusing the BFF's application id, a 5xx) into the BFF's own 500,
// whose detail stays in the log.
func relayable(method, path string, err error) error {
	var ae *apierr.Error
	if !errors.As(err, &ae) {
		return err
	}
	if ae.Status == http.StatusBadRequest || ae.Status == http.StatusTooManyRequests {
		return ae
	}
	return fmt.Errorf("platform %s %s answered %d: %s", method, path, ae.Status, ae.APIMessage)
}
