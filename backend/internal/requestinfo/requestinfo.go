package requestinfo

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// TrustedProxies are the proxy addresses and networks whose forwarded headers are believed.
// The zero value trusts no one.
type TrustedProxies struct{ prefixes []netip.Prefix }

// ParseTrustedProxies reads addresses ("10.0.0.5", "::1") and CIDRs ("10.0.0.0/8").
func ParseTrustedProxies(list []string) (TrustedProxies, error) {
	var t TrustedProxies
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if p, err := netip.ParsePrefix(s); err == nil {
			t.prefixes = append(t.prefixes, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(s)
		if err != nil {
			return TrustedProxies{}, fmt.Errorf("trusted proxy %q: not an address or CIDR", s)
		}
		a = a.Unmap()
		t.prefixes = append(t.prefixes, netip.PrefixFrom(a, a.BitLen()))
	}
	return t, nil
}

// Trusts reports whether the direct peer at remoteAddr ("host:port", as in
// http.Request.RemoteAddr) is a trusted proxy.
func (t TrustedProxies) Trusts(remoteAddr string) bool {
	if len(t.prefixes) == 0 {
		return false
	}
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	a = a.Unmap().WithZone("")
	for _, p := range t.prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// IsHTTPS reports whether r reached the portal over https: on a TLS connection of its own, or
// through a trusted proxy that says so. The value nearest the portal (the last) is the one the
// trusted proxy vouches for; when both X-Forwarded-Proto and Forwarded are present both must
// say https, so a header the client sent and the proxy passed on cannot tip the answer.
func IsHTTPS(r *http.Request, trusted TrustedProxies) bool {
	if r.TLS != nil {
		return true
	}
	if !trusted.Trusts(r.RemoteAddr) {
		return false
	}
	said := false
	if v := lastListValue(r.Header.Values("X-Forwarded-Proto")); v != "" {
		if !strings.EqualFold(v, "https") {
			return false
		}
		said = true
	}
	if v := forwardedProto(r.Header.Values("Forwarded")); v != "" {
		if !strings.EqualFold(v, "https") {
			return false
		}
		said = true
	}
	return said
}

// lastListValue is the last element of a comma-separated header that may repeat.
func lastListValue(values []string) string {
	if len(values) == 0 {
		return ""
	}
	parts := strings.Split(values[len(values)-1], ",")
	return strings.TrimSpace(parts[len(parts)-1])
}

// forwardedProto is the proto parameter of the last element of RFC 7239 Forwarded headers.
func forwardedProto(values []string) string {
	last := lastListValue(values)
	for _, pair := range strings.Split(last, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "proto") {
			return strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return ""
}
