// Package inprocess serves an http.Handler inside the process the way a server would answer it
// over the network. Recorder is the ResponseWriter of such a call: batch items and replayed
// transaction writes (resourceful) and the embedded platform's rare calls that are not Go calls
// (platform.Embedded's Do, DoBasic, StartWith, Anonymous) run through it, so production code
// needs nothing from net/http/httptest, which is test tooling. Forwarded calls do not: they are
// streamed straight to the BFF's writer.
package inprocess
