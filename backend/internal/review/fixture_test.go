package review_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/clientcontext"
	"wealthportal/backend/internal/journeys"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/review"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/platformtest"
	"wealthportal/backend/internal/testkit/testdb"
)

// The fixture: in firm 1 the adviser Ann (100) with her clients Alice (1001, view_partner) and
// her partner Bob (1002) in one household, and Carol (1003, no partner, no risk profile); in
// firm 2 the adviser Cat (200) and Grace (2001). Alice and Bob have risk profiles, Carol none.
// Firm 1's review: an introduction, two questions (1: additional information on Yes), a risk
// page (3), a submission and a completion. Every client's review is InProgress.

const password = "Correct#Horse1"

// now is the fixture's clock: Wednesday 25 November 2026, 14:03:07 UTC.
var now = time.Date(2026, 11, 25, 14, 3, 7, 0, time.UTC)

type fixture struct {
	db       *store.DB
	engine   *gin.Engine
	sessions *platformtest.Sessions
}

func newFixture(t testing.TB, db *store.DB) *fixture {
	t.Helper()
	gin.SetMode(gin.TestMode)
	f := &fixture{db: db}
	seed(t, db)
	svc, err := auth.NewService(auth.SQLStore{DB: db}, notify.Unconfigured{}, func() time.Time { return now }, rand.Reader, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := review.New(db, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	f.engine = platform.NewEngine(svc, db, []platform.Module{mod, clientcontext.NewPlatformModule(db, svc)})
	f.sessions = platformtest.NewSessions(f.engine, password, "review-test")
	return f
}

// fixturePages is firm 1's review.
var fixturePages = []review.Page{
	{Type: review.TypeIntroduction, Order: 0, Heading: "Your review", ClientAccess: true},
	{Type: review.TypeQuestion, Order: 1, Heading: "Goals", ClientQuestion: "Have your goals changed?",
		PartnerQuestion: "Have your partner's goals changed?", ShowAdditionalInformation: true, ClientAccess: true},
	{Type: review.TypeQuestion, Order: 2, Heading: "Health", ClientQuestion: "Has your health changed?",
		PartnerQuestion: "Has your partner's health changed?", ClientAccess: true},
	{Type: review.TypeRisk, Order: 3, Heading: "Risk", ClientQuestion: "Has your attitude to risk changed?",
		PartnerQuestion: "Has your partner's attitude to risk changed?", AlternateClientQuestion: "Shall we assess your attitude to risk?",
		AlternatePartnerQuestion: "Shall we assess your partner's?", ClientAccess: true},
	// A page the firm keeps from clients: never asked, never required.
	{Type: review.TypeQuestion, Order: 4, Heading: "Hidden", ClientQuestion: "Not asked", ClientAccess: false},
	{Type: review.TypeSubmission, Order: 5, Heading: "Submit", ClientAccess: true},
	{Type: review.TypeCompletion, Order: 6, Heading: "Thank you", ClientAccess: true},
}

func seed(t testing.TB, db *store.DB) {
	t.Helper()
	hash, err := auth.HashPassword(password, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Northwind Wealth', 'Portal', 'GB'), (2, 'Southgate Advisers', 'Portal', 'GB')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES
			(100, 1, 'adviser', 'Ann', 'Adams', 'Adams, Ann'), (200, 2, 'adviser', 'Cat', 'Clark', 'Clark, Cat')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, preferred_email, dob, marital_status, adviser_entity_id) VALUES
			(1001, 1, 'client', 'Alice', 'Archer', 'Archer, Alice', 'alice@example.com', '1970-03-09', 'Married', 100),
			(1002, 1, 'client', 'Bob', 'Archer', 'Archer, Bob', 'bob@example.com', '1968-11-30', 'Married', 100),
			(1003, 1, 'client', 'Carol', 'Cole', 'Cole, Carol', '', NULL, '', 100),
			(2001, 2, 'client', 'Grace', 'Green', 'Green, Grace', 'grace@example.com', NULL, '', 200)`,
		`UPDATE entity SET partner_entity_id = 1002 WHERE id = 1001`,
		`UPDATE entity SET partner_entity_id = 1001 WHERE id = 1002`,
		`INSERT INTO client_group (id, firm_id, name) VALUES (1, 1, 'Archer household')`,
		`INSERT INTO client_group_member (group_id, entity_id, login_accessible) VALUES (1, 1001, 1), (1, 1002, 1)`,
		`INSERT INTO capability_grant (firm_id, role_name, entity_id, capability, enabled) VALUES
			(1, 'ClientUser', NULL, 'view_partner', 0), (1, 'ClientUser', 1001, 'view_partner', 1)`,
		`INSERT INTO address (entity_id, type, block, street_name, suburb, postcode, country, preferred) VALUES
			(1001, 1, 'Flat 2', '10 Quay Street', 'Bristol', 'BS1 4AA', 'GB', 1)`,
		`INSERT INTO contact (entity_id, type, value, preferred) VALUES (1001, 'p1', '0117 496 0000', 0), (1001, 'p3', '+44 7700 900001', 1)`,
		`INSERT INTO dependent (entity_id, first_name, last_name, dob, relationship, dep_related_to) VALUES
			(1001, 'Daisy', 'Archer', '2010-06-01', 'daughter', 'both'), (1002, 'Ed', 'Archer', '2000-01-15', 'son', 'partner'),
			(1002, 'Fay', 'Archer', '1999-02-02', 'daughter', 'client')`,
		`INSERT INTO risk_profile (entity_id, risk_index, name, description, updated_at) VALUES
			(1001, 5, 'Balanced', '<p>Some <strong>ups</strong> and downs.</p><script>alert(1)</script><img src=x onerror=alert(2)>', '2026-01-01T00:00:00Z'),
			(1002, 6, 'Moderately Adventurous', '<p>Bigger swings.</p>', '2026-01-01T00:00:00Z')`,
		`INSERT INTO doc_category (id, firm_id, name, important) VALUES (2, 1, 'General', 0)`,
	} {
		testdb.MustExec(t, db, q)
	}
	ctx := context.Background()
	q := resourceful.OnTx(db, db)
	raw, err := json.Marshal(fixturePages)
	if err != nil {
		t.Fatal(err)
	}
	testdb.MustExec(t, db, `INSERT INTO review_definition (firm_id, pages, updated_at) VALUES (1, ?, '2026-01-01T00:00:00Z')`, string(raw))
	for _, id := range []int64{1001, 1002, 1003, 2001} {
		if err := journeys.SetReviewStatus(ctx, q, id, journeys.ReviewInProgress); err != nil {
			t.Fatal(err)
		}
	}
	for i, u := range []struct {
		name, role string
		entity     int64
	}{{"alice", "ClientUser", 1001}, {"bob", "ClientUser", 1002}, {"carol", "ClientUser", 1003}, {"grace", "ClientUser", 2001}, {"ann", "User", 100}} {
		testdb.MustExec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, created_at) VALUES (?, ?, ?, ?, ?, '2026-01-01T00:00:00Z')`,
			i+1, u.name, hash, u.role, u.entity)
	}
}

// login is user's platform session cookie (Basic auth on the first call).
func (f *fixture) login(t testing.TB, user string) *http.Cookie {
	t.Helper()
	return f.sessions.Login(t, user)
}

// call makes a request to path (under /resourceful/) as user, with body as JSON when not nil.
func (f *fixture) call(t testing.TB, user, method, path string, body any) *httptest.ResponseRecorder {
	t.Helper()
	return platformtest.Call(t, f.engine, f.login(t, user), method, path, body)
}

// ok calls and decodes a 200 answer into v.
func (f *fixture) ok(t testing.TB, user, method, path string, body, v any) {
	t.Helper()
	platformtest.DecodeOK(t, f.call(t, user, method, path, body), method+" "+path+" as "+user, v)
}

// refused calls, checks the status and returns the answer's api_message; every refusal says
// something to the user too.
func (f *fixture) refused(t testing.TB, user, method, path string, body any, status int) string {
	t.Helper()
	api, userMessage := platformtest.Refusal(t, f.call(t, user, method, path, body), method+" "+path+" as "+user, status)
	if userMessage == "" {
		t.Errorf("%s %s: no user_message", method, path)
	}
	return api
}

// statusOf is an entity's review status as journeys reads it.
func (f *fixture) statusOf(t testing.TB, id int64) journeys.ReviewStatus {
	t.Helper()
	s, err := journeys.ReviewStatusOf(context.Background(), resourceful.OnTx(f.db, f.db), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (f *fixture) count(t testing.TB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := f.db.QueryRow(f.db.Rebind(query), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// answers are responses to questions 1-3, Yes where yes says so.
func answers(yes ...int) []map[string]any {
	var out []map[string]any
	for id := 1; id <= 3; id++ {
		r := map[string]any{"id": id, "question": "q", "response": false, "additionalText": ""}
		for _, y := range yes {
			if y == id {
				r["response"], r["additionalText"] = true, "  We are moving to Bath.  "
			}
		}
		out = append(out, r)
	}
	return out
}
