package entities

import (
	"net/http"
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestClientAddresses(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		var list []map[string]any
		e.getJSON("eleanor", "entity/client-v3/1001/address", &list)
		want := []map[string]any{
			{"id": float64(1), "type": float64(AddressResidential), "block": "Flat 2", "street_name": "10 Downing Street",
				"street_name_2": "Westminster", "suburb": "London", "state": "Greater London", "postcode": "SW1A 2AA",
				"country": "United Kingdom", "preferred": true, "status": "Current"},
			{"id": float64(2), "type": float64(AddressPostal), "block": "", "street_name": "PO Box 5", "street_name_2": "",
				"suburb": "London", "state": "", "postcode": "SW1A 0AA", "country": "United Kingdom", "preferred": false, "status": "Previous"},
		}
		if !reflect.DeepEqual(list, want) {
			t.Errorf("GB list: %v\nwant %v", list, want)
		}
		// Other regions have one street line instead of the UK's three.
		e.getJSON("alice", "entity/client-v3/1004/address", &list)
		if len(list) != 1 || !reflect.DeepEqual(keysOf(list[0]), []string{"country", "id", "postcode", "preferred", "state", "status", "street", "suburb", "type"}) ||
			list[0]["street"] != "1 George Street" {
			t.Errorf("AU list: %v", list)
		}
		e.getJSON("eleanor", "entity/client-v3/1002/address", &list)
		if len(list) != 0 {
			t.Errorf("james has no addresses: %v", list)
		}
		// The single-address variant has no status.
		var one map[string]any
		e.getJSON("eleanor", "entity/client-v3/1001/address/1", &one)
		if _, has := one["status"]; has || one["block"] != "Flat 2" {
			t.Errorf("single address: %v", one)
		}
		for _, tc := range []struct{ user, path string }{
			{"eleanor", "entity/client-v3/1001/address/3"}, // Maria's address under Eleanor's id
			{"alice", "entity/client-v3/1001/address/4"},   // Alice's own address under a client
			{"eleanor", "entity/client-v3/1004/address/3"},
			{"eleanor", "entity/client-v3/1001/address/99"},
			{"eleanor", "entity/client-v3/1003/address"},
			{"james", "entity/client-v3/1001/address"},
			{"bob", "entity/client-v3/1001/address"},
			{"zoe", "entity/client-v3/1001/address"},
			{"dan", "entity/client-v3/1004/address"},
			{"alice", "entity/client-v3/2001/address"},
			{"alice", "entity/client-v3/100/address"},
		} {
			e.expectNotFound(tc.user, http.MethodGet, tc.path, nil)
		}
	})
}

func TestClientContacts(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		var got []Contact
		e.getJSON("eleanor", "entity/client-v3/1001/contact", &got)
		want := []Contact{
			{ID: 3, Type: "m1", Value: "eleanor@example.com", Preferred: true},
			{ID: 1, Type: "p1", Value: "020 7946 0001", CountryCode: "44"},
			{ID: 2, Type: "p3", Value: "07700 900001", CountryCode: "44", Preferred: true},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("contacts: %+v\nwant %+v", got, want)
		}
		e.getJSON("alice", "entity/client-v3/1001/contact", &got)
		if len(got) != 3 {
			t.Errorf("alice reads eleanor's contacts: %+v", got)
		}
		for _, tc := range []struct{ user, id string }{
			{"james", "1001"}, {"eleanor", "1003"}, {"bob", "1001"}, {"zoe", "1001"}, {"dan", "1001"}, {"alice", "2001"}, {"alice", "100"},
		} {
			e.expectNotFound(tc.user, http.MethodGet, "entity/client-v3/"+tc.id+"/contact", nil)
		}
	})
}
