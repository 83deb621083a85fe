package loadrun

import (
	"testing"

	"wealthportal/backend/internal/firmdata"
)

// One session in ten is an adviser; the others are clients who can see portfolio data and log
// in with a password alone (no second factor, not disabled), so every call of a visit is one
// they may make.
func TestVisitorsCanMakeTheirCalls(t *testing.T) {
	f := firmdata.Firm{
		Advisers: []firmdata.Adviser{{Party: firmdata.Party{Key: "adviser1", Login: &firmdata.Login{Username: "adviser1@client"}}}},
		Clients: []firmdata.Client{
			{Party: firmdata.Party{LastName: "Able", Login: &firmdata.Login{Username: "client1"}}, Adviser: "adviser1", ClientAccessLevel: "Client Portfolio"},
			{Party: firmdata.Party{LastName: "Baker", Login: &firmdata.Login{Username: "client2", MFAMethod: "sms"}}, Adviser: "adviser1", ClientAccessLevel: "Client Portfolio"},
			{Party: firmdata.Party{LastName: "Cole", Login: &firmdata.Login{Username: "client3", Disabled: true}}, Adviser: "adviser1", ClientAccessLevel: "Client Portfolio"},
			{Party: firmdata.Party{LastName: "Dunn", Login: &firmdata.Login{Username: "client4"}}, Adviser: "adviser1", ClientAccessLevel: "Client Messages"},
			{Party: firmdata.Party{LastName: "Eve", Login: &firmdata.Login{Username: "client5"}}, Adviser: "adviser1", ClientAccessLevel: "Client Portfolio"},
		},
	}
	got, err := visitors(f, 20)
	if err != nil {
		t.Fatal(err)
	}
	advisers := 0
	for i, v := range got {
		switch {
		case v.adviser:
			advisers++
			if v.username != "adviser1@client" || len(v.surnames) != 5 || i%10 != 9 {
				t.Errorf("session %d: %+v", i, v)
			}
		case v.username != "client1" && v.username != "client5":
			t.Errorf("session %d logs in as %s, who cannot make a client's calls", i, v.username)
		}
	}
	if len(got) != 20 || advisers != 2 {
		t.Fatalf("%d sessions, %d advisers: want 20 and 2", len(got), advisers)
	}
}
