package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/entities"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// contractAppID is the application the BFF logs in as in the contract tests.
const contractAppID = "contract-test"

// contractPlatform is one implementation of API over a fixture of its own, and the counts of
// the fixture's session lookups.
type contractPlatform struct {
	api    API
	f      *fixture
	counts *storeCounts
}

// newContractPlatforms builds, on dialect d, the embedded platform and a remote one (the same
// engine behind a real HTTP server), each over a store of its own holding the same fixture, so
// that the same calls in the same order must give the same answers.
func newContractPlatforms(t *testing.T, d store.Dialect) map[string]contractPlatform {
	t.Helper()
	out := map[string]contractPlatform{}
	for _, mode := range []string{"embedded", "remote"} {
		f := newFixture(t, testdb.Open(t, d))
		counts := &storeCounts{}
		f.svc.Store = countingStore{Store: f.svc.Store, n: counts}
		hash, _ := auth.HashPassword("Correct#Horse1", 4)
		testdb.MustExec(t, f.db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, mfa_method, mobile_phone, created_at, force_change_password)
			VALUES (5, 'ada.steps', ?, 'ClientUser', 10, '', '', 'x', ?)`, hash, true)
		testdb.MustExec(t, f.db, `INSERT INTO login_profile (id, firm_id, name, inactive_session_timeout_client) VALUES (7, 1, 'Standard', 20)`)
		embedded, engine := NewEmbedded(f.svc, f.db, []Module{entities.New(f.db)}, contractAppID)
		var api API = embedded
		if mode == "remote" {
			srv := httptest.NewServer(engine)
			t.Cleanup(srv.Close)
			remote, err := NewRemoteClient(srv.URL, contractAppID, 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			api = remote
		}
		out[mode] = contractPlatform{api: api, f: f, counts: counts}
	}
	return out
}

// contractCall is one row of the contract: a call and what its answer must contain. state
// carries tokens between the rows of one implementation.
type contractCall struct {
	name string
	call func(ctx context.Context, p API, state map[string]string) string
	want string // a part of the answer every implementation gives
}

// The contract between the BFF and the platform: one table of calls, run in order against the
// embedded platform (Go calls) and a remote one (HTTP), which must answer each alike: the same
// Go values, the same error values, the same relayed status, content type and body.
func TestPlatformContract(t *testing.T) {
	gin.SetMode(gin.TestMode)
	relay := func(method, path, contentType, body string) func(context.Context, API, map[string]string) string {
		return func(ctx context.Context, p API, st map[string]string) string {
			var out bytes.Buffer
			var head string
			err := p.Relay(ctx, st["ada"], method, path, contentType, strings.NewReader(body), func(status int, ct string) io.Writer {
				head = fmt.Sprintf("%d %s", status, ct)
				return &out
			})
			return head + " " + normalise(out.String()) + describe(err)
		}
	}
	signIn := func(key, username, secret string) func(context.Context, API, map[string]string) string {
		return func(ctx context.Context, p API, st map[string]string) string {
			token, su, err := p.SignIn(ctx, username, secret)
			if err != nil {
				return describe(err)
			}
			st[key] = token
			return fmt.Sprintf("token %v %s", token != "", value(su))
		}
	}
	rows := []contractCall{
		{"sign in", signIn("ada", "ada", "Correct#Horse1"), `"display_name":"Ada Lovelace"`},
		{"sign in, wrong password", signIn("", "ada", "wrong"), "401 " + apierr.BadCredentials},
		{"sign in, disabled", signIn("", "ada.off", "Correct#Horse1"), "403 " + apierr.AccountDisabled},
		{"sign in, second factor due", signIn("", "ada.mfa", "Correct#Horse1"), "challenge 401 " + auth.MFARequiredAPI + " sms [sms]"},
		{"sign in with a step outstanding", signIn("steps", "ada.steps", "Correct#Horse1"), `"additional_login_steps":["ForceChangePassword"]`},
		{"session user", func(ctx context.Context, p API, st map[string]string) string {
			su, err := p.SessionUser(ctx, st["ada"])
			return value(su) + describe(err)
		}, `"inactive_session_timeout_client":20`},
		{"session user with a step outstanding", func(ctx context.Context, p API, st map[string]string) string {
			su, err := p.SessionUser(ctx, st["steps"])
			return value(su) + describe(err)
		}, `"additional_login_steps":["ForceChangePassword"]`},
		{"session user, unknown session", func(ctx context.Context, p API, _ map[string]string) string {
			_, err := p.SessionUser(ctx, "no-such-session")
			return describe(err)
		}, "401 " + apierr.NoSessionAPI},
		{"do", func(ctx context.Context, p API, st map[string]string) string {
			var out map[string]any
			err := p.Do(ctx, st["ada"], http.MethodGet, "session/tfa", nil, &out)
			return value(out) + describe(err)
		}, `"tfa_methods"`},
		{"do, a write with a body", func(ctx context.Context, p API, st map[string]string) string {
			err := p.Do(ctx, st["ada"], http.MethodPatch, "entity/client-v3/10", map[string]any{"comm_pref_sms": true}, nil)
			return "done" + describe(err)
		}, "done"},
		{"do, the step gate", func(ctx context.Context, p API, st map[string]string) string {
			return describe(p.Do(ctx, st["steps"], http.MethodGet, "entity/client-v3/10", nil, nil))
		}, "403 " + auth.ErrStepsOutstanding.APIMessage},
		{"do, unknown resource", func(ctx context.Context, p API, st map[string]string) string {
			return describe(p.Do(ctx, st["ada"], http.MethodGet, "no/such/thing", nil, nil))
		}, "404"},
		{"do with basic auth, no enrolment due", func(ctx context.Context, p API, _ map[string]string) string {
			return describe(p.DoBasic(ctx, "ada", "Correct#Horse1", http.MethodPost, "auth/tfa/device", map[string]string{"method": "sms"}, nil))
		}, "403"},
		{"anonymous, no such resource", func(ctx context.Context, p API, _ map[string]string) string {
			return describe(p.Anonymous(ctx, http.MethodGet, "xplan/health", nil, nil, nil))
		}, "404"},
		{"start with, no such resource", func(ctx context.Context, p API, _ map[string]string) string {
			_, err := p.StartWith(ctx, "auth/biometric", map[string]string{"credential": "x"}, nil)
			return describe(err)
		}, "404"},
		{"relay a read", relay(http.MethodGet, "entity/client-v3/10?fields.0=comm_pref_sms", "", ""), `200 application/json {"comm_pref_sms":"1"`},
		{"relay a batch", relay(http.MethodPost, "", "application/json", `{"batch":[{"name":"me","url":"session/user"},{"url":"entity/client-v3/10"}]}`), `"code":200,"headers":{"Content-Type":"application/json"},"msg":"OK","name":"me"`},
		{"relay, not found", relay(http.MethodGet, "no/such/thing", "", ""), "404 application/json"},
		{"end the session", func(ctx context.Context, p API, st map[string]string) string {
			return "ended" + describe(p.EndSession(ctx, st["ada"]))
		}, "ended"},
		{"relay after the end", relay(http.MethodGet, "entity/client-v3/10", "", ""), "401 application/json"},
		{"end it again", func(ctx context.Context, p API, st map[string]string) string {
			return describe(p.EndSession(ctx, st["ada"]))
		}, "401 " + apierr.NoSessionAPI},
	}
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		platforms := newContractPlatforms(t, d)
		states := map[string]map[string]string{"embedded": {}, "remote": {}}
		for _, row := range rows {
			answers := map[string]string{}
			for mode, p := range platforms {
				answers[mode] = row.call(context.Background(), p.api, states[mode])
			}
			if answers["embedded"] != answers["remote"] {
				t.Errorf("%s: embedded and remote differ:\n embedded %s\n remote   %s", row.name, answers["embedded"], answers["remote"])
			}
			if !strings.Contains(answers["embedded"], row.want) {
				t.Errorf("%s: %s, want it to contain %s", row.name, answers["embedded"], row.want)
			}
		}
	})
}

// describe is an error as the BFF sees it: its status and messages, and a challenge's methods.
func describe(err error) string {
	var ch *auth.Challenge
	var ae *apierr.Error
	var se *StatusError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ch):
		return fmt.Sprintf(" challenge %d %s %s %v", ch.Err.Status, ch.Err.APIMessage, ch.MfaMethod, ch.TfaMethods)
	case errors.As(err, &ae):
		return fmt.Sprintf(" %d %s | %s", ae.Status, ae.APIMessage, ae.UserMessage)
	case errors.As(err, &se):
		return fmt.Sprintf(" status %d", se.Status)
	}
	return " error " + err.Error()
}

// value is an answer as JSON.
func value(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// normalise drops what differs between two runs of a batch: each item's time.
func normalise(body string) string {
	var results []map[string]any
	if json.Unmarshal([]byte(body), &results) != nil {
		return body
	}
	for _, r := range results {
		delete(r, "time")
	}
	return value(results)
}

// storeCounts counts the lookups of a platform session and of what session/user reads.
type storeCounts struct {
	bySession, profile, byID, entity, loginProfile atomic.Int64
}

// countingStore is a store that counts those lookups.
type countingStore struct {
	auth.Store
	n *storeCounts
}

func (s countingStore) UserBySession(ctx context.Context, h []byte, now time.Time) (auth.User, error) {
	s.n.bySession.Add(1)
	return s.Store.UserBySession(ctx, h, now)
}

func (s countingStore) SessionProfile(ctx context.Context, h []byte, now time.Time) (auth.User, auth.Entity, auth.Profile, error) {
	s.n.profile.Add(1)
	return s.Store.SessionProfile(ctx, h, now)
}

func (s countingStore) UserByID(ctx context.Context, id int64) (auth.User, error) {
	s.n.byID.Add(1)
	return s.Store.UserByID(ctx, id)
}

func (s countingStore) EntityByID(ctx context.Context, id int64) (auth.Entity, error) {
	s.n.entity.Add(1)
	return s.Store.EntityByID(ctx, id)
}

func (s countingStore) LoginProfile(ctx context.Context, id int64) (int64, int, bool, error) {
	s.n.loginProfile.Add(1)
	return s.Store.LoginProfile(ctx, id)
}

// session/user reads its session, login, party and login profile once, in one query, however
// the BFF reaches the platform; a batch is authenticated once and each of its items authorised
// with that caller, not authenticated again.
func TestSessionResolvedOncePerRequest(t *testing.T) {
	gin.SetMode(gin.TestMode)
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		for mode, p := range newContractPlatforms(t, d) {
			ctx := context.Background()
			token, _, err := p.api.SignIn(ctx, "ada", "Correct#Horse1")
			if err != nil {
				t.Fatal(err)
			}
			n := p.counts
			reset := func() {
				for _, c := range []*atomic.Int64{&n.bySession, &n.profile, &n.byID, &n.entity, &n.loginProfile} {
					c.Store(0)
				}
			}
			reset()
			if _, err := p.api.SessionUser(ctx, token); err != nil {
				t.Fatal(err)
			}
			if mode == "embedded" {
				if got := [5]int64{n.profile.Load(), n.bySession.Load(), n.byID.Load(), n.entity.Load(), n.loginProfile.Load()}; got != [5]int64{1, 0, 0, 0, 0} {
					t.Errorf("embedded session/user: one session-and-profile query, no other lookup; got (profile, session, user, entity, login profile) %v", got)
				}
			}

			reset()
			items := `{"batch":[{"url":"session/user"},{"url":"entity/client-v3/10"},{"url":"entity/client-v3/10/address"},{"url":"no/such/thing"},{"url":"entity/client-v3/11"}]}`
			var out bytes.Buffer
			if err := p.api.Relay(ctx, token, http.MethodPost, "", "application/json", strings.NewReader(items), func(status int, _ string) io.Writer {
				if status != http.StatusOK {
					t.Errorf("%s batch: %d", mode, status)
				}
				return &out
			}); err != nil {
				t.Fatal(err)
			}
			var results []BatchCode
			if err := json.Unmarshal(out.Bytes(), &results); err != nil || len(results) != 5 {
				t.Fatalf("%s batch: %s", mode, out.String())
			}
			// Each item is still authorised on its own: another client's entity is refused.
			if codes := fmt.Sprint(results); codes != "[{200} {200} {200} {404} {404}]" {
				t.Errorf("%s batch codes %s", mode, codes)
			}
			if got := n.bySession.Load(); got != 1 {
				t.Errorf("%s: a batch of 5 items authenticated %d times, want once", mode, got)
			}

			// An item that ends the session ends it for the items after it too.
			reset()
			out.Reset()
			items = `{"batch":[{"url":"entity/client-v3/10"},{"method":"DELETE","url":"session"},{"url":"entity/client-v3/10"}]}`
			if err := p.api.Relay(ctx, token, http.MethodPost, "", "application/json", strings.NewReader(items), func(int, string) io.Writer { return &out }); err != nil {
				t.Fatal(err)
			}
			results = nil
			if err := json.Unmarshal(out.Bytes(), &results); err != nil || fmt.Sprint(results) != "[{200} {204} {401}]" {
				t.Errorf("%s: logout inside a batch: %s", mode, out.String())
			}
		}
	})
}

// BatchCode is a batch result's status.
type BatchCode struct {
	Code int `json:"code"`
}
