// Package journeys: LOCAL STUB of the lead's contract, never committed (replaced by main's).
package journeys

import (
	"context"
	"strconv"

	"wealthportal/backend/internal/resourceful"
)

// ReviewStatus stub.
type ReviewStatus int

// stub
const (
	ReviewNone ReviewStatus = iota + 1
	ReviewInProgress
	ReviewFollowUpRequired
	ReviewChangesReported
	ReviewNoChangesReported
)

// ReviewStatusOf stub.
func ReviewStatusOf(ctx context.Context, q resourceful.Querier, entityID int64) (ReviewStatus, error) {
	var s string
	if err := q.QueryRowContext(ctx, `SELECT xpt_review_status FROM entity WHERE id = ?`, entityID).Scan(&s); err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 5 {
		return ReviewNone, nil
	}
	return ReviewStatus(n), nil
}

// SetReviewStatus stub.
func SetReviewStatus(ctx context.Context, q resourceful.Querier, entityID int64, s ReviewStatus) error {
	_, err := q.ExecContext(ctx, `UPDATE entity SET xpt_review_status = ? WHERE id = ?`, strconv.Itoa(int(s)), entityID)
	return err
}
