package review_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/review"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func qOf(db *store.DB) resourceful.Querier { return resourceful.OnTx(db, db) }

// A client reads its own review data and, with view_partner, its partner's; another client's
// (of the firm or not) answers 404 like a missing id; only a client submits, only its own.
func TestReviewAuthorisation(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		paths := func(id int64) []string {
			s := itoa(id)
			return []string{"entity/client/" + s + "/risk_profile/value/client", "entity/client-v4/" + s + "/dependent",
				"entity/client-v4/" + s + "/review/playback", "entity/client-v4/" + s + "/review"}
		}
		for _, p := range append(paths(1001), paths(1002)...) {
			f.ok(t, "alice", http.MethodGet, p, nil, nil)
		}
		for _, c := range []struct {
			user string
			id   int64
		}{{"bob", 1001}, {"carol", 1001}, {"grace", 1001}, {"alice", 1003}, {"alice", 2001}, {"alice", 999999}} {
			for _, p := range paths(c.id) {
				if msg := f.refused(t, c.user, http.MethodGet, p, nil, http.StatusNotFound); msg != "Resource Not Found" {
					t.Errorf("%s GET %s: %q", c.user, p, msg)
				}
			}
			f.refused(t, c.user, http.MethodPost, "entity/client-v4/"+itoa(c.id)+"/review", map[string]any{"responses": answers()}, http.StatusNotFound)
		}
		// Alice may read Bob's review data but not submit his review.
		f.refused(t, "alice", http.MethodPost, "entity/client-v4/1002/review", map[string]any{"responses": answers()}, http.StatusNotFound)

		// The adviser with Alice in context reads her submitted review, never submits one.
		f.ok(t, "alice", http.MethodPost, "entity/client-v4/1001/review", map[string]any{"responses": answers(1)}, nil)
		f.ok(t, "ann", http.MethodPut, "session/client_context/1001", map[string]any{}, nil)
		var read submitted
		f.ok(t, "ann", http.MethodGet, "entity/client-v4/1001/review", nil, &read)
		if read.Submission == nil || read.Submission.Client.Name != "Alice Archer" || read.Submission.Client.Status != 4 {
			t.Errorf("adviser reads %+v", read.Submission)
		}
		f.refused(t, "ann", http.MethodPost, "entity/client-v4/1001/review", map[string]any{"responses": answers()}, http.StatusForbidden)
		f.refused(t, "ann", http.MethodGet, "entity/client-v4/2001/review", nil, http.StatusNotFound)
		if n := f.count(t, `SELECT COUNT(*) FROM review_submission`); n != 1 {
			t.Errorf("%d submissions", n)
		}
	})
}

// The risk profile's description is sanitised on the server; a client without one gets an
// empty profile (the review then asks the alternate question).
func TestRiskProfile(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var rp review.RiskProfile
		f.ok(t, "alice", http.MethodGet, "entity/client/1001/risk_profile/value/client", nil, &rp)
		if rp.IsEmpty || rp.Index == nil || *rp.Index != 5 || rp.Name != "Balanced" {
			t.Errorf("Alice's profile %+v", rp)
		}
		if rp.Description != "<p>Some <strong>ups</strong> and downs.</p>" {
			t.Errorf("description not sanitised: %q", rp.Description)
		}
		var empty review.RiskProfile
		f.ok(t, "carol", http.MethodGet, "entity/client/1003/risk_profile/value/client", nil, &empty)
		if !empty.IsEmpty || empty.Index != nil || empty.Name != "" {
			t.Errorf("Carol's profile %+v", empty)
		}
		// Carol's alternate question is the one stored with her answers.
		var out submitted
		f.ok(t, "carol", http.MethodPost, "entity/client-v4/1003/review", map[string]any{"responses": answers()}, &out)
		if q := out.Submission.Client.Responses[2].Question; q != "Shall we assess your attitude to risk?" {
			t.Errorf("risk question %q", q)
		}
	})
}

// The playback: the client's and partner's current details, multi-line values on lines, an
// empty value empty; no partner column for a client without one.
func TestPlayback(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var pb review.Playback
		f.ok(t, "alice", http.MethodGet, "entity/client-v4/1001/review/playback", nil, &pb)
		if pb.PartnerID == nil || *pb.PartnerID != 1002 || pb.PartnerName != "Bob Archer" {
			t.Fatalf("partner %+v", pb)
		}
		got := map[string][2]string{}
		for _, v := range pb.Values {
			if v.PartnerValue == nil {
				t.Fatalf("%s without partner value", v.FieldName)
			}
			got[v.FieldName] = [2]string{v.ClientValue, *v.PartnerValue}
		}
		want := map[string][2]string{
			"preferred_email": {"alice@example.com", "bob@example.com"},
			"preferred_phone": {"+44 7700 900001", ""},
			"address":         {"Flat 2\n10 Quay Street\nBristol\nBS1 4AA", ""},
			"first_name":      {"Alice", "Bob"},
			"dob":             {"9 Mar 1970", "30 Nov 1968"},
			"marital_status":  {"Married", "Married"},
			// Daisy is both's; Ed is Bob's partner's (Alice's) by Bob's row, Fay Bob's own.
			"dependents": {"Ed Archer (son), born 15 Jan 2000\nDaisy Archer (daughter), born 1 Jun 2010",
				"Fay Archer (daughter), born 2 Feb 1999\nDaisy Archer (daughter), born 1 Jun 2010"},
		}
		for k, w := range want {
			if got[k] != w {
				t.Errorf("%s = %q, want %q", k, got[k], w)
			}
		}
		var alone review.Playback
		f.ok(t, "carol", http.MethodGet, "entity/client-v4/1003/review/playback", nil, &alone)
		if alone.PartnerID != nil || alone.Values[0].PartnerValue != nil || strings.Join([]string{alone.Values[0].ClientValue}, "") != "" {
			t.Errorf("Carol %+v", alone)
		}
	})
}
