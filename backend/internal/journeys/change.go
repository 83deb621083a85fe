package journeys

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// Wire names of the statuses (spec 3 §3.3, §7.3).
const (
	fieldReview    = "xpt_review_status"
	fieldFactFind  = "factfind_status"
	fieldRoboType  = "robo_journey_type"
	fieldRobo      = "robo_journey_status"
	fieldTemplate  = "emailTemplateId"
	fieldPartnerID = "partner_entity_id"
)

// Change is one status a client sets: exactly one of the three is set.
type Change struct {
	Review          ReviewStatus // 0 when not changed
	FactFind        string       // "" when not changed
	Robo            string       // "" when not changed
	EmailTemplateID int64        // the fact find's email to the adviser; 0 for none
}

// errNotOpen is the answer to a step on a journey that has moved on (another tab, the adviser):
// nothing is changed and the page can say so.
func errNotOpen(what string) *apierr.Error {
	return apierr.New(http.StatusConflict, what+" is no longer waiting for you", what+" is no longer waiting for you. Please refresh the page.")
}

// ParseChange reads a PATCH body: one status field, at the top level or inside "fields" (as
// XPLAN clients send it), and for a fact find an optional emailTemplateId. Several statuses at
// once are refused: the web app sends only the last present one (spec 3 §4.3), so more than one
// is a caller's mistake, and guessing which was meant could set the wrong journey.
func ParseChange(p resourceful.Params) (Change, error) {
	values := map[string]any{}
	for k, v := range p {
		if k == "fields" {
			for fk, fv := range p.Object("fields") {
				values[fk] = fv
			}
			continue
		}
		values[k] = v
	}
	var c Change
	var named []string
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		raw := strings.TrimSpace(resourceful.Params(values).String(k))
		switch k {
		case fieldReview:
			n, err := strconv.Atoi(raw)
			if err != nil || !ReviewStatus(n).Valid() {
				return Change{}, apierr.BadRequest("xpt_review_status must be a review status from 1 to 5")
			}
			c.Review = ReviewStatus(n)
			named = append(named, k)
		case fieldFactFind:
			if raw != "0" && raw != "1" && raw != "2" {
				return Change{}, apierr.BadRequest("factfind_status must be '0', '1' or '2'")
			}
			c.FactFind = raw
			named = append(named, k)
		case fieldRobo:
			if !roboStatuses[raw] {
				return Change{}, apierr.BadRequest("robo_journey_status must be enabled, in_progress, follow_up_requested, declined or none")
			}
			c.Robo = raw
			named = append(named, k)
		case fieldTemplate:
			n, err := strconv.ParseInt(raw, 10, 64)
			if err != nil || n <= 0 {
				return Change{}, apierr.BadRequest("emailTemplateId must be a positive whole number")
			}
			c.EmailTemplateID = n
		default:
			return Change{}, apierr.BadRequest("Field cannot be updated: " + k)
		}
	}
	if len(named) != 1 {
		return Change{}, apierr.BadRequest("Give exactly one of xpt_review_status, factfind_status or robo_journey_status")
	}
	if c.EmailTemplateID != 0 && c.FactFind == "" {
		return Change{}, apierr.BadRequest("emailTemplateId goes with factfind_status only")
	}
	return c, nil
}

// Apply is the record after a client's change, or why the client may not make it. A client may
// ask the adviser to follow up a review in progress (spec 3 §4.3: speak to adviser), clear an
// awaiting fact find the same way, and move an open robo journey (start: in_progress or none,
// speak to adviser, decline). Submitted statuses come from the review's submission only.
func Apply(r Record, c Change) (Record, error) {
	switch {
	case c.Review != 0:
		if c.Review != ReviewFollowUpRequired {
			return r, apierr.New(http.StatusForbidden, "Permission Error: a client may only set xpt_review_status to 3 (FollowUpRequired)", "You cannot change your review's status this way.")
		}
		if r.Review != ReviewInProgress {
			return r, errNotOpen("Your review")
		}
		r.Review = c.Review
	case c.FactFind != "":
		if c.FactFind != FactFindNone {
			return r, apierr.New(http.StatusForbidden, "Permission Error: a client may only set factfind_status to '0'", "You cannot change your fact find's status this way.")
		}
		if r.FactFind == FactFindNone {
			return r, errNotOpen("Your fact find")
		}
		r.FactFind = c.FactFind
	case c.Robo != "":
		if c.Robo == RoboEnabled {
			return r, apierr.New(http.StatusForbidden, "Permission Error: only the adviser enables a robo journey", "You cannot change this journey's status this way.")
		}
		if r.RoboJourneyType == "" || r.RoboJourneyStatus == RoboNone {
			return r, errNotOpen("This journey")
		}
		r.RoboJourneyStatus = c.Robo
	}
	return r, nil
}
