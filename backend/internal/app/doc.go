// Package app wires the portal together: dependencies, middleware and, in routes.go, every
// route of the portal in one place.
package app
