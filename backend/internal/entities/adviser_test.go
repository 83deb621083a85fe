package entities

import (
	"net/http"
	"reflect"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func aliceDetails() AdviserDetails {
	return AdviserDetails{
		ID: alice, EntityID: alice, AdviserName: "Alice Adams", ClientAdviser: ClientAdviserRole,
		Title: "Ms", FirstName: "Alice", LastName: "Adams",
		WorkEmail: "alice.adams@northbridge.example",
		WorkPhone: []Contact{
			{ID: 5, Type: "p2", Value: "020 7946 0100", CountryCode: "44", Preferred: true},
			{ID: 6, Type: "p2", Value: "020 7946 0101", CountryCode: "44"},
		},
		// The work address, not the home one, with the UK street fields and its postcode.
		Address: map[string]any{"id": float64(4), "type": float64(AddressWork), "block": "Suite 4", "street_name": "1 Finsbury Square",
			"street_name_2": "", "suburb": "London", "state": "", "postcode": "EC2A 1AE", "country": "United Kingdom", "preferred": true},
		IntroductionText: "Chartered adviser since 2004.", OpeningHours: "Mon-Fri 9:00-17:30",
		Region: "GB", // the address has GB's street fields (spec 2 §2.7's layouts)
	}
}

func TestSessionAdviser(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		for _, tc := range []struct{ user, path string }{
			{"eleanor", "session/user/adviser"},
			{"james", "session/user/adviser"},
			{"alice", "session/user/adviser"},                  // an adviser is its own adviser
			{"alice", "session/user/adviser?client_id=1001"},   // client in context
			{"alice", "session/user/adviser?entityid=1002"},    // the other parameter name
			{"eleanor", "session/user/adviser?client_id=1001"}, // a client naming itself
			{"alice", "adviser/100"},
			{"eleanor", "adviser/100"},
			{"bob", "adviser/100"}, // a colleague
		} {
			var got AdviserDetails
			e.getJSON(tc.user, tc.path, &got)
			if !reflect.DeepEqual(got, aliceDetails()) {
				t.Errorf("%s %s: %+v\nwant %+v", tc.user, tc.path, got, aliceDetails())
			}
		}
		// An adviser without work contacts falls back to the entity's email and has no address.
		var bobs AdviserDetails
		e.getJSON("carol", "session/user/adviser", &bobs)
		if bobs.AdviserName != "Bob Brown" || bobs.WorkEmail != "bob@northbridge.example" || len(bobs.WorkPhone) != 0 || bobs.Address != nil {
			t.Errorf("bob: %+v", bobs)
		}
		var zoes AdviserDetails
		e.getJSON("dan", "session/user/adviser", &zoes)
		if zoes.ID != zoe {
			t.Errorf("dan's adviser: %+v", zoes)
		}
		for _, tc := range []struct{ user, path string }{
			{"nadia", "session/user/adviser"},                  // a client without an adviser
			{"alice", "session/user/adviser?client_id=1101"},   // a colleague's client
			{"alice", "session/user/adviser?entityid=2001"},    // another firm's client
			{"alice", "session/user/adviser?client_id=101"},    // an adviser is not a client
			{"alice", "session/user/adviser?client_id=abc"},    // malformed
			{"eleanor", "session/user/adviser?client_id=1005"}, // another client
			{"james", "session/user/adviser?client_id=1001"},   // a partner without view_partner
			{"eleanor", "adviser/101"},                         // not her adviser
			{"eleanor", "adviser/1002"},                        // a client, not an adviser
			{"alice", "adviser/1001"},
			{"zoe", "adviser/100"}, // another firm
			{"alice", "adviser/200"},
			{"alice", "adviser/9999"},
		} {
			e.expectNotFound(tc.user, http.MethodGet, tc.path, nil)
		}
	})
}

func TestAdviserContactsAndAddresses(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		var contacts []Contact
		e.getJSON("eleanor", "adviser/100/contact", &contacts)
		if len(contacts) != 4 || contacts[0].Type != "m2" {
			t.Errorf("alice's contacts: %+v", contacts)
		}
		var addrs []map[string]any
		e.getJSON("bob", "adviser/100/address", &addrs)
		if len(addrs) != 2 || addrs[0]["postcode"] != "EC2A 1AE" || addrs[0]["status"] != "Current" || addrs[1]["street_name"] != "22 Home Road" {
			t.Errorf("alice's addresses: %v", addrs)
		}
		for _, user := range []string{"carol", "zoe", "dan"} {
			e.expectNotFound(user, http.MethodGet, "adviser/100/contact", nil)
			e.expectNotFound(user, http.MethodGet, "adviser/100/address", nil)
		}
		e.expectNotFound("alice", http.MethodGet, "adviser/1001/contact", nil)
		e.expectNotFound("alice", http.MethodGet, "adviser/1001/address", nil)
	})
}
