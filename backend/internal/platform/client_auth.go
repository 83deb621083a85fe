package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
)

// SignIn logs in with Basic auth and the app id; the answer carries the new XPLANID session
// token and the session user. When the platform answers that a code or an enrolment is needed,
// the error is a *auth.Challenge carrying the methods (errors.As still finds its *apierr.Error).
func (c *Client) SignIn(ctx context.Context, username, secret string) (string, auth.SessionUser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/resourceful/session/user", nil)
	if err != nil {
		return "", auth.SessionUser{}, err
	}
	req.SetBasicAuth(username, secret)
	req.Header.Set(AppIDHeader, c.AppID)
	req.Header.Set("Accept", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return "", auth.SessionUser{}, fmt.Errorf("platform login: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 400 {
		return "", auth.SessionUser{}, decodeChallenge(res)
	}
	var su auth.SessionUser
	if err := decode(res, &su); err != nil {
		return "", auth.SessionUser{}, err
	}
	for _, ck := range res.Cookies() {
		if ck.Name == SessionCookie && ck.Value != "" {
			return ck.Value, su, nil
		}
	}
	return "", auth.SessionUser{}, fmt.Errorf("platform login: no %s cookie in the answer", SessionCookie)
}

// decodeChallenge reads an error answer to a login: a *auth.Challenge for the second-factor
// answers, an *apierr.Error otherwise.
func decodeChallenge(res *http.Response) error {
	var body auth.ChallengeBody
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&body); err != nil || body.APIMessage == "" {
		return fmt.Errorf("platform answered %d without an error body", res.StatusCode)
	}
	e := &apierr.Error{Status: res.StatusCode, APIMessage: body.APIMessage, UserMessage: body.UserMessage}
	if body.APIMessage == auth.MFARequiredAPI || body.APIMessage == auth.MFAEnrolmentRequiredAPI {
		return &auth.Challenge{Err: e, MfaMethod: body.MfaMethod, TfaMethods: body.TfaMethods}
	}
	return e
}

// DoBasic calls the platform with a username and password (HTTP Basic auth and the app id)
// instead of a session: the calls of a login that has no session yet (auth/tfa/...). It starts
// no session. body and out are as for Do.
func (c *Client) DoBasic(ctx context.Context, username, password, method, path string, body, out any) error {
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
	req.SetBasicAuth(username, password)
	req.Header.Set(AppIDHeader, c.AppID)
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

// StartWith calls one of the platform's anonymous resources that start a session (as the
// application, with no user credentials in headers: the body carries them, as for a biometric
// device credential) and returns the new XPLANID session token. out receives the JSON answer.
func (c *Client) StartWith(ctx context.Context, path string, body, out any) (string, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/resourceful/"+strings.TrimPrefix(path, "/"), bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set(AppIDHeader, c.AppID)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		return "", fmt.Errorf("platform POST %s: %w", path, err)
	}
	defer res.Body.Close()
	if err := decode(res, out); err != nil {
		return "", err
	}
	for _, ck := range res.Cookies() {
		if ck.Name == SessionCookie && ck.Value != "" {
			return ck.Value, nil
		}
	}
	return "", fmt.Errorf("platform POST %s: no %s cookie in the answer", path, SessionCookie)
}
