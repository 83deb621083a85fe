// Package store owns the database connection and its schema: opening SQLite (or, later,
// PostgreSQL) with the right settings in one place, and applying the numbered migrations.
// Domain packages keep their own small store interfaces and SQL; this package hides the dialect.
package store
