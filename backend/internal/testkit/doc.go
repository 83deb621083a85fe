// Package testkit holds what the Go tests of several packages share, and nothing else: it is
// imported only from _test.go files (TestProductionCodeImportsNoTestTooling checks it).
//
// SeededDB gives a test its own copy of a store with the demo firm seeded. The demo firm is
// seeded once per test binary into a template SQLite file, because seeding hashes every demo
// login's password (seconds); each test then copies the template (VACUUM INTO), which takes
// milliseconds. Packages that use it call Main from their TestMain, which removes the template
// when the binary ends.
package testkit
