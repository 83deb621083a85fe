package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// multipartFile is a multipart body with one part "file"; its content is a PDF header then
// size-len(header) spaces.
func multipartFile(t *testing.T, name string, size int) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	head := "%PDF-1.4\n"
	part.Write([]byte(head))
	part.Write(bytes.Repeat([]byte(" "), size-len(head)))
	w.Close()
	return &buf, w.FormDataContentType()
}

// endlessMultipart is a multipart file part that never ends, counting what the server reads.
type endlessMultipart struct {
	head []byte
	read int64
}

func (b *endlessMultipart) Read(p []byte) (int, error) {
	n := copy(p, b.head)
	b.head = b.head[n:]
	for i := n; i < len(p); i++ {
		p[i] = ' '
	}
	b.read += int64(len(p))
	return len(p), nil
}

// A client's message with an attachment larger than any other call may send goes through the
// BFF to the platform as a stream (embedded and remote), and comes back with the download
// headers; a body past the attachment's limit is cut off there, read no further.
func TestMessageAttachmentStreamsThroughTheBFF(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		eachPlatformMode(t, d, func(t *testing.T, h *harness) {
			client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
			created := h.do(http.MethodPost, "/xplanapi/docnote-v2", `{"subject":"Passport","body":"<p>Attached</p>","attachment_count":1}`, client)
			if created.code != http.StatusOK || created.body["complete"] != false {
				t.Fatalf("create: %d %s", created.code, created.raw)
			}
			id := int(created.body["id"].(float64))
			// 3 MB: three times the BFF's limit for other calls, twelve times the portal's default.
			const size = 3_000_000
			body, contentType := multipartFile(t, "Passport scan.pdf", size)
			req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/xplanapi/docnote-v2/%d/attachment-v3", id), body)
			req.Header.Set("Content-Type", contentType)
			for _, c := range client {
				req.AddCookie(c)
			}
			up := h.serve(req)
			if up.code != http.StatusOK || up.body["size"] != float64(size) || up.body["content_type"] != "application/pdf" {
				t.Fatalf("upload: %d %s", up.code, up.raw)
			}
			part := int(up.body["docpartid"].(float64))
			file := h.do(http.MethodGet, fmt.Sprintf("/xplanapi/docnote/files/%d/%d/Passport%%20scan.pdf", id, part), "", client)
			if file.code != http.StatusOK || len(file.raw) != size || !strings.HasPrefix(file.raw, "%PDF-1.4") {
				t.Fatalf("download: %d, %d bytes", file.code, len(file.raw))
			}
			for k, want := range map[string]string{
				"Content-Disposition": `attachment; filename="Passport scan.pdf"`, "X-Content-Type-Options": "nosniff",
				"Cache-Control": "private, no-store", "Content-Type": "application/pdf",
			} {
				if got := file.header.Get(k); got != want {
					t.Errorf("%s: %q, want %q", k, got, want)
				}
			}
			if a := h.do(http.MethodGet, fmt.Sprintf("/xplanapi/docnote-v2/%d", id), "", client); a.body["complete"] != true {
				t.Errorf("after its attachment the message is not complete: %s", a.raw)
			}

			// A second message, and a body that never ends: the BFF reads at most the
			// attachment limit (plus one buffer), and nothing is stored.
			second := h.do(http.MethodPost, "/xplanapi/docnote-v2", `{"subject":"More","body":"x","attachment_count":1}`, client)
			secondID := int(second.body["id"].(float64))
			var head bytes.Buffer
			w := multipart.NewWriter(&head)
			if _, err := w.CreateFormFile("file", "huge.pdf"); err != nil {
				t.Fatal(err)
			}
			endless := &endlessMultipart{head: append(head.Bytes(), "%PDF-1.4\n"...)}
			req = httptest.NewRequest(http.MethodPost, fmt.Sprintf("/xplanapi/docnote-v2/%d/attachment-v3", secondID), io.LimitReader(endless, 100<<20))
			req.Header.Set("Content-Type", w.FormDataContentType())
			req.ContentLength = -1
			for _, c := range client {
				req.AddCookie(c)
			}
			big := h.serve(req)
			if (big.code != http.StatusRequestEntityTooLarge && big.code != http.StatusBadRequest) || !strings.Contains(strings.ToLower(big.raw), "too large") {
				t.Errorf("endless upload: %d %s", big.code, big.raw)
			}
			if max := int64(messages.MaxUploadRequest + 2*slack); endless.read > max {
				t.Errorf("the portal read %d bytes of an endless upload, want at most %d", endless.read, max)
			}
			var n int
			if err := h.platformDB.QueryRow(h.platformDB.Rebind(`SELECT COUNT(*) FROM docnote_attachment WHERE docnote_id = ?`), secondID).Scan(&n); err != nil || n != 0 {
				t.Errorf("%d attachments stored from the endless upload (%v)", n, err)
			}
			// A declared length over the limit is refused unread.
			req = httptest.NewRequest(http.MethodPost, fmt.Sprintf("/xplanapi/docnote-v2/%d/attachment-v3", secondID), &endlessMultipart{})
			req.Header.Set("Content-Type", w.FormDataContentType())
			req.ContentLength = messages.MaxUploadRequest + 1
			for _, c := range client {
				req.AddCookie(c)
			}
			if a := h.serve(req); a.code != http.StatusRequestEntityTooLarge {
				t.Errorf("declared too large: %d %s", a.code, a.raw)
			}
			// Other calls keep their limits: a message body of 2 MB is refused by the BFF.
			if a := h.do(http.MethodPost, "/xplanapi/docnote-v2", `{"subject":"x","body":"`+strings.Repeat("b", 2<<20)+`"}`, client); a.code != http.StatusRequestEntityTooLarge {
				t.Errorf("a 2 MB message: %d", a.code)
			}
		})
	})
}

// An adviser with the client in context reads the client's messages (each look audited) and
// writes none: no message, read receipt, upload or notification; without a client in context,
// nothing.
func TestAdviserInContextReadsMessagesOnly(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		h := newCtxHarnessOn(t, d, false)
		eleanor := h.entityOf("demo.client")
		oliver, _ := loginAs(h.harness, "demo.adviser@client", "DemoAdviser#2026")
		if a := h.do(http.MethodGet, "/xplanapi/docnote-v2", "", oliver); a.code != http.StatusForbidden || a.body["api_message"] != "I am not a clientUser and no client in context" {
			t.Errorf("no client in context: %d %s", a.code, a.raw)
		}
		h.mustOpen(oliver, eleanor, "")
		list := h.do(http.MethodGet, "/xplanapi/docnote-v2?page_size=50", "", oliver)
		if list.code != http.StatusOK || !strings.Contains(list.raw, `"is_client_access_accessible":false`) {
			t.Fatalf("adviser's list: %d %s", list.code, list.raw)
		}
		doc := h.ids(`SELECT id FROM docnote WHERE entity_id = ? AND firstread IS NULL AND is_client_access_accessible = 1 ORDER BY id`, eleanor)[0]
		if a := h.do(http.MethodGet, fmt.Sprintf("/xplanapi/docnote-v2/%d", doc), "", oliver); a.code != http.StatusOK {
			t.Errorf("adviser reads a message: %d %s", a.code, a.raw)
		}
		for _, c := range []struct{ path, body string }{
			{"/xplanapi/docnote-v2", `{"subject":"x","body":"y"}`},
			{fmt.Sprintf("/xplanapi/docnote-v2/%d/firstread", doc), `{}`},
			{fmt.Sprintf("/xplanapi/docnote-v2/%d/attachment-v3", doc), ""},
			{"/xplanapi/email/email", fmt.Sprintf(`{"docnote_id":%d}`, doc)},
		} {
			if a := h.do(http.MethodPost, c.path, c.body, oliver); a.code != http.StatusForbidden {
				t.Errorf("POST %s in context: %d %s", c.path, a.code, a.raw)
			}
		}
		if n := len(h.ids(`SELECT id FROM docnote WHERE id = ? AND firstread IS NULL`, doc)); n != 1 {
			t.Error("the adviser's look marked the message read")
		}
		rows := strings.Join(h.auditRows(eleanor), "\n")
		for _, want := range []string{"view GET docnote-v2", "view GET docnote-v2/{id}"} {
			if !strings.Contains(rows, want) {
				t.Errorf("audit trail lacks %q:\n%s", want, rows)
			}
		}
	})
}

// With one-way messaging in the firm's site configuration, a client reads but sends nothing.
func TestOneWayMessagingRefusesClientWrites(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "web", "public", "site-config.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(raw, &cfg); err != nil {
		t.Fatal(err)
	}
	cfg["settings"].(map[string]any)["documents"] = map[string]any{"oneWayMessaging": true}
	edited, _ := json.Marshal(cfg)
	client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
	before := h.do(http.MethodPost, "/xplanapi/docnote-v2", `{"subject":"Before","body":"x"}`, client)
	if before.code != http.StatusOK {
		t.Fatalf("two-way: %d %s", before.code, before.raw)
	}
	if err := os.WriteFile(filepath.Join(h.app.Config.DataDir, "site-config.json"), edited, 0o600); err != nil {
		t.Fatal(err)
	}
	if a := h.do(http.MethodPost, "/xplanapi/docnote-v2", `{"subject":"After","body":"x"}`, client); a.code != http.StatusForbidden {
		t.Errorf("one-way: %d %s", a.code, a.raw)
	}
	if a := h.do(http.MethodGet, "/xplanapi/docnote-v2", "", client); a.code != http.StatusOK {
		t.Errorf("one-way read: %d %s", a.code, a.raw)
	}
	// Nor in a batch.
	h.do(http.MethodPost, "/xplanapi/", `{"batch":[{"method":"POST","url":"docnote-v2","body":{"subject":"In a batch","body":"x"}}]}`, client)
	var n int
	if err := h.platformDB.QueryRow(`SELECT COUNT(*) FROM docnote WHERE subject IN ('After', 'In a batch')`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d messages sent under one-way messaging (%v)", n, err)
	}
}
