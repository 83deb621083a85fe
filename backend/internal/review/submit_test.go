package review_test

import (
	"bytes"
	"net/http"
	"testing"

	"wealthportal/backend/internal/journeys"
	"wealthportal/backend/internal/review"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

type submitted struct {
	ID         int64          `json:"id"`
	Submission *review.Stored `json:"submission"`
}

// A client answering for her partner: each person's status follows their own answers (spec 3
// §4.4): Alice all No → NoChangesReported, Bob a Yes → ChangesReported; the answers are stored,
// readable again, and a PDF of them is in Alice's documents.
func TestSubmitForPartnerSetsEachPersonsStatus(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var out submitted
		f.ok(t, "alice", http.MethodPost, "entity/client-v4/1001/review", map[string]any{
			"id": 1001, "name": "Alice Archer", "partnerId": 1002, "responses": answers(), "partnerResponses": answers(1), "status": 5,
		}, &out)
		if got := f.statusOf(t, 1001); got != journeys.ReviewNoChangesReported {
			t.Errorf("Alice's status %d, want NoChangesReported", got)
		}
		if got := f.statusOf(t, 1002); got != journeys.ReviewChangesReported {
			t.Errorf("Bob's status %d, want ChangesReported", got)
		}
		s := out.Submission
		if s == nil || s.Partner == nil || s.DocumentID == nil {
			t.Fatalf("answer %+v", out)
		}
		if s.Client.Status != 5 || s.Partner.Status != 4 || len(s.Client.Responses) != 3 {
			t.Errorf("stored %+v", s)
		}
		if got := s.Partner.Responses[0]; got.Question != "Have your partner's goals changed?" || got.AdditionalText != "We are moving to Bath." {
			t.Errorf("Bob's first answer %+v", got)
		}
		// A Yes on a page without additional information keeps no text.
		var read submitted
		f.ok(t, "alice", http.MethodGet, "entity/client-v4/1001/review", nil, &read)
		if read.Submission == nil || read.Submission.ID != s.ID || read.Submission.Partner.Name != "Bob Archer" {
			t.Errorf("read back %+v", read.Submission)
		}
		var content []byte
		var subtype string
		if err := db.QueryRow(db.Rebind(`SELECT f.content, d.docsubtype FROM docnote d JOIN docnote_attachment a ON a.docnote_id = d.id
			JOIN docnote_file f ON f.attachment_id = a.id WHERE d.id = ? AND d.entity_id = 1001`), *s.DocumentID).Scan(&content, &subtype); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(content, []byte("%PDF")) || subtype != review.SubtypeAnnualReview {
			t.Errorf("document %q %q", content[:8], subtype)
		}
	})
}

// A second submit (another tab, a double click) and a review not InProgress are refused with a
// clear message; nothing more is stored and the statuses stay as they were.
func TestSubmitRefusedWhenNotInProgress(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		body := map[string]any{"id": 1001, "responses": answers(2)}
		f.ok(t, "alice", http.MethodPost, "entity/client-v4/1001/review", body, nil)
		if msg := f.refused(t, "alice", http.MethodPost, "entity/client-v4/1001/review", body, http.StatusConflict); msg != "Review already submitted" {
			t.Errorf("second submit: %q", msg)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM review_submission`); n != 1 {
			t.Errorf("%d submissions, want 1", n)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM docnote WHERE docsubtype = ?`, review.SubtypeAnnualReview); n != 1 {
			t.Errorf("%d documents, want 1", n)
		}
		if got := f.statusOf(t, 1001); got != journeys.ReviewChangesReported {
			t.Errorf("status %d after the refused second submit", got)
		}
		// Carol opted to speak to her adviser instead: her review is FollowUpRequired.
		if err := journeys.SetReviewStatus(t.Context(), qOf(db), 1003, journeys.ReviewFollowUpRequired); err != nil {
			t.Fatal(err)
		}
		if msg := f.refused(t, "carol", http.MethodPost, "entity/client-v4/1003/review", map[string]any{"id": 1003, "responses": answers()}, http.StatusConflict); msg != "Review not in progress" {
			t.Errorf("not in progress: %q", msg)
		}
		if got := f.statusOf(t, 1003); got != journeys.ReviewFollowUpRequired {
			t.Errorf("Carol's status %d", got)
		}
	})
}

// Answers for a partner are taken only for the client's own partner, with view_partner, while
// the partner's review is InProgress; every question needs an answer for each person; an id
// the review does not have (a tab open on an older review) is refused. Nothing is stored.
func TestSubmitRefusesBadAnswers(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		post := func(user string, id int64, body map[string]any, status int) string {
			return f.refused(t, user, http.MethodPost, "entity/client-v4/"+itoa(id)+"/review", body, status)
		}
		// Carol has no partner; Alice names Carol; Bob (no view_partner) names Alice.
		for _, c := range []struct {
			user    string
			id      int64
			partner int64
		}{{"carol", 1003, 1002}, {"alice", 1001, 1003}, {"bob", 1002, 1001}} {
			if msg := post(c.user, c.id, map[string]any{"responses": answers(), "partnerId": c.partner, "partnerResponses": answers()}, http.StatusBadRequest); msg != review.ErrNotYourPartner.APIMessage {
				t.Errorf("%s for %d: %q", c.user, c.partner, msg)
			}
		}
		missing := answers()[:2]
		unanswered := answers()
		unanswered[1]["response"] = nil
		extra := append(answers(), map[string]any{"id": 4, "response": false})
		for name, c := range map[string]struct {
			body map[string]any
			want string
		}{
			"a question left out":       {map[string]any{"responses": missing}, "This question requires an answer"},
			"a question without answer": {map[string]any{"responses": unanswered}, "This question requires an answer"},
			"the partner's left out":    {map[string]any{"responses": answers(), "partnerId": 1002, "partnerResponses": missing}, "This question requires an answer"},
			"a page clients never see":  {map[string]any{"responses": extra}, "Unknown question id"},
		} {
			if msg := post("alice", 1001, c.body, http.StatusBadRequest); msg != c.want {
				t.Errorf("%s: %q, want %q", name, msg, c.want)
			}
		}
		// Bob's review is no longer open: Alice cannot answer for him, and hers stays open.
		if err := journeys.SetReviewStatus(t.Context(), qOf(db), 1002, journeys.ReviewFollowUpRequired); err != nil {
			t.Fatal(err)
		}
		if msg := post("alice", 1001, map[string]any{"responses": answers(), "partnerId": 1002, "partnerResponses": answers()}, http.StatusConflict); msg != "Partner review not in progress" {
			t.Errorf("partner not in progress: %q", msg)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM review_submission`); n != 0 {
			t.Errorf("%d submissions stored", n)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM docnote`); n != 0 {
			t.Errorf("%d documents stored", n)
		}
		if got := f.statusOf(t, 1001); got != journeys.ReviewInProgress {
			t.Errorf("Alice's status %d", got)
		}
	})
}

// Spec 3 §4.4: ChangesReported when any response is Yes, else NoChangesReported.
func TestStatusOf(t *testing.T) {
	for _, c := range []struct {
		answers []review.Answer
		want    journeys.ReviewStatus
	}{
		{nil, journeys.ReviewNoChangesReported},
		{[]review.Answer{{Response: false}, {Response: false}}, journeys.ReviewNoChangesReported},
		{[]review.Answer{{Response: false}, {Response: true}}, journeys.ReviewChangesReported},
	} {
		if got := review.StatusOf(c.answers); got != c.want {
			t.Errorf("StatusOf(%+v) = %d, want %d", c.answers, got, c.want)
		}
	}
}
