package signatures_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"

	"wealthportal/backend/internal/signatures"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestGenerateCodeSendsASixDigitCodeToTheRegisteredPhone(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		f.generate(t, "alice", 10, 70)
		msgs := f.out.all()
		if len(msgs) != 1 || msgs[0].channel != "sms" || msgs[0].to != "+44 7700 900417" {
			t.Fatalf("sent %v, want one SMS to Alice's registered phone", msgs)
		}
		f.out.lastCode(t)
	})
}

func TestCodeIsKeptOnlyAsAHash(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		f.generate(t, "alice", 10, 70)
		code := f.out.lastCode(t)
		rows, err := db.Query(`SELECT * FROM signature_code`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		n := 0
		for rows.Next() {
			n++
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			plain := sha256.Sum256([]byte(code))
			for i, v := range vals {
				s := fmt.Sprint(v)
				if b, ok := v.([]byte); ok {
					s = string(b) + hex.EncodeToString(b)
					if bytes.Equal(b, plain[:]) {
						t.Errorf("%s is the unsalted SHA-256 of the code", cols[i])
					}
				}
				if strings.Contains(s, code) {
					t.Errorf("column %s holds the code", cols[i])
				}
			}
		}
		if n != 1 {
			t.Fatalf("%d code rows, want 1", n)
		}
	})
}

func TestInvalidPhoneSendsNothing(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		if msg := f.apiMessage(t, "dora", http.MethodPost, path(13, 74, "generate_code"), map[string]any{}, 400); msg != "Invalid phone number" {
			t.Errorf("api_message %q", msg)
		}
		if n := len(f.out.all()); n != 0 {
			t.Errorf("%d messages sent", n)
		}
	})
}

func TestFiveWrongCodesKillTheCode(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		sd := f.generate(t, "alice", 10, 70)
		code := f.out.lastCode(t)
		for try := 1; try <= 4; try++ {
			if msg := f.apiMessage(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, wrongCode(code)), 400); msg != "OTP does not match" {
				t.Fatalf("wrong try %d: %q", try, msg)
			}
		}
		if msg := f.apiMessage(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, wrongCode(code)), 400); msg != "Too many incorrect OTP attempts" {
			t.Fatalf("fifth wrong try: %q", msg)
		}
		// The code is dead: even the right one is refused now.
		if msg := f.apiMessage(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, code), 400); msg != "Too many incorrect OTP attempts" {
			t.Fatalf("right code after five wrong: %q", msg)
		}
		// A new code starts again.
		sd = f.generate(t, "alice", 10, 70)
		var out map[string]any
		f.ok(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, f.out.lastCode(t)), &out)
		if out["status"] != float64(1) {
			t.Errorf("status %v, want 1 (signed)", out["status"])
		}
	})
}

func TestCodeExpiresAfterTenMinutes(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		sd := f.generate(t, "alice", 10, 70)
		code := f.out.lastCode(t)
		f.clock.Add(10 * time.Minute)
		if msg := f.apiMessage(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, code), 400); msg != "OTP code has expired" {
			t.Fatalf("at 10 minutes: %q", msg)
		}
		sd = f.generate(t, "alice", 10, 70)
		code = f.out.lastCode(t)
		f.clock.Add(10*time.Minute - time.Second)
		f.ok(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, code), nil)
	})
}

func TestANewCodeReplacesTheOld(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		first := f.generate(t, "alice", 10, 70)
		firstCode := f.out.lastCode(t)
		f.generate(t, "alice", 10, 70)
		if msg := f.apiMessage(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, first, firstCode), 400); msg != "OTP code has expired" {
			t.Fatalf("the replaced code: %q", msg)
		}
	})
}

func TestCodeIsSingleUse(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		sd := f.generate(t, "alice", 11, 71)
		code := f.out.lastCode(t)
		var out map[string]any
		f.ok(t, "alice", http.MethodPost, path(11, 71, "sign"), signBody(1, sd, code), &out)
		if out["status"] != float64(0) || out["signed_at"] != "2026-11-25T14:03:07Z" {
			t.Fatalf("first of two signatories: %v, want status 0 (part signed) at the clock's time", out)
		}
		if rec := f.call(t, "alice", http.MethodPost, path(11, 71, "sign"), signBody(2, sd, code)); rec.Code != 400 {
			t.Fatalf("the same code again: %d %s", rec.Code, rec.Body.String())
		}
		var used int
		if err := db.QueryRow(`SELECT COUNT(*) FROM signature_code WHERE signatory_id = 71 AND used_at IS NOT NULL`).Scan(&used); err != nil || used != 1 {
			t.Fatalf("used codes %d (%v), want 1", used, err)
		}
	})
}

func TestStatusRules(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		// Signed (12) and pending (15) requests cannot be signed; nothing is sent.
		for _, c := range []struct{ id, sid int }{{12, 73}, {15, 76}} {
			if msg := f.apiMessage(t, "alice", http.MethodPost, path(c.id, c.sid, "generate_code"), map[string]any{}, 400); msg != "This document is not awaiting your signature" {
				t.Errorf("request %d: %q", c.id, msg)
			}
		}
		if n := len(f.out.all()); n != 0 {
			t.Errorf("%d messages sent", n)
		}
		// Part signed: Alice has signed, so she cannot again; Bob, who has not, can.
		sd := f.generate(t, "alice", 11, 71)
		f.ok(t, "alice", http.MethodPost, path(11, 71, "sign"), signBody(1, sd, f.out.lastCode(t)), nil)
		if rec := f.call(t, "alice", http.MethodPost, path(11, 71, "generate_code"), map[string]any{}); rec.Code != 400 {
			t.Errorf("Alice again: %d", rec.Code)
		}
		sd = f.generate(t, "bob", 11, 72)
		var out map[string]any
		f.ok(t, "bob", http.MethodPost, path(11, 72, "sign"), signBody(1, sd, f.out.lastCode(t)), &out)
		if out["status"] != float64(1) {
			t.Errorf("after both signed: status %v, want 1", out["status"])
		}
		var items []map[string]any
		f.ok(t, "bob", http.MethodGet, "digital_signature", nil, &items)
		if items[0]["status"] != float64(1) {
			t.Errorf("listed status %v, want 1", items[0]["status"])
		}
	})
}

func TestDeclineNeedsTheCode(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		sd := f.generate(t, "alice", 10, 70)
		code := f.out.lastCode(t)
		if msg := f.apiMessage(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(2, sd, wrongCode(code)), 400); msg != "OTP does not match" {
			t.Fatalf("decline with a wrong code: %q", msg)
		}
		var out map[string]any
		f.ok(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(2, sd, code), &out)
		if out["status"] != float64(2) {
			t.Fatalf("status %v, want 2 (declined)", out["status"])
		}
		// Declined: the PDF is unchanged, and no e-mail (firm 1 has no decline template).
		rec := f.call(t, "alice", http.MethodGet, "digital_signature/content/10/Suitability%20report%202026.pdf", nil)
		if !bytes.Equal(rec.Body.Bytes(), f.original) {
			t.Error("a declined document changed")
		}
		for _, m := range f.out.all() {
			if m.channel == "email" {
				t.Errorf("e-mail sent on decline: %v", m)
			}
		}
	})
}

func TestSigningAppendsASignaturePageAndKeepsIt(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		sd := f.generate(t, "alice", 10, 70)
		f.ok(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, f.out.lastCode(t)), nil)
		rec := f.call(t, "alice", http.MethodGet, "digital_signature/content/10/Suitability%20report%202026.pdf", nil)
		signed := rec.Body.Bytes()
		n, err := signatures.PageCount(signed)
		if err != nil || n != 3 {
			t.Fatalf("signed PDF: %d pages (%v), want the 2 pages and a signature page", n, err)
		}
		text := pageText(t, signed, 3)
		sum := sha256.Sum256(f.original)
		// 14:03:07 UTC on 25 November is 14:03:07 GMT in London (no summer time in November).
		for _, want := range []string{"Suitability report 2026.pdf", "Alice Archer", "25 November 2026 14:03:07 UTC",
			"25 November 2026 14:03:07 GMT (Europe/London)", "One-time security code sent by SMS to +44 *** *** 417", hex.EncodeToString(sum[:])} {
			if !strings.Contains(text, want) {
				t.Errorf("signature page lacks %q:\n%s", want, text)
			}
		}
		// The confirmation e-mail (firm 1 has a sign template) went to Alice.
		var mails []sent
		for _, m := range f.out.all() {
			if m.channel == "email" {
				mails = append(mails, m)
			}
		}
		if len(mails) != 1 || mails[0].to != "alice@example.com" {
			t.Errorf("e-mails %v, want one to Alice", mails)
		}
	})
}

func TestTwoSignaturesTwoPages(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		sd := f.generate(t, "alice", 11, 71)
		f.ok(t, "alice", http.MethodPost, path(11, 71, "sign"), signBody(1, sd, f.out.lastCode(t)), nil)
		f.clock.Add(time.Hour)
		sd = f.generate(t, "bob", 11, 72)
		f.ok(t, "bob", http.MethodPost, path(11, 72, "sign"), signBody(1, sd, f.out.lastCode(t)), nil)
		doc := f.call(t, "bob", http.MethodGet, "digital_signature/content/11/Joint%20letter.pdf", nil).Body.Bytes()
		if n, _ := signatures.PageCount(doc); n != 4 {
			t.Fatalf("%d pages, want 2 + one page per signature", n)
		}
		if text := pageText(t, doc, 4); !strings.Contains(text, "Bob Archer") || !strings.Contains(text, "15:03:07 UTC") {
			t.Errorf("second signature page:\n%s", text)
		}
	})
}

func TestSenderFailureKeepsNoCode(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		f.out.fail = true
		if rec := f.call(t, "alice", http.MethodPost, path(10, 70, "generate_code"), map[string]any{}); rec.Code != http.StatusBadGateway {
			t.Fatalf("%d %s, want 502", rec.Code, rec.Body.String())
		}
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM signature_code`).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d codes kept (%v), want none", n, err)
		}
	})
}

// pageText is the text shown on page n of doc: the string literals of its content stream, one
// a line, escapes undone and the core fonts' WinAnsi bullet (0x95) read back as •.
func pageText(t testing.TB, doc []byte, n int) string {
	t.Helper()
	var out strings.Builder
	err := api.ExtractContent(bytes.NewReader(doc), []string{fmt.Sprint(n)}, func(r io.Reader, _ int) error {
		b, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		depth := 0
		for i := 0; i < len(b); i++ {
			switch c := b[i]; {
			case depth == 0 && c == '(':
				depth = 1
			case depth == 0:
			case c == '\\' && i+3 < len(b) && b[i+1] >= '0' && b[i+1] <= '7':
				v := (b[i+1]-'0')*64 + (b[i+2]-'0')*8 + (b[i+3] - '0')
				i += 3
				writeWinAnsi(&out, v)
			case c == '\\' && i+1 < len(b):
				i++
				out.WriteByte(b[i])
			case c == ')':
				depth = 0
				out.WriteByte('\n')
			default:
				writeWinAnsi(&out, c)
			}
		}
		return nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func writeWinAnsi(out *strings.Builder, c byte) {
	if c == 0x95 {
		out.WriteString("•")
		return
	}
	out.WriteByte(c)
}

// Codes are kept as HMAC-SHA-256 under the server's secret: the same code, checked by a
// platform with another secret (a stolen table replayed elsewhere, or a secret rotated), does
// not match, while the platform with the secret it was made under accepts it.
func TestCodeMadeUnderAnotherSecretDoesNotValidate(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		sd := f.generate(t, "alice", 10, 70)
		code := f.out.lastCode(t)
		made := f.engine
		f.engine = f.engineWith(t, []byte("another-secret-of-32-bytes-long!"))
		if msg := f.apiMessage(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, code), 400); msg != "OTP does not match" {
			t.Fatalf("the right code under another secret: %q, want OTP does not match", msg)
		}
		f.engine = made
		f.ok(t, "alice", http.MethodPost, path(10, 70, "sign"), signBody(1, sd, code), nil)
	})
}
