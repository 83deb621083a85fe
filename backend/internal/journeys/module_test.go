package journeys_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/journeys"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
)

// outbox records what the module sends.
type outbox struct {
	mu   sync.Mutex
	sent []string
}

func (o *outbox) Send(_ context.Context, channel, to, body string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, channel+" "+to+" "+body)
	return nil
}

type instance struct {
	db     *store.DB
	engine *gin.Engine
	caller access.Principal
	out    *outbox
}

func newInstance(t *testing.T, db *store.DB) *instance {
	t.Helper()
	gin.SetMode(gin.TestMode)
	out := &outbox{}
	m, err := journeys.New(db, out)
	if err != nil {
		t.Fatal(err)
	}
	in := &instance{db: db, engine: gin.New(), out: out}
	m.Register(in.engine.Group("/resourceful", func(c *gin.Context) {
		c.Request = c.Request.WithContext(access.WithPrincipal(c.Request.Context(), in.caller))
	}))
	return in
}

func (in *instance) call(t *testing.T, p access.Principal, method, path string, body any) (int, map[string]any) {
	t.Helper()
	in.caller = p
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	in.engine.ServeHTTP(rec, req)
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out
}

func principal(t *testing.T, db *store.DB, username string) access.Principal {
	t.Helper()
	var p access.Principal
	err := db.QueryRowContext(context.Background(), db.Rebind(`SELECT u.id, u.entity_id, e.firm_id, u.role_name FROM app_user u
		JOIN entity e ON e.id = u.entity_id WHERE u.username = ?`), username).Scan(&p.UserID, &p.EntityID, &p.FirmID, &p.Role)
	if err != nil {
		t.Fatalf("%s: %v", username, err)
	}
	return p
}

func path(id int64) string { return fmt.Sprintf("/resourceful/entity/client-v4/%d", id) }

// The demo firm's statuses as the spec numbers them, and who may read them: the client, its
// partner (view_partner), its adviser with the client in context; anyone else gets a 404.
func TestReadStatuses(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, db)
		eleanor, priya, thomas := principal(t, db, "demo.client"), principal(t, db, "demo.assets"), principal(t, db, "demo.messages")
		adviser, other := principal(t, db, "demo.adviser@client"), principal(t, db, "demo.adviser2@client")
		code, got := in.call(t, eleanor, http.MethodGet, path(eleanor.EntityID), nil)
		james := int64(got["partner_entity_id"].(float64))
		if code != 200 || got["xpt_review_status"] != float64(2) || got["factfind_status"] != "1" || got["robo_journey_type"] != "" || got["robo_journey_status"] != "" {
			t.Fatalf("Eleanor: %d %v", code, got)
		}
		if code, got := in.call(t, eleanor, http.MethodGet, path(james)+"?fields=xpt_review_status", nil); code != 200 || got["xpt_review_status"] != float64(2) || got["factfind_status"] != nil {
			t.Errorf("James's review status for Eleanor: %d %v", code, got)
		}
		if _, got := in.call(t, thomas, http.MethodGet, path(thomas.EntityID), nil); got["robo_journey_type"] != "investment" || got["robo_journey_status"] != "in_progress" || got["xpt_review_status"] != float64(1) {
			t.Errorf("Thomas: %v", got)
		}
		if _, got := in.call(t, priya, http.MethodGet, path(priya.EntityID), nil); got["robo_journey_type"] != "retirement_health_check" || got["robo_journey_status"] != "declined" || got["factfind_status"] != "0" {
			t.Errorf("Priya: %v", got)
		}
		if code, got := in.call(t, eleanor, http.MethodGet, path(eleanor.EntityID)+"?fields=robo_journey_type,xpt_review_statuz", nil); code != 400 || got["api_message"] != "invalid field name: xpt_review_statuz" {
			t.Errorf("unknown field: %d %v", code, got)
		}
		inContext := adviser
		inContext.ClientInContext = eleanor.EntityID
		if code, _ := in.call(t, inContext, http.MethodGet, path(eleanor.EntityID), nil); code != 200 {
			t.Errorf("adviser in context: %d", code)
		}
		for name, who := range map[string]access.Principal{"another client": priya, "another firm's adviser": other} {
			if code, _ := in.call(t, who, http.MethodGet, path(eleanor.EntityID), nil); code != 404 {
				t.Errorf("%s: %d, want 404", name, code)
			}
		}
	})
}

// Speak to adviser on the fact find (spec 3 §4.3): the status goes to '0' and the adviser is
// emailed with the template id; the review's speak to adviser sets FollowUpRequired; a second
// try answers 409 with nothing changed; the partner, an adviser and other clients cannot write.
func TestChangeStatuses(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, db)
		eleanor, priya, adviser := principal(t, db, "demo.client"), principal(t, db, "demo.assets"), principal(t, db, "demo.adviser@client")
		_, got := in.call(t, eleanor, http.MethodGet, path(eleanor.EntityID), nil)
		james := int64(got["partner_entity_id"].(float64))

		code, got := in.call(t, eleanor, http.MethodPatch, path(eleanor.EntityID), map[string]any{"factfind_status": "0", "emailTemplateId": 41})
		if code != 200 || got["factfind_status"] != "0" || got["xpt_review_status"] != float64(2) {
			t.Fatalf("fact find: %d %v", code, got)
		}
		if len(in.out.sent) != 1 || !strings.HasPrefix(in.out.sent[0], "email oliver.bennett@") || !strings.Contains(in.out.sent[0], "Email template 41.") {
			t.Errorf("adviser's email: %q", in.out.sent)
		}
		if code, _ := in.call(t, eleanor, http.MethodPatch, path(eleanor.EntityID), map[string]any{"factfind_status": "0"}); code != 409 {
			t.Errorf("second fact-find change: %d, want 409", code)
		}
		inContext := adviser
		inContext.ClientInContext = eleanor.EntityID
		for name, c := range map[string]struct {
			who access.Principal
			id  int64
		}{"the partner's record": {eleanor, james}, "the adviser": {inContext, eleanor.EntityID}} {
			if code, _ := in.call(t, c.who, http.MethodPatch, path(c.id), map[string]any{"xpt_review_status": 3}); code != 403 {
				t.Errorf("%s: %d, want 403", name, code)
			}
		}
		if code, _ := in.call(t, priya, http.MethodPatch, path(eleanor.EntityID), map[string]any{"xpt_review_status": 3}); code != 404 {
			t.Errorf("another client: %d, want 404", code)
		}
		if code, got := in.call(t, eleanor, http.MethodPatch, path(eleanor.EntityID), map[string]any{"xpt_review_status": 3}); code != 200 || got["xpt_review_status"] != float64(3) {
			t.Errorf("review: %d %v", code, got)
		}
		if s, err := journeys.ReviewStatusOf(context.Background(), testkitQuerier(db), james); err != nil || s != journeys.ReviewInProgress {
			t.Errorf("James's review is his own: %v %v", s, err)
		}
	})
}

// SetReviewStatus and ReviewStatusOf, as the review's submission uses them.
func TestSetReviewStatus(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx, q := context.Background(), testkitQuerier(db)
		eleanor := principal(t, db, "demo.client")
		if err := journeys.SetReviewStatus(ctx, q, eleanor.EntityID, journeys.ReviewChangesReported); err != nil {
			t.Fatal(err)
		}
		if s, err := journeys.ReviewStatusOf(ctx, q, eleanor.EntityID); err != nil || s != journeys.ReviewChangesReported || !s.Submitted() {
			t.Errorf("%v %v", s, err)
		}
		if err := journeys.SetReviewStatus(ctx, q, eleanor.EntityID, 9); err == nil {
			t.Error("status 9 stored")
		}
		if err := journeys.SetReviewStatus(ctx, q, 987654321, journeys.ReviewNone); err == nil {
			t.Error("a missing client's status stored")
		}
	})
}

// testkitQuerier runs SQL straight on the store, rebound for its dialect.
func testkitQuerier(db *store.DB) resourceful.Querier { return resourceful.OnTx(db, db) }
