package entities

import (
	"net/http"
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestFieldLookup(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		var fields []Field
		e.getJSON("eleanor", "ufield/entity", &fields)
		want := []Field{{Group: "entity", Name: "marital_status", Type: "choice", ChoiceCount: 3}, {Group: "entity", Name: "client_access_level", Type: "choice", ChoiceCount: 3}}
		if !reflect.DeepEqual(fields, want) {
			t.Errorf("entity fields: %+v", fields)
		}
		var field Field
		e.getJSON("alice", "ufield/entity/client_access_level", &field)
		if field != (Field{Group: "entity", Name: "client_access_level", Type: "choice", ChoiceCount: 3}) {
			t.Errorf("client_access_level: %+v", field)
		}
		// The entity field lookup of spec 1 §7: choices as code and description, codes as strings.
		var choices []Choice
		e.getJSON("eleanor", "ufield/entity/client_access_level/choice", &choices)
		if !reflect.DeepEqual(choices, []Choice{{"1", "Client Portfolio"}, {"2", "Client Assets"}, {"3", "Client Messages"}}) {
			t.Errorf("access level choices: %+v", choices)
		}
		// User-defined choices in their display order, not by code.
		e.getJSON("dan", "ufield/entity/marital_status/choice", &choices)
		if !reflect.DeepEqual(choices, []Choice{{"S", "Single"}, {"M", "Married"}, {"D", "Divorced"}}) {
			t.Errorf("marital_status choices: %+v", choices)
		}
		e.getJSON("alice", "ufield/portfolio", &fields)
		if len(fields) != 1 || fields[0].Name != "risk_profile" {
			t.Errorf("portfolio fields: %+v", fields)
		}
		for _, path := range []string{"ufield/nothing", "ufield/entity/nothing", "ufield/entity/nothing/choice", "ufield/portfolio/client_access_level/choice"} {
			e.expectNotFound("eleanor", http.MethodGet, path, nil)
		}
	})
}
