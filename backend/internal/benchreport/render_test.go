package benchreport

import (
	"strings"
	"testing"
	"time"
)

// Both stores' runs of one benchmark land in one row, in their own columns; a benchmark run on
// one store only says "not run" in the other; issue 13's rows keep their order and slots.
func TestPageMarkdown(t *testing.T) {
	res, err := Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	p := Page{Clients: 10000, Count: 3, Benchtime: "20x", Bench: res,
		Machine: Machine{CPU: res.CPU, Cores: 2, Go: "go1.26.8", Date: time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC), LoadBefore: "1.00, 2.00, 3.00", LoadAfter: "4.00, 5.00, 6.00"},
		Issue13: []Row{{"first", "1 %", "ref", "≥ 50 %"}, {"second", "not measured yet", "—", "≤ 50 ms"}}}
	md := p.Markdown()
	for _, want := range []string{
		"on 2026-11-25: AMD EPYC 7763 64-Core Processor, 2 cores, go1.26.8",
		"1.00, 2.00, 3.00 when the run began and 4.00, 5.00, 6.00 when it ended",
		"| Profit analysis, one year, TWRR and IRR, all of a client's accounts | 14.9 / 15.1 / 16.0 ms | 29.8 / 30.2 / 31.0 ms |",
		"| Client-list search by surname, first page of 20 (an adviser's book) | 1.1 ms | not run |",
		"| first | 1 % | ref | ≥ 50 % |\n| second | not measured yet | — | ≤ 50 ms |",
		"min / median / max of 3 runs of 20 calls",
		"## Load run: several instances on one PostgreSQL\n\nNot run.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in\n%s", want, md)
		}
	}
}

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		250 * time.Microsecond:    "0.25",
		15100 * time.Microsecond:  "15.1",
		123456 * time.Microsecond: "123",
	} {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%s) = %s, want %s", d, got, want)
		}
	}
}
