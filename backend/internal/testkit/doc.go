// Package testkit holds what the Go tests of several packages share, and nothing else: it is
// imported only from _test.go files (TestProductionCodeImportsNoTestTooling checks it).
//
// Its subpackage testdb gives a test a freshly migrated store on each dialect the run has
// (SQLite, and PostgreSQL when PORTAL_TEST_DATABASE_URL is set: `make test` sets it) and copies
// seeded templates; it imports only package store, so any domain package's tests can use it.
//
// SeededDB gives a test its own copy of a store with the demo firm seeded. The demo firm is
// seeded once per test binary into a template (testdb.Template: a SQLite file, or a PostgreSQL
// database copied with CREATE DATABASE … TEMPLATE), because seeding hashes every demo
// login's password (seconds); each test then copies the template (VACUUM INTO), which takes
// milliseconds. SeededDBOn and EachDB give the same on PostgreSQL. Packages that use it call Main
// from their TestMain, which removes the templates when the binary ends.
package testkit
