package journeys

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// ReviewStatus is the annual review's status as XPLAN numbers it (spec 3 §3.3).
type ReviewStatus int

// The review statuses of spec 3 §3.3.
const (
	ReviewNone              ReviewStatus = 1
	ReviewInProgress        ReviewStatus = 2
	ReviewFollowUpRequired  ReviewStatus = 3
	ReviewChangesReported   ReviewStatus = 4
	ReviewNoChangesReported ReviewStatus = 5
)

// Valid reports whether s is one of the five statuses.
func (s ReviewStatus) Valid() bool { return s >= ReviewNone && s <= ReviewNoChangesReported }

// Submitted reports whether the review has been answered (changes or none reported).
func (s ReviewStatus) Submitted() bool {
	return s == ReviewChangesReported || s == ReviewNoChangesReported
}

// Robo journey types and statuses (spec 3 §3.3).
const (
	RoboInvestment            = "investment"
	RoboRetirementHealthCheck = "retirement_health_check"

	RoboEnabled           = "enabled"
	RoboInProgress        = "in_progress"
	RoboFollowUpRequested = "follow_up_requested"
	RoboDeclined          = "declined"
	RoboNone              = "none"
)

// Fact-find statuses: '0' none, '1' and '2' awaiting the client (spec 3 §3.3).
const (
	FactFindNone = "0"
)

var roboStatuses = map[string]bool{RoboEnabled: true, RoboInProgress: true, RoboFollowUpRequested: true, RoboDeclined: true, RoboNone: true}

// ParseReviewStatus reads a stored or imported review status: its number, or its name as the
// back office labels it (an import from an older export may say "Due" or "Complete"). Blank is None.
func ParseReviewStatus(s string) (ReviewStatus, error) {
	key := strings.ToLower(strings.Join(strings.Fields(s), ""))
	switch key {
	case "", "none", "1":
		return ReviewNone, nil
	case "inprogress", "due", "2":
		return ReviewInProgress, nil
	case "followuprequired", "3":
		return ReviewFollowUpRequired, nil
	case "changesreported", "4":
		return ReviewChangesReported, nil
	case "nochangesreported", "complete", "completed", "5":
		return ReviewNoChangesReported, nil
	}
	return 0, errors.New("unknown review status")
}

// ParseFactFindStatus reads a fact-find status: '0', '1' or '2', or a back-office label
// (blank, None or Complete is '0'; Awaiting, Sent or Due is '1'; In progress is '2').
func ParseFactFindStatus(s string) (string, error) {
	switch strings.ToLower(strings.Join(strings.Fields(s), "")) {
	case "", "0", "none", "complete", "completed":
		return FactFindNone, nil
	case "1", "awaiting", "sent", "due":
		return "1", nil
	case "2", "inprogress":
		return "2", nil
	}
	return "", errors.New("unknown fact-find status")
}

// ParseRobo reads a robo journey's type and status; a type outside the two the portal knows
// (or none) leaves both blank, as no journey.
func ParseRobo(journeyType, status string) (string, string, error) {
	t := strings.ToLower(strings.TrimSpace(journeyType))
	if t != RoboInvestment && t != RoboRetirementHealthCheck {
		if t == "" {
			return "", "", nil
		}
		return "", "", errors.New("unknown robo journey type")
	}
	s := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(status)), " ", "_")
	if s == "" {
		s = RoboNone
	}
	if !roboStatuses[s] {
		return "", "", errors.New("unknown robo journey status")
	}
	return t, s, nil
}

// Record is a client's journey statuses as stored.
type Record struct {
	ID                int64
	PartnerEntityID   sql.NullInt64
	Review            ReviewStatus
	FactFind          string
	RoboJourneyType   string
	RoboJourneyStatus string
}

// load reads the record of a client entity; a missing entity or a non-client is ErrNotFound.
func load(ctx context.Context, q resourceful.Querier, id int64) (Record, error) {
	var r Record
	var kind, review, factFind string
	err := q.QueryRowContext(ctx, `SELECT entity_kind, partner_entity_id, xpt_review_status, fact_find_status, robo_journey_type, robo_journey_status
		FROM entity WHERE id = ?`, id).Scan(&kind, &r.PartnerEntityID, &review, &factFind, &r.RoboJourneyType, &r.RoboJourneyStatus)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && kind != "client") {
		return Record{}, apierr.ErrNotFound
	}
	if err != nil {
		return Record{}, err
	}
	r.ID = id
	// Values are normalised on the way in (migration 0028, the importer); anything else reads as
	// no journey rather than failing the client's home.
	if r.Review, err = ParseReviewStatus(review); err != nil {
		r.Review = ReviewNone
	}
	if r.FactFind, err = ParseFactFindStatus(factFind); err != nil {
		r.FactFind = FactFindNone
	}
	if r.RoboJourneyType, r.RoboJourneyStatus, err = ParseRobo(r.RoboJourneyType, r.RoboJourneyStatus); err != nil {
		r.RoboJourneyType, r.RoboJourneyStatus = "", ""
	}
	return r, nil
}

// ReviewStatusOf is a client's review status, for another module's transaction.
func ReviewStatusOf(ctx context.Context, q resourceful.Querier, entityID int64) (ReviewStatus, error) {
	r, err := load(ctx, q, entityID)
	return r.Review, err
}

// SetReviewStatus stores a client's review status, for another module's transaction (the annual
// review's submission). It checks nothing: the caller has.
func SetReviewStatus(ctx context.Context, q resourceful.Querier, entityID int64, s ReviewStatus) error {
	if !s.Valid() {
		return errors.New("journeys: invalid review status")
	}
	res, err := q.ExecContext(ctx, `UPDATE entity SET xpt_review_status = ? WHERE id = ? AND entity_kind = 'client'`, strconv.Itoa(int(s)), entityID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return apierr.ErrNotFound
	}
	return nil
}
