package bench

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// typedSearches are the client-list searches an adviser's web app sends while the adviser types
// (issue 14: results appear as they type, debounced): each prefix of a surname the name rule
// lets through (three characters or more, spec 3 §5), each prefix of a postcode, a date of
// birth (sent once it is a whole date) and the surname with the date of birth, all of one
// client of the adviser's book.
func typedSearches(surname, postcode, dob string) []string {
	var out []string
	for n := 3; n <= len(surname); n++ {
		out = append(out, surname[:n])
	}
	compact := strings.ReplaceAll(postcode, " ", "")
	for n := 1; n <= len(compact); n++ {
		out = append(out, "pcode:"+compact[:n])
	}
	d := strings.ReplaceAll(dob, "-", "")
	return append(out, "dob:"+d, surname+" dob:"+d)
}

// BenchmarkClientListSearchTyped: the adviser's client list as it is searched while typing
// (typedSearches), first page of 20 each. It reports the 95th percentile of one search's server
// time (p95-ms; issue 14 wants at most 30 ms on the 10,000-client firm) and the median (p50-ms).
func BenchmarkClientListSearchTyped(b *testing.B) {
	f := load(b)
	var postcode, dob string
	if err := f.db.QueryRow(`SELECT preferred_postcode, COALESCE(dob, '') FROM entity WHERE id = ?`, f.clientEntity).Scan(&postcode, &dob); err != nil {
		b.Fatal(err)
	}
	var targets []string
	for _, q := range typedSearches(f.surname, postcode, dob) {
		targets = append(targets, "/resourceful/entity/client-v3?"+url.Values{"quicksearch": {q}, "page_size": {"20"}}.Encode())
	}
	var took []time.Duration
	b.ResetTimer()
	for b.Loop() {
		for _, target := range targets {
			started := time.Now()
			f.get(b, target)
			took = append(took, time.Since(started))
		}
	}
	b.ReportMetric(percentile(took, 95).Seconds()*1000, "p95-ms")
	b.ReportMetric(percentile(took, 50).Seconds()*1000, "p50-ms")
}

// percentile is the nearest-rank p-th percentile of d.
func percentile(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	rank := (p*len(s) + 99) / 100 // ceil(p/100 · n), 1-based
	return s[max(rank, 1)-1]
}

// The nearest rank of the 95th percentile of 20 values is the 19th (ceil(0.95 · 20) = 19), of
// 1..100 ms the 95th value; of one value, that value.
func TestPercentile(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	var twenty, hundred []time.Duration
	for i := 20; i >= 1; i-- {
		twenty = append(twenty, ms(i))
	}
	for i := 1; i <= 100; i++ {
		hundred = append(hundred, ms(i))
	}
	for _, tc := range []struct {
		d    []time.Duration
		p    int
		want time.Duration
	}{{twenty, 95, ms(19)}, {twenty, 50, ms(10)}, {hundred, 95, ms(95)}, {[]time.Duration{ms(7)}, 95, ms(7)}, {nil, 95, 0}} {
		if got := percentile(tc.d, tc.p); got != tc.want {
			t.Errorf("p%d of %d values = %s, want %s", tc.p, len(tc.d), got, tc.want)
		}
	}
}

// An adviser typing "Lovelace", postcode "BS1 4DJ" and born 1990-12-10 sends the name from its
// third letter, every postcode prefix without spaces, then the date and the name with it.
func TestTypedSearches(t *testing.T) {
	got := typedSearches("Lovelace", "BS1 4DJ", "1990-12-10")
	want := []string{"Lov", "Love", "Lovel", "Lovela", "Lovelac", "Lovelace",
		"pcode:B", "pcode:BS", "pcode:BS1", "pcode:BS14", "pcode:BS14D", "pcode:BS14DJ",
		"dob:19901210", "Lovelace dob:19901210"}
	if !slices.Equal(got, want) {
		t.Errorf("typedSearches = %q\nwant %q", got, want)
	}
}
