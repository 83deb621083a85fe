package firmdata

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

func problemsOf(t *testing.T, err error) []Problem {
	t.Helper()
	var invalid *InvalidError
	if !errors.As(err, &invalid) {
		t.Fatalf("want *InvalidError, got %v", err)
	}
	return invalid.Problems
}

func TestParseNotJSON(t *testing.T) {
	tests := []struct {
		name, data string
		want       string
	}{
		{"syntax error with its line and column", "{\n  \"firm\": {\n    \"name\": \"X\",,\n  }\n}",
			"line 3, column 17: invalid character ',' looking for beginning of object key string"},
		{"cut short", "{\n  \"firm\": {\"name\": \"X\"",
			"line 2, column 23: unexpected end of file"},
		{"empty", "", "the file is empty"},
		{"two documents", "{}\n{}", "line 2, column 1: unexpected data after the top-level value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.data))
			got := problemsOf(t, err)
			if len(got) != 1 || got[0] != (Problem{Message: tc.want}) {
				t.Errorf("got %v, want %q", got, tc.want)
			}
		})
	}
}

// TestParseReportsEveryShapeProblem: misspelt fields and wrong types are reported all at once,
// each by path, where encoding/json would stop at the first.
func TestParseReportsEveryShapeProblem(t *testing.T) {
	data := `{
  "format_version": "1",
  "firm": {"name": "X", "regoin": "GB"},
  "feature_toggles": {"multi-currency": "yes"},
  "advisers": [{"key": "a", "first_name": "A", "last_name": "B", "login": {"username": "a@client", "mfa": "sms"}}],
  "clients": [
    {"key": "c", "first_name": "C", "last_name": "D", "adviser": "a", "comm_pref_email": 1, "addresses": {"type": "postal"}},
    {"key": 7, "first_name": "E", "last_name": "F", "adviser": "a", "dob": null}
  ],
  "accounts": [{"key": "x", "transactions": [{"kind": "buy", "volume": "10", "units": 10}]}],
  "login_profiles": [{"key": "p", "inactive_session_timeout": 1.5}],
  "prices": [{"security": "S", "points": [["2025-01-06", 1], "oops"]}]
}`
	_, err := Parse([]byte(data))
	want := []Problem{
		{"accounts[0].transactions[0].units", "unknown field"},
		{"accounts[0].transactions[0].volume", "want a number, got a string"},
		{"advisers[0].login.mfa", "unknown field"},
		{"clients[0].addresses", "want a list, got an object"},
		{"clients[0].comm_pref_email", "want true or false, got a number"},
		{"clients[1].key", "want a string, got a number"},
		{"feature_toggles.multi-currency", "want true or false, got a string"},
		{"firm.regoin", "unknown field"},
		{"format_version", "want a whole number, got a string"},
		{"login_profiles[0].inactive_session_timeout", "want a whole number, got a number"},
	}
	if got := problemsOf(t, err); !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", lines(got), lines(want))
	}
}

// TestParseMalformedPointIsReportedByValidate: a point that is not [date, number] does not
// fail the parse; Validate names it.
func TestParseMalformedPointIsReportedByValidate(t *testing.T) {
	f := smallFirm(t)
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	json.Unmarshal(data, &doc)
	doc["prices"].([]any)[4].(map[string]any)["points"] = []any{[]any{"2025-01-10", 44.8}, "oops", []any{"2025-01-17"}}
	data, _ = json.Marshal(doc)
	parsed, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := []Problem{
		{"prices[4].points[1]", `want ["YYYY-MM-DD", number]`},
		{"prices[4].points[2]", `want ["YYYY-MM-DD", number]`},
	}
	if got := Validate(parsed); !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", lines(got), lines(want))
	}
}

// TestFirmJSONRoundTrip: what the types write, Parse reads back unchanged.
func TestFirmJSONRoundTrip(t *testing.T) {
	f := smallFirm(t)
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, f) {
		t.Error("the firm changed on its way through JSON")
	}
}
