package messages_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// newMessage creates a message of Alice announcing n attachments and returns its id.
func (f *fixture) newMessage(t *testing.T, n int) int64 {
	t.Helper()
	var doc map[string]any
	a := f.postJSON(t, "alice", "docnote-v2", map[string]any{"subject": "Documents", "body": "See attached", "attachment_count": n})
	if a.code != http.StatusOK {
		t.Fatalf("create: %d %s", a.code, a.raw)
	}
	a.decode(t, &doc)
	return int64(doc["id"].(float64))
}

func zipOf(t *testing.T, name, content string) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	f, err := w.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte(content))
	w.Close()
	return buf.Bytes()
}

// Each check of spec 3 §5 on the server, in the contract's order, with nothing stored when a
// file is refused; the message stays incomplete until its announced attachments arrived.
func TestUploadChecks(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		id := f.newMessage(t, 2)
		exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00"), bytes.Repeat([]byte{0}, 200)...)
		big := append(append([]byte{}, pdfBytes...), bytes.Repeat([]byte(" "), 10_000_001-len(pdfBytes))...)
		for _, c := range []struct {
			name    string
			file    string
			content []byte
			msg     string
		}{
			{"empty", "empty.pdf", nil, "File is empty, please remove."},
			{"oversize", "big.pdf", big, "File is too large, please remove."},
			{"oversize and blocked", "big.exe", big, "File type not allowed and file is too large, please remove."},
			{"blocked extension", "setup.EXE", exe, "File type not allowed, please remove."},
			{"blocked extension, harmless content", "notes.js", []byte("hello"), "File type not allowed, please remove."},
			{"zip", "archive.ZIP", zipOf(t, "a.txt", "hi"), "File type not allowed, please remove."},
			{"executable renamed", "statement.pdf", exe, "File type not allowed, please remove."},
			{"executable with an unknown extension", "photo.dat", exe, "File type not allowed, please remove."},
			{"ELF renamed", "report.txt", append([]byte("\x7fELF\x02\x01\x01"), bytes.Repeat([]byte{0}, 100)...), "File type not allowed, please remove."},
			{"Mach-O renamed", "report.doc", append([]byte{0xcf, 0xfa, 0xed, 0xfe}, bytes.Repeat([]byte{0}, 100)...), "File type not allowed, please remove."},
			{"script renamed", "notes.txt", []byte("#!/bin/sh\nrm -rf /\n"), "File type not allowed, please remove."},
			{"archive renamed", "scan.jpg", zipOf(t, "a.exe", "MZ"), "File type not allowed, please remove."},
			{"archive under an unknown name", "backup.dat", zipOf(t, "a.txt", "hi"), "File type not allowed, please remove."},
			{"text that is not a PDF", "statement.pdf", []byte("just some text"), "File type not allowed, please remove."},
		} {
			a := f.upload(t, "alice", id, c.file, c.content)
			if a.code != http.StatusBadRequest || !containsMessage(a.raw, c.msg) {
				t.Errorf("%s: %d %s, want 400 %q", c.name, a.code, a.raw, c.msg)
			}
		}
		if n := f.count(t, `SELECT COUNT(*) FROM docnote_attachment WHERE docnote_id = ?`, id); n != 0 {
			t.Fatalf("%d attachments stored by refused uploads", n)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM docnote_file`); n != 2 {
			t.Fatalf("%d files stored, want the fixture's 2", n)
		}
		var doc map[string]any
		f.get(t, "alice", fmt.Sprintf("docnote-v2/%d", id)).decode(t, &doc)
		if doc["complete"] != false {
			t.Errorf("a message with none of its 2 attachments is complete")
		}

		// A PDF, then a plain text file: the message is complete after the second.
		a := f.upload(t, "alice", id, "Passport scan.pdf", pdfBytes)
		if a.code != http.StatusOK || !strings.Contains(a.raw, `"content_type":"application/pdf"`) || !strings.Contains(a.raw, `"filename":"Passport scan.pdf"`) {
			t.Fatalf("pdf: %d %s", a.code, a.raw)
		}
		f.get(t, "alice", fmt.Sprintf("docnote-v2/%d", id)).decode(t, &doc)
		if doc["complete"] != false {
			t.Errorf("complete after 1 of 2")
		}
		if a := f.upload(t, "alice", id, "notes.txt", []byte("Account numbers are in the letter.")); a.code != http.StatusOK {
			t.Fatalf("txt: %d %s", a.code, a.raw)
		}
		f.get(t, "alice", fmt.Sprintf("docnote-v2/%d", id)).decode(t, &doc)
		if doc["complete"] != true || len(doc["attachments"].([]any)) != 2 {
			t.Errorf("after both: %v", doc)
		}
		// Once complete, nothing more is taken.
		if a := f.upload(t, "alice", id, "more.txt", []byte("more")); a.code != http.StatusBadRequest {
			t.Errorf("a third file on a message of 2: %d %s", a.code, a.raw)
		}
		// The file comes back as it was sent.
		part := int(doc["attachments"].([]any)[0].(map[string]any)["docpartid"].(float64))
		file := f.get(t, "alice", fmt.Sprintf("docnote/files/%d/%d/Passport%%20scan.pdf", id, part))
		if file.code != http.StatusOK || file.raw != string(pdfBytes) {
			t.Errorf("download: %d %q", file.code, file.raw)
		}
		// Uploads go only to one's own incomplete message: not to the adviser's, not to a
		// partner's, not to another client's.
		for _, c := range []struct {
			user string
			doc  int64
			code int
		}{{"alice", 1, http.StatusForbidden}, {"alice", 47, http.StatusForbidden}, {"carol", id, http.StatusNotFound}, {"grace", id, http.StatusNotFound}} {
			if a := f.upload(t, c.user, c.doc, "a.txt", []byte("x")); a.code != c.code {
				t.Errorf("%s to %d: %d %s, want %d", c.user, c.doc, a.code, a.raw, c.code)
			}
		}
	})
}

// At most 5 attachments on a message.
func TestUploadAtMostFive(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		id := f.newMessage(t, 5)
		for i := range 5 {
			if a := f.upload(t, "alice", id, fmt.Sprintf("page %d.pdf", i+1), pdfBytes); a.code != http.StatusOK {
				t.Fatalf("file %d: %d %s", i+1, a.code, a.raw)
			}
		}
		if a := f.upload(t, "alice", id, "page 6.pdf", pdfBytes); a.code != http.StatusBadRequest || !containsMessage(a.raw, "You can upload a maximum of 5 attachments.") {
			t.Errorf("sixth: %d %s", a.code, a.raw)
		}
		if n := f.count(t, `SELECT COUNT(*) FROM docnote_attachment WHERE docnote_id = ?`, id); n != 5 {
			t.Errorf("%d stored, want 5", n)
		}
	})
}

// Sniff: what a renamed file is, whatever its name says.
func TestSniff(t *testing.T) {
	for _, c := range []struct {
		name    string
		content []byte
		want    string // "" refused
	}{
		{"a.pdf", pdfBytes, "application/pdf"},
		{"a.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "image/png"},
		{"a.txt", []byte("hello"), "text/plain; charset=utf-8"},
		{"a.csv", []byte("a,b\n1,2\n"), "text/csv"},
		{"unknown.dat", []byte("hello"), "text/plain; charset=utf-8"},
		{"a.png", pdfBytes, ""},
		{"a.pdf", []byte("MZ"), ""},
		{"a.txt", []byte("#!/usr/bin/env python\n"), ""},
		{"a.docx", []byte("PK\x03\x04not really a document"), ""},
	} {
		got, ok := messages.Sniff(c.name, c.content)
		if (c.want == "") == ok || (ok && got != c.want) {
			t.Errorf("Sniff(%s, %q) = %q %v, want %q", c.name, c.content[:min(len(c.content), 8)], got, ok, c.want)
		}
	}
}

// Content-Disposition: quoted plain names; the exact name in filename* otherwise.
func TestContentDisposition(t *testing.T) {
	for in, want := range map[string]string{
		"Letter.pdf":       `attachment; filename="Letter.pdf"`,
		`Re "quote".pdf`:   `attachment; filename="Re _quote_.pdf"; filename*=UTF-8''Re%20%22quote%22.pdf`,
		"Déclaration.pdf":  `attachment; filename="D_claration.pdf"; filename*=UTF-8''D%C3%A9claration.pdf`,
		"it's £5 plan.pdf": `attachment; filename="it's _5 plan.pdf"; filename*=UTF-8''it%27s%20%C2%A35%20plan.pdf`,
	} {
		if got := messages.ContentDisposition(in); got != want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
	}
}
