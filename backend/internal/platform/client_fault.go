package platform

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"wealthportal/backend/internal/apierr"
)

// Answers for a remote platform that cannot be reached or does not answer in time. The user
// sees the spec's general text (spec 1 §8: statuses other than 400, 401, 403, 404, 422 and 500
// get the generic toast); the api_message says what happened.
var (
	ErrPlatformTimeout = apierr.New(http.StatusGatewayTimeout,
		"The service is not responding. Please try again in a few minutes.", apierr.InternalUser)
	ErrPlatformUnavailable = apierr.New(http.StatusServiceUnavailable,
		"The service is unavailable. Please try again in a few minutes.", apierr.InternalUser)
)

// faultError is a failure to reach the platform: it unwraps to the answer for the user (so
// apierr.Write sends it, through any wrapping) and to its cause (for the log and errors.Is).
type faultError struct {
	answer *apierr.Error
	cause  error
}

func (e *faultError) Error() string   { return e.cause.Error() }
func (e *faultError) Unwrap() []error { return []error{e.answer, e.cause} }

// Timeout lets url.Error (and so net.Error checks) see a time-out.
func (e *faultError) Timeout() bool { return e.answer == ErrPlatformTimeout }

// fault classifies a transport failure. A request whose caller gave up (the user left) stays as
// it was: nobody waits for the answer.
func fault(parent context.Context, err error) error {
	if err == nil || parent.Err() != nil && !errors.Is(parent.Err(), context.DeadlineExceeded) {
		return err
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return &faultError{answer: ErrPlatformTimeout, cause: err}
	}
	return &faultError{answer: ErrPlatformUnavailable, cause: err}
}

type streamingKey struct{}

// streaming marks a request whose answer is relayed to the user as it arrives (Forward): it has
// no overall deadline, since a slow user must not cut a download; each wait for more of the
// answer is still bounded.
func streaming(req *http.Request) *http.Request {
	return req.WithContext(context.WithValue(req.Context(), streamingKey{}, true))
}

// faultTransport bounds a remote platform call and turns its failures into ErrPlatformTimeout
// or ErrPlatformUnavailable. A call has timeout overall (until its body is closed), except a
// streaming one, whose every read must see data within timeout.
type faultTransport struct {
	base    http.RoundTripper
	timeout time.Duration
}

// RoundTrip implements http.RoundTripper.
func (t faultTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	parent := req.Context()
	stream, _ := parent.Value(streamingKey{}).(bool)
	var ctx context.Context
	var cancel context.CancelFunc
	if stream {
		ctx, cancel = context.WithCancel(parent)
	} else {
		ctx, cancel = context.WithTimeout(parent, t.timeout)
	}
	res, err := t.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, fault(parent, err)
	}
	body := &faultBody{body: res.Body, parent: parent, cancel: cancel}
	if stream {
		body.idle = t.timeout
	}
	res.Body = body
	return res, nil
}

// faultBody classifies read failures like RoundTrip's and releases the call's context on Close.
type faultBody struct {
	body   io.ReadCloser
	parent context.Context
	cancel context.CancelFunc
	idle   time.Duration // > 0: a read that waits longer ends the call
}

func (b *faultBody) Read(p []byte) (int, error) {
	if b.idle <= 0 {
		n, err := b.body.Read(p)
		return n, b.classify(err, false)
	}
	timer := time.AfterFunc(b.idle, b.cancel)
	n, err := b.body.Read(p)
	return n, b.classify(err, !timer.Stop())
}

func (b *faultBody) classify(err error, stalled bool) error {
	if err == nil || errors.Is(err, io.EOF) {
		return err
	}
	if stalled {
		return &faultError{answer: ErrPlatformTimeout, cause: err}
	}
	return fault(b.parent, err)
}

func (b *faultBody) Close() error {
	defer b.cancel()
	return b.body.Close()
}
