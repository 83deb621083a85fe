package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/inprocess"
)

// Client is how the BFF reaches the planning platform, embedded or remote.
type Client struct {
	BaseURL string // e.g. http://platform.internal (no trailing slash)
	AppID   string
	HTTP    *http.Client
}

// NewInProcessClient reaches an embedded platform handler without a network hop, through the
// same HTTP requests a remote platform would receive.
func NewInProcessClient(h http.Handler, appID string) *Client {
	return &Client{BaseURL: "http://platform.internal", AppID: appID, HTTP: &http.Client{Transport: handlerTransport{h}}}
}

type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := inprocess.NewRecorder()
	t.h.ServeHTTP(rec, req)
	res := rec.Result()
	res.Request = req
	return res, nil
}

// Do calls the platform on behalf of a session. body (if not nil) is sent as JSON; out (if not
// nil) receives the JSON answer. Platform errors come back as *apierr.Error.
func (c *Client) Do(ctx context.Context, token, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+"/resourceful/"+strings.TrimPrefix(path, "/"), rd)
	if err != nil {
		return err
	}
	req.AddCookie(&http.Cookie{Name: SessionCookie, Value: token})
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("platform %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	return decode(res, out)
}

func decode(res *http.Response, out any) error {
	if res.StatusCode >= 400 {
		e := &apierr.Error{Status: res.StatusCode}
		if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(e); err != nil || e.APIMessage == "" {
			return fmt.Errorf("platform answered %d without an error body", res.StatusCode)
		}
		return e
	}
	if out == nil || res.StatusCode == http.StatusNoContent {
		io.Copy(io.Discard, res.Body)
		return nil
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// Forward sends a request on behalf of a session as-is (method, path with its query, body and
// content type) and returns the platform's raw answer; the caller closes the body. The BFF uses
// it to pass the spec's /xplanapi calls through to /resourceful.
func (c *Client) Forward(ctx context.Context, token, method, pathAndQuery, contentType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+"/resourceful/"+strings.TrimPrefix(pathAndQuery, "/"), body)
	if err != nil {
		return nil, err
	}
	req.AddCookie(&http.Cookie{Name: SessionCookie, Value: token})
	req.Header.Set("Accept", "application/json")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.HTTP.Do(streaming(req))
	if err != nil {
		return nil, fmt.Errorf("platform %s: %w", method, err)
	}
	return res, nil
}

// NewRemoteClient reaches a platform over the network at baseURL. timeout bounds connecting,
// the TLS handshake, waiting for the answer and each wait for more of it (faultTransport);
// configuration keeps it below the server's write time-out, so a platform that does not answer
// becomes an error the user sees (ErrPlatformTimeout) rather than a dropped connection.
func NewRemoteClient(baseURL, appID string, timeout time.Duration) (*Client, error) {
	if timeout <= 0 {
		return nil, fmt.Errorf("platform client: timeout %s must be positive", timeout)
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.DialContext = (&net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}).DialContext
	transport.TLSHandshakeTimeout = timeout
	transport.ResponseHeaderTimeout = timeout
	return &Client{
		BaseURL: strings.TrimRight(baseURL, "/"),
		AppID:   appID,
		HTTP: &http.Client{
			Transport: faultTransport{base: transport, timeout: timeout},
			// The platform's cookie is read from each login answer and kept in the BFF's session;
			// no jar, so one user's platform session never leaks into another's request.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}, nil
}
