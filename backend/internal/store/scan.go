package store

import "database/sql"

// ScanAll calls each for every row (each scans the current row) and closes rows; it stops at the
// first error.
func ScanAll(rows *sql.Rows, each func() error) error {
	defer rows.Close()
	for rows.Next() {
		if err := each(); err != nil {
			return err
		}
	}
	return rows.Err()
}
