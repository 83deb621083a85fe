// Package demo seeds the demo firm, once, on first start: deterministic people with plausible
// names, dates of birth and addresses across the firm's regions, so tests and screenshots are
// stable. Turn it off with --demo=false or PORTAL_DEMO=false.
package demo
