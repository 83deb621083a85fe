package entities

import (
	"net/http"
	"reflect"
	"strconv"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestGroupMembers(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		el, ja := int64(eleanor), int64(james)
		whitfields := func(asked int64) []Member {
			members := []Member{
				{MemberID: trust, EntityID: trust, GroupID: 1, LoginAccessible: false, EntityName: "Whitfield Family Trust"},
				{MemberID: eleanor, EntityID: eleanor, GroupID: 1, PartnerEntityID: &ja, LoginAccessible: true, FirstName: "Eleanor", LastName: "Whitfield", EntityName: "Whitfield, Eleanor"},
				{MemberID: james, EntityID: james, GroupID: 1, PartnerEntityID: &el, LoginAccessible: true, FirstName: "James", LastName: "Whitfield", EntityName: "Whitfield, James"},
			}
			// By entity_name, except that the asked-about client comes first and is marked.
			for i, m := range members {
				if m.EntityID == asked {
					members[i].IsClient = true
					members = append([]Member{members[i]}, append(members[:i:i], members[i+1:]...)...)
					break
				}
			}
			return members
		}
		for _, tc := range []struct {
			user  string
			asked int64
		}{
			{"eleanor", eleanor},
			{"eleanor", james}, // her partner, reachable with view_partner
			{"james", james},   // he sees his group's members, though not their data
			{"alice", eleanor},
			{"alice", trust},
		} {
			var got []Member
			e.getJSON(tc.user, "entity/client/"+strconv.FormatInt(tc.asked, 10)+"/client_group/member", &got)
			if want := whitfields(tc.asked); !reflect.DeepEqual(got, want) {
				t.Errorf("%s asks %d: %+v\nwant %+v", tc.user, tc.asked, got, want)
			}
		}
		var none []Member
		e.getJSON("sean", "entity/client/1005/client_group/member", &none)
		if none == nil || len(none) != 0 {
			t.Errorf("a client in no group: %v", none)
		}
		// The members' data beyond the list stays behind CanReachEntity.
		e.expectNotFound("james", http.MethodGet, "entity/client-v3/1001", nil)
		for _, tc := range []struct{ user, id string }{
			{"james", "1001"}, {"eleanor", "1003"}, {"sean", "1001"}, {"bob", "1001"}, {"zoe", "1001"}, {"dan", "1002"}, {"alice", "2001"}, {"alice", "100"},
		} {
			e.expectNotFound(tc.user, http.MethodGet, "entity/client/"+tc.id+"/client_group/member", nil)
		}
	})
}
