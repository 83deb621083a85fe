// Package app wires the portal together: dependencies, middleware and, in routes.go, every
// route of the portal in one place. testdata/routes.golden is the whole API as reviewed: both
// engines' routes (the portal's and the planning platform's) with their handlers, and the
// BFF's table; TestRoutesGolden fails when a route changes without it (rewrite it with -update).
package app
