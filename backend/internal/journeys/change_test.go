package journeys

import (
	"errors"
	"net/http"
	"testing"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// The back office's labels of older imports read as the spec's values; unknown ones are refused.
func TestParseStatuses(t *testing.T) {
	for in, want := range map[string]ReviewStatus{"": ReviewNone, "Due": ReviewInProgress, "In Progress": ReviewInProgress, "3": ReviewFollowUpRequired,
		"ChangesReported": ReviewChangesReported, "Complete": ReviewNoChangesReported, "5": ReviewNoChangesReported} {
		if got, err := ParseReviewStatus(in); err != nil || got != want {
			t.Errorf("review %q: %v %v, want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"6", "0", "Overdue"} {
		if _, err := ParseReviewStatus(bad); err == nil {
			t.Errorf("review %q accepted", bad)
		}
	}
	for in, want := range map[string]string{"": "0", "Complete": "0", "1": "1", "Sent": "1", "2": "2", "In progress": "2"} {
		if got, err := ParseFactFindStatus(in); err != nil || got != want {
			t.Errorf("fact find %q: %q %v, want %q", in, got, err, want)
		}
	}
	if _, err := ParseFactFindStatus("3"); err == nil {
		t.Error("fact find '3' accepted")
	}
	if ty, st, err := ParseRobo("Investment", "In Progress"); err != nil || ty != RoboInvestment || st != RoboInProgress {
		t.Errorf("robo: %q %q %v", ty, st, err)
	}
	if ty, st, err := ParseRobo("retirement_health_check", ""); err != nil || ty != RoboRetirementHealthCheck || st != RoboNone {
		t.Errorf("robo without status: %q %q %v", ty, st, err)
	}
	if _, _, err := ParseRobo("Onboarding", "Started"); err == nil {
		t.Error("an unknown robo type accepted")
	}
}

func status(err error) int {
	var e *apierr.Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

// One status per call, at the top level or inside "fields"; unknown fields and values are 400s.
func TestParseChange(t *testing.T) {
	ok := []struct {
		body resourceful.Params
		want Change
	}{
		{resourceful.Params{"xpt_review_status": float64(3)}, Change{Review: ReviewFollowUpRequired}},
		{resourceful.Params{"factfind_status": "0", "emailTemplateId": float64(12)}, Change{FactFind: "0", EmailTemplateID: 12}},
		{resourceful.Params{"fields": map[string]any{"robo_journey_status": "declined"}}, Change{Robo: RoboDeclined}},
	}
	for _, c := range ok {
		if got, err := ParseChange(c.body); err != nil || got != c.want {
			t.Errorf("%v: %+v %v", c.body, got, err)
		}
	}
	for _, bad := range []resourceful.Params{
		{},
		{"xpt_review_status": float64(3), "factfind_status": "0"},
		{"xpt_review_status": float64(7)},
		{"factfind_status": "4"},
		{"robo_journey_status": "finished"},
		{"robo_journey_status": "declined", "emailTemplateId": float64(3)},
		{"first_name": "Mallory"},
	} {
		if _, err := ParseChange(bad); status(err) != http.StatusBadRequest {
			t.Errorf("%v: %v, want a 400", bad, err)
		}
	}
}

// What a client may do (spec 3 §4.3): speak to the adviser on a review in progress and on an
// awaiting fact find, and move an open robo journey; submitted statuses and enabling are not
// theirs, and a journey that has moved on answers 409 with nothing changed.
func TestApply(t *testing.T) {
	open := Record{ID: 1, Review: ReviewInProgress, FactFind: "1", RoboJourneyType: RoboInvestment, RoboJourneyStatus: RoboEnabled}
	cases := []struct {
		name   string
		from   Record
		change Change
		want   Record
		code   int
	}{
		{"review: speak to adviser", open, Change{Review: ReviewFollowUpRequired}, Record{ID: 1, Review: ReviewFollowUpRequired, FactFind: "1", RoboJourneyType: RoboInvestment, RoboJourneyStatus: RoboEnabled}, 0},
		{"review: a client cannot report changes here", open, Change{Review: ReviewChangesReported}, open, 403},
		{"review: not in progress", Record{Review: ReviewNoChangesReported}, Change{Review: ReviewFollowUpRequired}, Record{Review: ReviewNoChangesReported}, 409},
		{"fact find: speak to adviser", open, Change{FactFind: "0", EmailTemplateID: 4}, Record{ID: 1, Review: ReviewInProgress, FactFind: "0", RoboJourneyType: RoboInvestment, RoboJourneyStatus: RoboEnabled}, 0},
		{"fact find: nothing awaiting", Record{FactFind: "0"}, Change{FactFind: "0"}, Record{FactFind: "0"}, 409},
		{"fact find: a client cannot re-open it", open, Change{FactFind: "2"}, open, 403},
		{"robo: decline", open, Change{Robo: RoboDeclined}, Record{ID: 1, Review: ReviewInProgress, FactFind: "1", RoboJourneyType: RoboInvestment, RoboJourneyStatus: RoboDeclined}, 0},
		{"robo: a client cannot enable it", open, Change{Robo: RoboEnabled}, open, 403},
		{"robo: no journey", Record{}, Change{Robo: RoboInProgress}, Record{}, 409},
		{"robo: finished", Record{RoboJourneyType: RoboInvestment, RoboJourneyStatus: RoboNone}, Change{Robo: RoboDeclined}, Record{RoboJourneyType: RoboInvestment, RoboJourneyStatus: RoboNone}, 409},
	}
	for _, c := range cases {
		got, err := Apply(c.from, c.change)
		if status(err) != c.code || (c.code == 0 && err != nil) {
			t.Errorf("%s: error %v, want status %d", c.name, err, c.code)
		}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
