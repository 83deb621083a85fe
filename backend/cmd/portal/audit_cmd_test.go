package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/clientcontext"
	"wealthportal/backend/internal/store"
)

// `portal audit` prints the trail as CSV on each dialect: a header row, then the rows from the
// --since day on, oldest first, of one adviser (any case) or one client when asked, with
// RFC 4180 quoting of a value holding a comma or a quote.
func TestAuditCommand(t *testing.T) {
	eachCommandStore(t, func(t *testing.T, db *store.DB, dir, url string) {
		ctx := context.Background()
		day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
		ev := func(at time.Time, adviser string, client int64, action, target string) clientcontext.Event {
			return clientcontext.Event{At: at, AdviserUserID: 7, AdviserUsername: adviser, ClientID: client, Action: action,
				Target: target, RemoteAddr: "203.0.113.9", RequestID: "r1"}
		}
		if err := (clientcontext.Store{DB: db}).Append(ctx, []clientcontext.Event{
			ev(day.Add(-time.Second), "oliver@client", 3, "open", "client-context Portfolio"), // the day before
			ev(day.Add(9*time.Hour), "oliver@client", 3, "view", `GET a "quoted", comma`),
			ev(day.Add(10*time.Hour), "sophie@client", 5, "open", "client-context Assets"),
			ev(day.Add(26*time.Hour), "Oliver@Client", 4, "download", "GET docnote/files/12/3/{name}"),
		}); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		run := func(args ...string) [][]string {
			t.Helper()
			out.Reset()
			args = append([]string{"audit", "--data-dir", dir, "--database-url", url}, args...)
			if err := dispatch(args, env(nil), &out, io.Discard); err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			records, err := csv.NewReader(strings.NewReader(out.String())).ReadAll()
			if err != nil {
				t.Fatalf("not CSV: %v\n%s", err, out.String())
			}
			if strings.Join(records[0], ",") != strings.Join(clientcontext.CSVHeader, ",") {
				t.Fatalf("header %v", records[0])
			}
			return records[1:]
		}
		targets := func(records [][]string) string {
			var s []string
			for _, r := range records {
				s = append(s, r[2]+" "+r[3]+" "+r[4])
			}
			return strings.Join(s, "|")
		}
		if got := targets(run("--since", "2026-11-22")); got != "oliver@client 3 view|sophie@client 5 open|Oliver@Client 4 download" {
			t.Errorf("since: %s", got)
		}
		all := run("--since", "2026-11-22", "--adviser", "OLIVER@client")
		if !strings.Contains(out.String(), `,"GET a ""quoted"", comma",`) {
			t.Errorf("not RFC 4180 quoted:\n%s", out.String())
		}
		if got := targets(all); got != "oliver@client 3 view|Oliver@Client 4 download" {
			t.Errorf("adviser: %s", got)
		}
		if want := []string{store.FormatTime(day.Add(9 * time.Hour)), "7", "oliver@client", "3", "view", `GET a "quoted", comma`, "203.0.113.9", "r1"}; strings.Join(all[0], "\x00") != strings.Join(want, "\x00") {
			t.Errorf("row %q, want %q", all[0], want)
		}
		if got := targets(run("--since", "2026-11-21", "--client", "3")); got != "oliver@client 3 open|oliver@client 3 view" {
			t.Errorf("client: %s", got)
		}
		if got := run("--since", "2026-11-24"); len(got) != 0 {
			t.Errorf("nothing after the last row: %v", got)
		}
		for _, bad := range [][]string{{"audit"}, {"audit", "--since", "22/11/2026"}, {"audit", "--since", "2026-11-22", "extra"}} {
			if err := dispatch(append(bad, "--data-dir", dir, "--database-url", url), env(nil), io.Discard, io.Discard); err == nil {
				t.Errorf("%v: no error", bad)
			}
		}
	})
}
