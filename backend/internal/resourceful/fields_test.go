package resourceful

import (
	"reflect"
	"testing"
)

func TestSelect(t *testing.T) {
	item := map[string]any{
		"id": float64(7), "bookmark": "bm", "first_name": "Ada", "last_name": "Lovelace",
		"security": map[string]any{"price_updated": "2026-01-02", "code": "VOD", "name": "Vodafone"},
	}
	cases := []struct {
		name   string
		fields []string
		want   map[string]any
	}{
		{"no fields: whole item", nil, item},
		{"one field plus id and bookmark", []string{"first_name"}, map[string]any{"id": float64(7), "bookmark": "bm", "first_name": "Ada"}},
		{"unknown fields are left out", []string{"nope", "last_name"}, map[string]any{"id": float64(7), "bookmark": "bm", "last_name": "Lovelace"}},
		{"nested fields keep their nesting", []string{"security.price_updated", "security.code"},
			map[string]any{"id": float64(7), "bookmark": "bm", "security": map[string]any{"price_updated": "2026-01-02", "code": "VOD"}}},
		{"a whole object wins over its parts", []string{"security.code", "security"},
			map[string]any{"id": float64(7), "bookmark": "bm", "security": item["security"]}},
		{"a path through a scalar selects nothing", []string{"first_name.x", "id.y"}, map[string]any{"id": float64(7), "bookmark": "bm"}},
	}
	for _, tc := range cases {
		if got := Select(item, tc.fields); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %#v", tc.name, got)
		}
	}
	// Without id or bookmark in the item, none is invented.
	if got := Select(map[string]any{"a": 1, "b": 2}, []string{"a"}); !reflect.DeepEqual(got, map[string]any{"a": 1}) {
		t.Errorf("plain item: %#v", got)
	}
	// The source item is not changed by a selection.
	if len(item["security"].(map[string]any)) != 3 {
		t.Error("Select changed its input")
	}
}

func TestFields(t *testing.T) {
	cases := map[string][]string{
		"fields.0=first_name&fields.1=dob":    {"first_name", "dob"},
		"fields=first_name,%20dob,first_name": {"first_name", "dob"},
		"fields=first_name&fields=dob":        {"first_name", "dob"},
		"fields.name=first_name&fields.x=dob": {"first_name", "dob"},
		"other=1":                             nil,
		"fields=":                             nil,
	}
	for q, want := range cases {
		if got := Fields(parseQuery(t, q)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", q, got, want)
		}
	}
	if got := Fields(Params{"fields": []any{"a", "b"}}); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("JSON list: %v", got)
	}
}
