package loadrun

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// checkLoopback refuses a URL whose host is not this machine's loopback (127.0.0.0/8, ::1 or
// localhost): the load run creates and drops databases and sends hundreds of requests a
// second, which it must never do to another machine.
func checkLoopback(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("loadrun: %q is not a URL with a host", redact(raw))
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("loadrun: refusing %s: only loopback targets (127.0.0.1, ::1, localhost)", redact(raw))
}

// redact drops a URL's password, so an error never shows one.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}
