package messages_test

import (
	"net/http"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Another client's messages, documents, attachments and files answer exactly like missing
// ones, for every call of the module; so do documents the client may not see.
func TestForeignDocumentsAnswerLikeMissingOnes(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, c := range []struct{ user, method, path string }{
			// Carol's document 48 and its attachment 2, asked by Alice.
			{"alice", http.MethodGet, "docnote-v2/48"},
			{"alice", http.MethodGet, "docnote-v2/48/body"},
			{"alice", http.MethodGet, "docnote-v2/48/attachment-v4"},
			{"alice", http.MethodGet, "docnote-v2/48/attachment-v4/2"},
			{"alice", http.MethodGet, "docnote/files/48/2/Carol.pdf"},
			{"alice", http.MethodPost, "docnote-v2/48/firstread"},
			// Carol's attachment under Alice's own document.
			{"alice", http.MethodGet, "docnote-v2/2/attachment-v4/2"},
			{"alice", http.MethodGet, "docnote/files/2/2/Carol.pdf"},
			// Alice's own attachment under another name.
			{"alice", http.MethodGet, "docnote/files/2/1/Other.pdf"},
			// The file note Alice may not see, and ids that do not exist.
			{"alice", http.MethodGet, "docnote-v2/46"},
			{"alice", http.MethodGet, "docnote-v2/99999"},
			{"alice", http.MethodGet, "docnote-v2/x"},
			// Another firm's client.
			{"grace", http.MethodGet, "docnote-v2/2"},
			{"grace", http.MethodGet, "docnote/files/2/1/Letter.pdf"},
			// Bob is no viewer of Alice's documents (he holds no view_partner).
			{"bob", http.MethodGet, "docnote-v2/2"},
			{"bob", http.MethodGet, "docnote-v2?entity_ids.0=1001"},
			// Alice may see Bob's documents, not Carol's.
			{"alice", http.MethodGet, "docnote-v2?entity_ids.0=1003"},
		} {
			a := f.do(t, c.user, c.method, c.path, "", nil)
			if a.code != http.StatusNotFound || a.raw != notFoundBody {
				t.Errorf("%s %s as %s: %d %s, want the missing-resource 404", c.method, c.path, c.user, a.code, a.raw)
			}
		}
	})
}

// An adviser reads a client's messages only with that client in context, never another
// adviser's client's, and writes none of them (read receipts, uploads).
func TestAdviserReadsOnlyTheClientInContext(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		none := f.inContext(t, "ann", 0)
		for _, path := range []string{"docnote-v2", "docnote-v2/2", "docnote/files/2/1/Letter.pdf"} {
			a := f.get(t, none, path)
			if a.code != http.StatusForbidden || !containsMessage(a.raw, "I am not a clientUser and no client in context") {
				t.Errorf("%s with no client in context: %d %s", path, a.code, a.raw)
			}
		}
		alice := f.inContext(t, "ann", 1001)
		list := f.list(t, alice, "page_size=2")
		// The adviser also sees the file note (46, the newest), marked not visible to the client.
		if got := ids(list); len(got) != 2 || got[0] != 46 || got[1] != 45 || list[0]["is_client_access_accessible"] != false {
			t.Errorf("adviser's list: %v", list)
		}
		if a := f.get(t, alice, "docnote-v2/2"); a.code != http.StatusOK {
			t.Errorf("adviser reads the client's document: %d %s", a.code, a.raw)
		}
		for _, path := range []string{"docnote-v2/48", "docnote-v2?entity_ids.0=1003"} {
			if a := f.get(t, alice, path); a.code != http.StatusNotFound || a.raw != notFoundBody {
				t.Errorf("%s in Alice's context: %d %s", path, a.code, a.raw)
			}
		}
		if a := f.do(t, alice, http.MethodPost, "docnote-v2/3/firstread", "", nil); a.code != http.StatusForbidden {
			t.Errorf("adviser read receipt: %d %s", a.code, a.raw)
		}
		if a := f.upload(t, alice, 5, "a.pdf", pdfBytes); a.code != http.StatusForbidden {
			t.Errorf("adviser upload: %d %s", a.code, a.raw)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM docnote WHERE firstread IS NOT NULL AND id = 3`); n != 0 {
			t.Error("the adviser's look marked the message read")
		}
		// Ben cannot put Ann's client in context; Cat is in another firm.
		for _, c := range []struct {
			adviser string
			client  int64
		}{{"ben", 1001}, {"cat", 1001}} {
			if a := f.get(t, f.inContext(t, c.adviser, c.client), "docnote-v2/2"); a.code != http.StatusNotFound || a.raw != notFoundBody {
				t.Errorf("%s with %d in context: %d %s", c.adviser, c.client, a.code, a.raw)
			}
		}
	})
}

// A document's detail, body, attachments and file; categories and types.
func TestDocumentDetail(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var doc map[string]any
		f.get(t, "alice", "docnote-v2/2").decode(t, &doc)
		if doc["documentBody"] != "<p>Body 2</p>" || doc["subject"] != "Document 02" || doc["created_date"] != "2026-01-03T09:00:00Z" ||
			doc["has_been_seen"] != true || doc["docsubtype"] != "Secure Message" || doc["doctype"] != "LETTER" || doc["complete"] != true {
			t.Errorf("detail: %v", doc)
		}
		parts := doc["documentAttachments"].([]any)
		if len(parts) != 1 {
			t.Fatalf("attachments: %v", parts)
		}
		p := parts[0].(map[string]any)
		if p["docpartid"] != 1.0 || p["filename"] != "Letter.pdf" || p["content_type"] != "application/pdf" || p["size"] != float64(len(pdfBytes)) {
			t.Errorf("attachment: %v", p)
		}
		if acc := doc["accounts"].([]any); len(acc) != 1 || acc[0] != 11.0 {
			t.Errorf("accounts: %v", acc)
		}
		var body map[string]any
		f.get(t, "alice", "docnote-v2/2/body").decode(t, &body)
		if body["body"] != "<p>Body 2</p>" {
			t.Errorf("body: %v", body)
		}
		if a := f.get(t, "alice", "docnote-v2/2/attachment-v4/1"); a.code != http.StatusOK || !stringsContains(a.raw, `"filename":"Letter.pdf"`) {
			t.Errorf("one attachment: %d %s", a.code, a.raw)
		}
		file := f.get(t, "alice", "docnote/files/2/1/Letter.pdf")
		if file.code != http.StatusOK || file.raw != string(pdfBytes) {
			t.Fatalf("file: %d %q", file.code, file.raw)
		}
		for k, want := range map[string]string{
			"Content-Disposition": `attachment; filename="Letter.pdf"`, "X-Content-Type-Options": "nosniff",
			"Cache-Control": "private, no-store", "Content-Type": "application/pdf",
		} {
			if got := file.header.Get(k); got != want {
				t.Errorf("%s: %q, want %q", k, got, want)
			}
		}
		if a := f.get(t, "alice", "docnote-v2/category"); a.raw != `[{"category_id":1,"important":true,"name":"Important"},{"category_id":2,"important":false,"name":"General"}]` {
			t.Errorf("categories: %s", a.raw)
		}
		if a := f.get(t, "alice", "docnote-v2/doctype"); a.raw != `[{"code":"LETTER","name":"Letter"},{"code":"MESSAGE","name":"Secure message"},{"code":"TAX","name":"Tax certificate"}]` {
			t.Errorf("doctypes: %s", a.raw)
		}
	})
}

// The read receipt: the first one sets firstread (the clock's time), later ones change
// nothing, and the message leaves the unread count.
func TestFirstRead(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for range 2 {
			var doc map[string]any
			a := f.do(t, "alice", http.MethodPost, "docnote-v2/3/firstread", "", nil)
			a.decode(t, &doc)
			if a.code != http.StatusOK || doc["has_been_seen"] != true || doc["session_info"].(map[string]any)["firstread"] != "2026-11-22T09:00:00Z" {
				t.Fatalf("firstread: %d %s", a.code, a.raw)
			}
		}
		// Document 1 was read an hour after it arrived: a receipt now does not move that.
		var doc map[string]any
		f.do(t, "alice", http.MethodPost, "docnote-v2/1/firstread", "", nil).decode(t, &doc)
		if doc["session_info"].(map[string]any)["firstread"] != "2026-01-02T10:00:00Z" {
			t.Errorf("an earlier receipt moved: %v", doc["session_info"])
		}
		unread := ids(f.list(t, "alice", "page_size=21&firstread.include_read_notes=false"))
		if len(unread) != 14 || unread[len(unread)-1] != 6 {
			t.Errorf("unread after reading 3: %v", unread)
		}
	})
}
