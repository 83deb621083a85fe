package entities

import (
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func badRequestMessage(err error) string {
	var e *apierr.Error
	if errors.As(err, &e) && e.Status == 400 {
		return e.APIMessage
	}
	return ""
}

func TestParseQuicksearch(t *testing.T) {
	cases := []struct {
		in      string
		want    clientSearch
		wantErr string
	}{
		{in: "", want: clientSearch{}},
		{in: "  smith  ", want: clientSearch{Words: []string{"smith"}}},
		{in: "Anne-Marie O'Neil jr.", want: clientSearch{Words: []string{"Anne-Marie", "O'Neil", "jr."}}},
		{in: "Zoë Åström", want: clientSearch{Words: []string{"Zoë", "Åström"}}},
		{in: "smith pcode:sw1a 2aa", want: clientSearch{Words: []string{"smith"}, Postcode: "SW1A2AA"}},
		{in: "smith pcode:SW1A 2AA dob:19700314", want: clientSearch{Words: []string{"smith"}, Postcode: "SW1A2AA", DOB: "1970-03-14"}},
		{in: "dob:19700314 smith", want: clientSearch{Words: []string{"smith"}, DOB: "1970-03-14"}},
		{in: "PCODE:M1 DOB:20000229", want: clientSearch{Postcode: "M1", DOB: "2000-02-29"}},
		{in: "pcode: M1 1AE", want: clientSearch{Postcode: "M11AE"}},
		{in: "dob:19000229", wantErr: badDOBMessage}, // not a leap year
		{in: "dob:1970314", wantErr: badDOBMessage},
		{in: "dob:19701314", wantErr: badDOBMessage},
		{in: "dob:abcdefgh", wantErr: badDOBMessage},
		{in: "dob:1 9700314", wantErr: badDOBMessage},
		{in: "pcode:", wantErr: badPostcodeMessage},
		{in: "pcode:A1 pcode:B2", wantErr: badPostcodeMessage},
		{in: "pcode:SW1A/2AA", wantErr: badPostcodeMessage},
		{in: "smith;", wantErr: badNameMessage},
		{in: "50%", wantErr: badNameMessage},
		{in: "a:b", wantErr: badNameMessage},
	}
	for _, tc := range cases {
		got, err := parseQuicksearch(tc.in)
		if msg := badRequestMessage(err); msg != tc.wantErr || (tc.wantErr == "" && err != nil) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.wantErr)
			continue
		}
		if tc.wantErr == "" && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestParsePaging(t *testing.T) {
	cases := []struct {
		params  resourceful.Params
		sort    listSort
		after   *bookmark
		size    int
		wantErr string
	}{
		{params: resourceful.Params{}, sort: listSort{Field: "entity_name"}, size: 20},
		{params: resourceful.Params{"page_sort": "+entity_name", "page_size": "7"}, sort: listSort{Field: "entity_name"}, size: 7},
		{params: resourceful.Params{"page_sort": " entity_name"}, sort: listSort{Field: "entity_name"}, size: 20}, // "+" decoded as a space
		{params: resourceful.Params{"page_sort": "-entity_name"}, sort: listSort{Field: "entity_name", Desc: true}, size: 20},
		{params: resourceful.Params{"page_sort": "-dob", "page_size": "200"}, sort: listSort{Field: "dob", Desc: true}, size: 200},
		{params: resourceful.Params{"page_sort": "+last_name"}, sort: listSort{Field: "last_name"}, size: 20},
		{params: resourceful.Params{"page_sort": "first_name"}, sort: listSort{Field: "first_name"}, size: 20},
		{params: resourceful.Params{"page_sort": "+preferred_postcode"}, sort: listSort{Field: "preferred_postcode"}, size: 20},
		{params: resourceful.Params{"page_size": "1000"}, sort: listSort{Field: "entity_name"}, size: maxPageSize},
		{params: resourceful.Params{"page_bookmark": resourceful.EncodeBookmark("Whitfield, Eleanor", 1001)},
			sort: listSort{Field: "entity_name"}, after: &bookmark{Key: "Whitfield, Eleanor", ID: 1001}, size: 20},
		{params: resourceful.Params{"page_sort": "-dob", "page_bookmark": bookmark{Key: "", ID: 7}.String()},
			sort: listSort{Field: "dob", Desc: true}, after: &bookmark{Key: "", ID: 7}, size: 20},
		{params: resourceful.Params{"page_sort": "+entity_name,+dob"}, wantErr: badSortMessage},
		{params: resourceful.Params{"page_sort": "+preferred_email"}, wantErr: `Invalid page_sort: cannot sort by "preferred_email"`},
		{params: resourceful.Params{"page_sort": "+id; DROP TABLE entity"}, wantErr: `Invalid page_sort: cannot sort by "id; DROP TABLE entity"`},
		{params: resourceful.Params{"page_bookmark": "garbage"}, wantErr: "Invalid page_bookmark"},
		{params: resourceful.Params{"page_bookmark": resourceful.EncodeBookmark(nil, 3)}, wantErr: "Invalid page_bookmark"},
		{params: resourceful.Params{"page_bookmark": resourceful.EncodeBookmark("a", "3")}, wantErr: "Invalid page_bookmark"},
		{params: resourceful.Params{"page_bookmark": resourceful.EncodeBookmark("a", -3)}, wantErr: "Invalid page_bookmark"},
		{params: resourceful.Params{"page_bookmark": resourceful.EncodeBookmark("a", 3, 4)}, wantErr: "Invalid page_bookmark"},
		{params: resourceful.Params{"page_size": "0"}, wantErr: "Invalid page_size: must be at least 1"},
	}
	for _, tc := range cases {
		s, after, size, err := parsePaging(tc.params)
		if msg := badRequestMessage(err); msg != tc.wantErr || (tc.wantErr == "" && err != nil) {
			t.Errorf("%v: error %v, want %q", tc.params, err, tc.wantErr)
			continue
		}
		if tc.wantErr == "" && (s != tc.sort || size != tc.size || !reflect.DeepEqual(after, tc.after)) {
			t.Errorf("%v: %+v %+v %d", tc.params, s, after, size)
		}
	}
}

func TestParseFlag(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want bool
		ok   bool
	}{
		{"1", true, true}, {"0", false, true}, {"true", true, true}, {"FALSE", false, true}, {true, true, true},
		{false, false, true}, {float64(1), true, true}, {float64(0), false, true},
		{"yes", false, false}, {float64(2), false, false}, {nil, false, false}, {[]any{"1"}, false, false},
	} {
		got, err := parseFlag(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("%#v: %v %v", tc.in, got, err)
		}
	}
}

// Searches longer than the spec's field limits are a 400 in the platform's error shape, never a
// 500: a name of at most 100 + 1 + 100 characters (spec 3 §5), a postcode of at most 20
// (finding 5).
func TestClientSearchTooLong(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		search := func(q string) string { return "entity/client-v3/?quicksearch=" + url.QueryEscape(q) }
		longest := strings.Repeat("a", 100) + "b" + strings.Repeat("c", 100)
		if code, body := e.get("alice", search(longest)); code != http.StatusOK {
			t.Errorf("201-character name: %d %s", code, body)
		}
		if code, body := e.get("alice", search("pcode:"+strings.Repeat("A1", 10))); code != http.StatusOK {
			t.Errorf("20-character postcode: %d %s", code, body)
		}
		for _, tc := range []struct{ q, want string }{
			{strings.Repeat("ab ", 16667), badNameMessage}, // 50,000 characters of short words
			{strings.Repeat("a", 50000), badNameMessage},
			{longest + "d", badNameMessage},
			{strings.Repeat("a ", 102), badNameMessage}, // 203 characters with the spaces
			{"smith pcode:" + strings.Repeat("A1", 10) + "B", badPostcodeMessage},
			{"pcode:" + strings.Repeat("A 1 ", 20000), badPostcodeMessage},
		} {
			e.expectError("alice", http.MethodGet, search(tc.q), nil, http.StatusBadRequest, tc.want)
		}
	})
}
