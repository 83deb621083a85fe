package signatures_test

import (
	"context"
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/clientcontext"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/signatures"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/platformtest"
	"wealthportal/backend/internal/testkit/testdb"
)

// The fixture: in firm 1 the adviser Ann (100) and her clients Alice (1001), her partner Bob
// (1002) and Dora (1005, whose phone has no '+'); in firm 2 the adviser Cat (200) and Grace
// (2001). Requests: 10 Alice's suitability report (awaiting signature, signatory 70), 11 a
// joint letter (awaiting, Alice 71 and Bob 72), 12 one Alice signed before (signed, 73), 13
// Dora's (awaiting, 74), 14 Grace's (awaiting, 75), 15 Alice's pending one (76). Firm 1 has a
// sign template and no decline template.

const password = "Correct#Horse1"

// start is the fixture's clock at its beginning: Wednesday 25 November 2026, 14:03:07 UTC.
var start = time.Date(2026, 11, 25, 14, 3, 7, 0, time.UTC)

// clock is a fake clock tests move by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// sent is one message the fake sender took.
type sent struct{ channel, to, body string }

// outbox is a notify.Sender that keeps what it is given.
type outbox struct {
	mu   sync.Mutex
	msgs []sent
	fail bool
}

func (o *outbox) Send(_ context.Context, channel, to, body string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fail {
		return io.ErrUnexpectedEOF
	}
	o.msgs = append(o.msgs, sent{channel, to, body})
	return nil
}

func (o *outbox) all() []sent {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]sent(nil), o.msgs...)
}

var codeRE = regexp.MustCompile(`\b(\d{6})\b`)

// lastCode is the code of the newest SMS.
func (o *outbox) lastCode(t testing.TB) string {
	t.Helper()
	msgs := o.all()
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].channel == "sms" {
			if m := codeRE.FindStringSubmatch(msgs[i].body); m != nil {
				return m[1]
			}
		}
	}
	t.Fatal("no code was sent")
	return ""
}

type fixture struct {
	db       *store.DB
	engine   *gin.Engine
	svc      *auth.Service
	clock    *clock
	out      *outbox
	sessions *platformtest.Sessions
	// original is the PDF every fixture request holds.
	original []byte
}

func newFixture(t testing.TB, db *store.DB) *fixture {
	t.Helper()
	gin.SetMode(gin.TestMode)
	f := &fixture{db: db, clock: &clock{now: start}, out: &outbox{}}
	f.seed(t)
	svc, err := auth.NewService(auth.SQLStore{DB: db}, f.out, f.clock.Now, rand.Reader, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	f.engine = f.engineWith(t, codeSecret)
	f.sessions = platformtest.NewSessions(f.engine, password, "signatures-test")
	return f
}

// codeSecret is the fixture's server secret for signing codes.
var codeSecret = []byte("fixture-code-secret-0123456789ab")

// engineWith is the platform over the fixture's store with a signatures module keyed by secret.
func (f *fixture) engineWith(t testing.TB, secret []byte) *gin.Engine {
	t.Helper()
	lim, err := ratelimit.New(f.db, ratelimit.Options{Secret: []byte("0123456789abcdef0123456789abcdef"), Now: f.clock.Now, CleanupEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	mod, err := signatures.New(f.db, f.out, lim, secret, f.clock.Now, rand.Reader, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return platform.NewEngine(f.svc, f.db, []platform.Module{mod, clientcontext.NewPlatformModule(f.db, f.svc)})
}

func (f *fixture) seed(t testing.TB) {
	t.Helper()
	doc, err := signatures.RenderDocument("Suitability report 2026", [][]signatures.Paragraph{
		{{Text: "Your circumstances", Heading: true}, {Text: "You asked us to review your pension and ISA savings."}},
		{{Text: "Our recommendation", Heading: true}, {Text: "We recommend that you keep your current portfolio."}},
	})
	if err != nil {
		t.Fatal(err)
	}
	f.original = doc
	hash, err := auth.HashPassword(password, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Northwind Wealth', 'Portal', 'GB'), (2, 'Southgate Advisers', 'Portal', 'GB')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES
			(100, 1, 'adviser', 'Ann', 'Adams', 'Adams, Ann'), (200, 2, 'adviser', 'Cat', 'Clark', 'Clark, Cat')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, preferred_email, adviser_entity_id) VALUES
			(1001, 1, 'client', 'Alice', 'Archer', 'Archer, Alice', 'alice@example.com', 100),
			(1002, 1, 'client', 'Bob', 'Archer', 'Archer, Bob', 'bob@example.com', 100),
			(1005, 1, 'client', 'Dora', 'Dean', 'Dean, Dora', 'dora@example.com', 100),
			(2001, 2, 'client', 'Grace', 'Green', 'Green, Grace', 'grace@example.com', 200)`,
		`INSERT INTO signature_setting (firm_id, terms_and_conditions, sign_template_id, decline_template_id, time_zone)
			VALUES (1, 'Northwind terms.', 'tmpl-sign', NULL, 'Europe/London')`,
	} {
		testdb.MustExec(t, f.db, q)
	}
	for _, r := range []struct {
		id, entity, firm int64
		filename         string
		due              any
		status           int
	}{
		{10, 1001, 1, "Suitability report 2026.pdf", "2026-12-16", 4},
		{11, 1001, 1, "Joint letter.pdf", "2026-12-20", 4},
		{12, 1001, 1, "Old agreement.pdf", "2025-06-01", 1},
		{13, 1005, 1, "Dora letter.pdf", "2026-12-20", 4},
		{14, 2001, 2, "Grace letter.pdf", "2026-12-20", 4},
		{15, 1001, 1, "Draft.pdf", nil, 3},
	} {
		testdb.MustExec(t, f.db, `INSERT INTO signature_request (id, firm_id, entity_id, filename, content, due_date, status, terms, secure_data, last_notified_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?)`, r.id, r.firm, r.entity, r.filename, doc, r.due, r.status,
			"sd-"+r.filename, store.FormatTime(start.Add(time.Duration(r.id)*time.Hour-48*time.Hour)), store.FormatTime(start.Add(-72*time.Hour)))
	}
	testdb.MustExec(t, f.db, `INSERT INTO signature_signatory (id, request_id, entity_id, phone, can_sign, signed_at, signing_method) VALUES
		(70, 10, 1001, '+44 7700 900417', 1, NULL, NULL),
		(71, 11, 1001, '+44 7700 900417', 1, NULL, NULL),
		(72, 11, 1002, '+44 7700 900902', 1, NULL, NULL),
		(73, 12, 1001, '+44 7700 900417', 1, '2025-05-20T10:00:00.000000000Z', 1),
		(74, 13, 1005, '07700 900555', 1, NULL, NULL),
		(75, 14, 2001, '+44 7700 900999', 1, NULL, NULL),
		(76, 15, 1001, '+44 7700 900417', 1, NULL, NULL)`)
	for i, u := range []struct {
		name, role string
		entity     int64
	}{{"alice", "ClientUser", 1001}, {"bob", "ClientUser", 1002}, {"dora", "ClientUser", 1005}, {"grace", "ClientUser", 2001}, {"ann", "User", 100}} {
		testdb.MustExec(t, f.db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, created_at) VALUES (?, ?, ?, ?, ?, '2026-01-01T00:00:00Z')`,
			i+1, u.name, hash, u.role, u.entity)
	}
}

// login starts a platform session with Basic auth and keeps its cookie.
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

// apiMessage calls and checks the status, returning the answer's api_message.
func (f *fixture) apiMessage(t testing.TB, user, method, path string, body any, status int) string {
	t.Helper()
	api, _ := platformtest.Refusal(t, f.call(t, user, method, path, body), method+" "+path+" as "+user, status)
	return api
}

// generate asks for a code for signatory sid of request id as user and returns secure_data.
func (f *fixture) generate(t testing.TB, user string, id, sid int) string {
	t.Helper()
	var out struct {
		SecureData string `json:"secure_data"`
	}
	f.ok(t, user, http.MethodPost, path(id, sid, "generate_code"), map[string]any{}, &out)
	if out.SecureData == "" {
		t.Fatal("no secure_data")
	}
	return out.SecureData
}

func path(id, sid int, action string) string {
	return "digital_signature/" + itoa(id) + "/signatories/" + itoa(sid) + "/" + action
}

func itoa(n int) string { return strconv.Itoa(n) }

func signBody(method int, secureData, otp string) map[string]any {
	return map[string]any{"signing_method": method, "secure_data": secureData, "otp": otp}
}

// wrongCode is a six-digit code other than code.
func wrongCode(code string) string {
	if code == "000000" {
		return "000001"
	}
	return "000000"
}
