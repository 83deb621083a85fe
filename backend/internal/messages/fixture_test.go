package messages_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/platformtest"
	"wealthportal/backend/internal/testkit/testdb"
)

// The fixture: firm 1 (product "Northwind Online") with the advisers Ann (100) and Ben (101),
// Ann's clients Alice (1001) and her partner Bob (1002, in Alice's client group, login
// accessible; Alice holds view_partner), Ben's client Carol (1003); firm 2 with the adviser Cat
// (200) and her client Grace (2001). Categories: 1 Important (important), 2 General. Types:
// LETTER, MESSAGE, TAX.
//
// Alice's documents 1..45: document i was created on 2026-01-01 plus i days at 09:00; every
// 5th (5, 10 ... 45: 9 of them) is her own message (Client Initiated, sender client), the others
// the adviser's (Secure Message); every 7th (7, 14 ... 42: 6) is Important; every 3rd (3, 6
// ... 45: 15) is unread; doctype TAX for every 11th (11, 22, 33, 44), else LETTER for even and
// MESSAGE for odd ids. Document 46 is Alice's but not visible to the client (a file note).
// Document 47 is Bob's, 48 Carol's, 49 Grace's. Document 2 has the attachment 1
// ("Letter.pdf", a PDF) and is linked to Alice's account 11.

const password = "Correct#Horse1"

// today is the fixture clock: Sunday 22 November 2026, 09:00.
var today = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// pdfBytes is a small PDF (its header is what sniffing reads).
var pdfBytes = []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")

type sentMail struct{ channel, to, body string }

// recordingSender keeps what was sent; fail makes it refuse.
type recordingSender struct {
	mu   sync.Mutex
	sent []sentMail
	fail bool
}

func (s *recordingSender) Send(_ context.Context, channel, to, body string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail {
		return errors.New("provider down")
	}
	s.sent = append(s.sent, sentMail{channel, to, body})
	return nil
}

type fixture struct {
	db       *store.DB
	svc      *auth.Service
	engine   *gin.Engine
	module   *messages.Module
	sender   *recordingSender
	sessions *platformtest.Sessions
}

func newFixture(t testing.TB, db *store.DB) *fixture {
	t.Helper()
	gin.SetMode(gin.TestMode)
	seed(t, db)
	clock := func() time.Time { return today }
	sender := &recordingSender{}
	svc, err := auth.NewService(auth.SQLStore{DB: db}, sender, clock, rand.Reader, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	m, err := messages.New(db, clock, sender)
	if err != nil {
		t.Fatal(err)
	}
	engine := platform.NewEngine(svc, db, []platform.Module{m})
	return &fixture{db: db, svc: svc, module: m, sender: sender, engine: engine, sessions: platformtest.NewSessions(engine, password, "messages-test")}
}

// docDate is the creation time of Alice's document i.
func docDate(i int) time.Time {
	return time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC).AddDate(0, 0, i)
}

func seed(t testing.TB, db *store.DB) {
	hash, err := auth.HashPassword(password, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Northwind Wealth', 'Northwind Online', 'GB'), (2, 'Southgate Advisers', 'Southgate Online', 'GB')`,
		`INSERT INTO client_access_level_choice (code, description) VALUES (1, 'Client Portfolio')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, preferred_email) VALUES
			(100, 1, 'adviser', 'Ann', 'Adams', 'Adams, Ann', 'ann@northwind.example'),
			(101, 1, 'adviser', 'Ben', 'Baker', 'Baker, Ben', ''),
			(200, 2, 'adviser', 'Cat', 'Clark', 'Clark, Cat', 'cat@southgate.example')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, client_access_level, adviser_entity_id) VALUES
			(1001, 1, 'client', 'Alice', 'Archer', 'Archer, Alice', 1, 100),
			(1002, 1, 'client', 'Bob', 'Archer', 'Archer, Bob', 1, 100),
			(1003, 1, 'client', 'Carol', 'Cole', 'Cole, Carol', 1, 101),
			(2001, 2, 'client', 'Grace', 'Green', 'Green, Grace', 1, 200)`,
		`UPDATE entity SET partner_entity_id = 1002 WHERE id = 1001`,
		`INSERT INTO client_group (id, firm_id, name) VALUES (1, 1, 'Archer household')`,
		`INSERT INTO client_group_member (group_id, entity_id, login_accessible) VALUES (1, 1001, 1), (1, 1002, 1)`,
		`INSERT INTO capability_grant (firm_id, role_name, entity_id, capability, enabled) VALUES
			(1, 'ClientUser', NULL, 'view_partner', 0), (1, 'ClientUser', 1001, 'view_partner', 1)`,
		`INSERT INTO portfolio (id, firm_id, entity_id, portfolio_name, ptype) VALUES (1, 1, 1001, 'Alice portfolio', 'PT_SINGLE'), (3, 1, 1003, 'Carol portfolio', 'PT_SINGLE')`,
		`INSERT INTO portfolio_party (portfolio_id, entity_id, reason_for_visibility) VALUES (1, 1001, 'single_owner'), (3, 1003, 'single_owner')`,
		`INSERT INTO account (id, portfolio_id, description, tax_structure, product, external_account_id, subfund,
			tax_type, tax_type_title, service_type, plan_currency, base_currency, report_currency, active_date, vendor_id, is_default) VALUES
			(11, 1, 'Alice ISA', 'ISA', 'ISA', 'EXT-11', '', 'ISA', 'ISA', 'Managed', 'GBP', 'GBP', 'GBP', '2020-04-06', '', 0),
			(31, 3, 'Carol ISA', 'ISA', 'ISA', 'EXT-31', '', 'ISA', 'ISA', 'Managed', 'GBP', 'GBP', 'GBP', '2020-04-06', '', 0)`,
		`INSERT INTO doc_category (id, firm_id, name, important) VALUES (1, 1, 'Important', 1), (2, 1, 'General', 0), (3, 2, 'Important', 1)`,
		`INSERT INTO doc_type (firm_id, code, name) VALUES (1, 'LETTER', 'Letter'), (1, 'MESSAGE', 'Secure message'), (1, 'TAX', 'Tax certificate')`,
	} {
		testdb.MustExec(t, db, q)
	}
	insert := `INSERT INTO docnote (id, firm_id, entity_id, subject, body, created_at, reference_date, docsubtype, doctype,
		category_id, is_client_access_accessible, sender, sender_entity_id, firstread) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	for i := 1; i <= 45; i++ {
		subtype, sender, senderID := "Secure Message", "adviser", int64(100)
		if i%5 == 0 {
			subtype, sender, senderID = "Client Initiated", "client", 1001
		}
		var category, read any
		if i%7 == 0 {
			category = 1
		}
		if i%3 != 0 {
			read = store.FormatTime(docDate(i).Add(time.Hour))
		}
		doctype := "MESSAGE"
		switch {
		case i%11 == 0:
			doctype = "TAX"
		case i%2 == 0:
			doctype = "LETTER"
		}
		created := docDate(i)
		testdb.MustExec(t, db, insert, i, 1, 1001, fmt.Sprintf("Document %02d", i), fmt.Sprintf("<p>Body %d</p>", i),
			store.FormatTime(created), created.Format("2006-01-02"), subtype, doctype, category, 1, sender, senderID, read)
	}
	created := store.FormatTime(docDate(50))
	testdb.MustExec(t, db, insert, 46, 1, 1001, "File note", "<p>Adviser only</p>", created, "2026-02-20", "Document", "LETTER", nil, 0, "adviser", 100, nil)
	testdb.MustExec(t, db, insert, 47, 1, 1002, "Bob's letter", "<p>For Bob</p>", created, "2026-02-20", "Document", "LETTER", nil, 1, "adviser", 100, nil)
	testdb.MustExec(t, db, insert, 48, 1, 1003, "Carol's letter", "<p>For Carol</p>", created, "2026-02-20", "Document", "LETTER", nil, 1, "adviser", 101, nil)
	testdb.MustExec(t, db, insert, 49, 2, 2001, "Grace's letter", "<p>For Grace</p>", created, "2026-02-20", "Document", "LETTER", nil, 1, "adviser", 200, nil)
	testdb.MustExec(t, db, `INSERT INTO docnote_attachment (id, docnote_id, filename, content_type, size, created_at) VALUES (1, 2, 'Letter.pdf', 'application/pdf', ?, ?)`,
		len(pdfBytes), store.FormatTime(docDate(2)))
	testdb.MustExec(t, db, `INSERT INTO docnote_file (attachment_id, content) VALUES (1, ?)`, pdfBytes)
	testdb.MustExec(t, db, `INSERT INTO docnote_attachment (id, docnote_id, filename, content_type, size, created_at) VALUES (2, 48, 'Carol.pdf', 'application/pdf', ?, ?)`,
		len(pdfBytes), store.FormatTime(docDate(2)))
	testdb.MustExec(t, db, `INSERT INTO docnote_file (attachment_id, content) VALUES (2, ?)`, pdfBytes)
	testdb.MustExec(t, db, `INSERT INTO docnote_account (docnote_id, account_id) VALUES (2, 11)`)
	for i, u := range []struct {
		name, role string
		entity     int64
	}{
		{"alice", "ClientUser", 1001}, {"bob", "ClientUser", 1002}, {"carol", "ClientUser", 1003}, {"grace", "ClientUser", 2001},
		{"ann", "User", 100}, {"ben", "User", 101}, {"cat", "User", 200},
	} {
		testdb.MustExec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, created_at) VALUES (?, ?, ?, ?, ?, '2026-01-01T00:00:00Z')`,
			i+1, u.name, hash, u.role, u.entity)
	}
	if err := db.SyncIdentities(context.Background(), db); err != nil {
		t.Fatal(err)
	}
}

// login starts a platform session and keeps its cookie.
func (f *fixture) login(t testing.TB, user string) *http.Cookie {
	t.Helper()
	return f.sessions.Login(t, user)
}

// inContext logs the adviser in with clientID in context (0: none).
func (f *fixture) inContext(t testing.TB, adviser string, clientID int64) string {
	t.Helper()
	key := fmt.Sprintf("%s@%d", adviser, clientID)
	if _, ok := f.sessions.Cookie(key); !ok {
		// A session of its own: the adviser's plain one keeps no client in context.
		f.sessions.Forget(adviser)
		c := f.login(t, adviser)
		f.sessions.Forget(adviser)
		if err := f.svc.SetClientInContext(context.Background(), c.Value, clientID); err != nil {
			t.Fatal(err)
		}
		f.sessions.Keep(key, c)
	}
	return key
}

type answer struct {
	code   int
	raw    string
	header http.Header
}

func (a answer) decode(t testing.TB, into any) {
	t.Helper()
	if err := json.Unmarshal([]byte(a.raw), into); err != nil {
		t.Fatalf("%v in %s", err, a.raw)
	}
}

func (f *fixture) do(t testing.TB, user, method, path, contentType string, body io.Reader) answer {
	t.Helper()
	req := httptest.NewRequest(method, "/resourceful/"+strings.TrimPrefix(path, "/"), body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.AddCookie(f.login(t, user))
	rec := httptest.NewRecorder()
	f.engine.ServeHTTP(rec, req)
	return answer{rec.Code, rec.Body.String(), rec.Header()}
}

func (f *fixture) get(t testing.TB, user, path string) answer {
	return f.do(t, user, http.MethodGet, path, "", nil)
}

func (f *fixture) postJSON(t testing.TB, user, path string, body any) answer {
	var rd io.Reader
	switch b := body.(type) {
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	return f.do(t, user, http.MethodPost, path, "application/json", rd)
}

// upload posts one file as the multipart part "file".
func (f *fixture) upload(t testing.TB, user string, docID int64, name string, content []byte) answer {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(content)
	w.Close()
	return f.do(t, user, http.MethodPost, fmt.Sprintf("docnote-v2/%d/attachment-v3", docID), w.FormDataContentType(), &buf)
}

// list gets a list and decodes it.
func (f *fixture) list(t testing.TB, user, query string) []map[string]any {
	t.Helper()
	a := f.get(t, user, "docnote-v2?"+query)
	if a.code != http.StatusOK {
		t.Fatalf("list %s as %s: %d %s", query, user, a.code, a.raw)
	}
	var out []map[string]any
	a.decode(t, &out)
	return out
}

// count is the number of rows a query counts.
func (f *fixture) count(t testing.TB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := f.db.QueryRow(f.db.Rebind(query), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func ids(items []map[string]any) []int {
	out := make([]int, len(items))
	for i, it := range items {
		out[i] = int(it["id"].(float64))
	}
	return out
}

// notFoundBody is the answer to a missing resource, which a foreign one must match exactly.
const notFoundBody = `{"user_message":"The requested item was not found.","api_message":"Resource Not Found"}`
