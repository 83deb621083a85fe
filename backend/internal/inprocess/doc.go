// Package inprocess serves an http.Handler inside the process the way a server would answer it
// over the network. Recorder is the ResponseWriter of such a call: the in-process platform
// client (platform.NewInProcessClient), batch items and replayed transaction writes
// (resourceful) run through it, so production code needs nothing from net/http/httptest,
// which is test tooling.
package inprocess
