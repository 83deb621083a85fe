package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
)

// Client reaches a remote planning platform over HTTP (PORTAL_PLATFORM_URL, `portal
// platform`, or a firm's own XPLAN-compatible platform). It implements API.
type Client struct {
	BaseURL string // e.g. http://platform.internal (no trailing slash)
	AppID   string
	HTTP    *http.Client
}

var _ API = (*Client)(nil)

// Do implements API.
func (c *Client) Do(ctx context.Context, token, method, path string, body, out any) error {
	rd, err := jsonBody(body)
	if err != nil {
		return err
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

// jsonBody is a call's parameters as a JSON body; nil for none.
func jsonBody(body any) (io.Reader, error) {
	if body == nil {
		return nil, nil
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(b), nil
}

func decode(res *http.Response, out any) error {
	return decodeAnswer(res.StatusCode, res.Body, out)
}

// decodeAnswer reads a platform answer: an *apierr.Error (or a *StatusError without a body)
// from 400 on, else the JSON body into out.
func decodeAnswer(status int, body io.Reader, out any) error {
	if status >= 400 {
		e := &apierr.Error{Status: status}
		if err := json.NewDecoder(io.LimitReader(body, 1<<20)).Decode(e); err != nil || e.APIMessage == "" {
			return &StatusError{Status: status}
		}
		return e
	}
	if out == nil || status == http.StatusNoContent {
		_, _ = io.Copy(io.Discard, body)
		return nil
	}
	return json.NewDecoder(body).Decode(out)
}

// SessionUser implements API: GET session/user.
func (c *Client) SessionUser(ctx context.Context, token string) (auth.SessionUser, error) {
	var su auth.SessionUser
	err := c.Do(ctx, token, http.MethodGet, "session/user", nil, &su)
	return su, err
}

// EndSession implements API: DELETE session.
func (c *Client) EndSession(ctx context.Context, token string) error {
	return c.Do(ctx, token, http.MethodDelete, "session", nil, nil)
}

// Anonymous implements API. Transport errors never carry the URL, whose query may hold a
// reset code.
func (c *Client) Anonymous(ctx context.Context, method, path string, query url.Values, body, out any) error {
	rd, err := jsonBody(body)
	if err != nil {
		return err
	}
	target := c.BaseURL + "/resourceful/" + path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, target, rd)
	if err != nil {
		return fmt.Errorf("platform %s %s: cannot build the request", method, path)
	}
	req.Header.Set(AppIDHeader, c.AppID)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("platform %s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	return decode(res, out)
}

// Relay implements API: the answer is copied as it arrives.
func (c *Client) Relay(ctx context.Context, token, method, pathAndQuery, contentType string, body io.Reader, answer Answer) error {
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+"/resourceful/"+strings.TrimPrefix(pathAndQuery, "/"), body)
	if err != nil {
		return err
	}
	req.AddCookie(&http.Cookie{Name: SessionCookie, Value: token})
	req.Header.Set("Accept", "application/json")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.HTTP.Do(streaming(req))
	if err != nil {
		return fmt.Errorf("platform %s: %w", method, err)
	}
	defer res.Body.Close()
	if w := answer(res.StatusCode, apierr.ExactContentType(res.Header.Get("Content-Type"))); w != nil {
		if _, err := io.Copy(w, res.Body); err != nil {
			return fmt.Errorf("platform %s: %w", method, err)
		}
	}
	return nil
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
