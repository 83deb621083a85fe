// Package requestinfo answers what a request says about how it reached the portal, believing
// forwarded headers (X-Forwarded-Proto, Forwarded) only from a direct peer listed in
// PORTAL_TRUSTED_PROXIES. Every "did this come over https" decision (the session cookie's
// Secure flag and __Host- name, HSTS) goes through IsHTTPS, so a client cannot claim https by
// sending a header itself.
package requestinfo
