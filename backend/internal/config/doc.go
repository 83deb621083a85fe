// Package config is the portal's one typed configuration: every setting has a PORTAL_*
// environment variable and a mirroring command-line flag (the flag wins), a commented default,
// and is validated once at start.
package config
