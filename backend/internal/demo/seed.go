package demo

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
)

// Login is one demo login, printed at start and listed in the README.
type Login struct {
	Typed    string // what to type on the login page
	Tab      string // Client or Adviser
	Password string
	Note     string
}

// Logins are the demo logins. Adviser usernames are typed without the @client suffix, which the
// Adviser tab appends.
var Logins = []Login{
	{"demo.client", "Client", "DemoClient#2026", "client, site access Portfolio, GB, has a partner"},
	{"demo.assets", "Client", "DemoAssets#2026", "client, site access Assets"},
	{"demo.messages", "Client", "DemoMessages#2026", "client, site access Messages"},
	{"demo.mfa", "Client", "DemoMfa#2026", "client, login code by SMS (see the server log)"},
	{"demo.adviser", "Adviser", "DemoAdviser#2026", "adviser of the four above and 52 more clients"},
	{"demo.adviser2", "Adviser", "DemoAdviser2#2026", "adviser of 20 other clients"},
}

// Client access level choices (spec 1 §3): code and description.
var accessLevels = []struct {
	Code        int
	Description string
}{{0, "Not Assigned"}, {1, "Client Portfolio"}, {2, "Client Assets"}, {3, "Client Messages"}}

type person struct {
	title, first, last, preferred string
	dob, email, postcode          string
	region, locale, tz, currency  string
	access                        int
}

type place struct {
	region, locale, tz, currency string
	postcodes                    []string
}

var places = []place{
	{"GB", "en-gb", "Europe/London", "GBP", []string{"BS8 1TH", "EH3 9DR", "M20 2RL", "SW19 4DS", "OX2 6NN", "LS8 2JU", "CF10 3NB", "BT9 6AA", "YO1 7HH", "B15 3TN", "NR2 1RQ", "TR1 2SJ", "CB2 1TN", "BA1 2QH", "G12 8QQ", "SO23 9PE"}},
	{"AU", "en-au", "Australia/Sydney", "AUD", []string{"2088", "3141", "4101", "6011"}},
	{"CA", "en-ca", "America/Toronto", "CAD", []string{"M5R 2E3", "V6K 1P6", "T2S 0K4"}},
	{"NZ", "en-gb", "Pacific/Auckland", "NZD", []string{"1011", "6011"}},
}

var (
	titlesF = []string{"Mrs", "Ms", "Miss", "Dr"}
	titlesM = []string{"Mr", "Mr", "Dr"}
	firstF  = []string{"Charlotte", "Harriet", "Imogen", "Fiona", "Margaret", "Siobhan", "Rebecca", "Amelia", "Niamh", "Catherine", "Lucy", "Anjali", "Grace", "Helen", "Zara", "Olivia", "Isla", "Rachel", "Beatrice", "Deborah"}
	firstM  = []string{"William", "Henry", "Rupert", "Callum", "Edward", "Arjun", "George", "Hamish", "Daniel", "Rhys", "Samuel", "Owen", "Marcus", "Alistair", "Kwame", "Patrick", "Benedict", "Theo", "Rory", "Graham"}
	lasts   = []string{"Ashworth", "Pemberton", "Fairweather", "Hollis", "Kaur", "MacLeod", "Okafor", "Lindqvist", "Harrington", "Doyle", "Thistlewood", "Chaudhry", "Gallagher", "Prescott", "Redmond", "Whitcombe", "Nakamura", "Llewellyn", "Oduya", "Sinclair", "Beaumont", "Carver", "Evans", "Fitzgerald", "Holroyd", "Ingram", "Jessop", "Kerr", "Lister", "Morrow"}
)

func (p person) entityName() string { return p.last + ", " + p.first }

func ascii(s string) string {
	return strings.NewReplacer("'", "", " ", "", "é", "e").Replace(strings.ToLower(s))
}

// Seed creates the demo firm unless it already exists. hashCost is the bcrypt cost.
func Seed(ctx context.Context, db *store.DB, hashCost int, now time.Time) (bool, error) {
	var done int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM meta WHERE key = 'demo_seeded'`).Scan(&done); err != nil {
		return false, err
	}
	if done > 0 {
		return false, nil
	}
	hashes := map[string]string{}
	for _, l := range Logins {
		h, err := platform.HashPassword(l.Password, hashCost)
		if err != nil {
			return false, err
		}
		hashes[l.Typed] = h
	}
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		s := &seeder{ctx: ctx, tx: tx, db: db, now: now, usernames: map[string]bool{}}
		return s.run(hashes)
	})
	return err == nil, err
}

type seeder struct {
	ctx       context.Context
	tx        *sql.Tx
	db        *store.DB
	now       time.Time
	usernames map[string]bool
	err       error
}

func (s *seeder) exec(q string, args ...any) int64 {
	if s.err != nil {
		return 0
	}
	res, err := s.tx.ExecContext(s.ctx, s.db.Rebind(q), args...)
	if err != nil {
		s.err = fmt.Errorf("seed: %w", err)
		return 0
	}
	id, _ := res.LastInsertId()
	return id
}

func (s *seeder) entity(kind string, p person, adviser, partner any) int64 {
	return s.exec(`INSERT INTO entity (firm_id, entity_kind, entity_type, title, first_name, last_name, preferred_name, entity_name,
		dob, preferred_email, preferred_postcode, region, locale, user_timezone, preferred_currency, client_access_level,
		partner_entity_id, adviser_entity_id) VALUES (1, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		kind, p.title, p.first, p.last, p.preferred, p.entityName(), nullIf(p.dob), p.email, p.postcode,
		p.region, p.locale, p.tz, p.currency, accessOrNil(kind, p.access), partner, adviser)
}

func (s *seeder) user(username, hash, role string, entityID int64, mfa, mobile string) {
	s.usernames[strings.ToLower(username)] = true
	s.exec(`INSERT INTO app_user (username, password_hash, role_name, entity_id, mfa_method, mobile_phone, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, username, hash, role, entityID, mfa, mobile, store.FormatTime(s.now))
}

func nullIf(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func accessOrNil(kind string, level int) any {
	if kind != "client" {
		return nil
	}
	return level
}

func gb(title, first, last, preferred, dob, email, postcode string, access int) person {
	return person{title, first, last, preferred, dob, email, postcode, "GB", "en-gb", "Europe/London", "GBP", access}
}

func (s *seeder) run(hashes map[string]string) error {
	s.exec(`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Harbour & Vale Wealth Management', 'Harbour & Vale Online', 'GB')`)
	for _, a := range accessLevels {
		s.exec(`INSERT INTO client_access_level_choice (code, description) VALUES (?, ?)`, a.Code, a.Description)
	}
	oliver := s.entity("adviser", gb("Mr", "Oliver", "Bennett", "", "", "oliver.bennett@harbourvale.co.uk", "BS1 4QA", 0), nil, nil)
	sophie := s.entity("adviser", gb("Ms", "Sophie", "Laurent", "", "", "sophie.laurent@harbourvale.co.uk", "EC2V 7HH", 0), nil, nil)
	s.user("demo.adviser@client", hashes["demo.adviser"], platform.RoleAdviser, oliver, "", "")
	s.user("demo.adviser2@client", hashes["demo.adviser2"], platform.RoleAdviser, sophie, "", "")

	eleanor := s.entity("client", gb("Mrs", "Eleanor", "Whitfield", "Ellie", "1968-04-17", "eleanor.whitfield@example.co.uk", "BS8 3PF", 1), oliver, nil)
	james := s.entity("client", gb("Mr", "James", "Whitfield", "", "1965-09-02", "james.whitfield@example.co.uk", "BS8 3PF", 1), oliver, eleanor)
	s.exec(`UPDATE entity SET partner_entity_id = ? WHERE id = ?`, james, eleanor)
	s.user("demo.client", hashes["demo.client"], platform.RoleClient, eleanor, "", "")
	priya := s.entity("client", gb("Dr", "Priya", "Raman", "", "1979-12-05", "priya.raman@example.co.uk", "OX2 7DE", 2), oliver, nil)
	s.user("demo.assets", hashes["demo.assets"], platform.RoleClient, priya, "", "")
	thomas := s.entity("client", gb("Mr", "Thomas", "O'Connell", "Tom", "1984-06-23", "tom.oconnell@example.co.uk", "M20 6RT", 3), oliver, nil)
	s.user("demo.messages", hashes["demo.messages"], platform.RoleClient, thomas, "", "")
	aisha := s.entity("client", gb("Ms", "Aisha", "Patel", "", "1990-02-11", "aisha.patel@example.co.uk", "LE2 1TA", 1), oliver, nil)
	s.user("demo.mfa", hashes["demo.mfa"], platform.RoleClient, aisha, "sms", "+447700900123")

	// The rest of each book: deterministic, so the same seed gives the same firm every time.
	rng := rand.New(rand.NewPCG(2026, 11))
	s.book(rng, oliver, 52)
	s.book(rng, sophie, 20)
	s.exec(`INSERT INTO meta (key, value) VALUES ('demo_seeded', ?)`, store.FormatTime(s.now))
	return s.err
}

// book adds n clients to an adviser: most in the UK, some in Australia, Canada and New Zealand;
// about two in three have a portal login (invited, no password set yet), the rest none.
func (s *seeder) book(rng *rand.Rand, adviser int64, n int) {
	for i := 0; i < n; i++ {
		pl := places[0]
		if r := rng.IntN(10); r == 7 {
			pl = places[1]
		} else if r == 8 {
			pl = places[2]
		} else if r == 9 {
			pl = places[3]
		}
		var p person
		if rng.IntN(2) == 0 {
			p.title, p.first = titlesF[rng.IntN(len(titlesF))], firstF[rng.IntN(len(firstF))]
		} else {
			p.title, p.first = titlesM[rng.IntN(len(titlesM))], firstM[rng.IntN(len(firstM))]
		}
		p.last = lasts[rng.IntN(len(lasts))]
		p.dob = fmt.Sprintf("%04d-%02d-%02d", 1940+rng.IntN(60), 1+rng.IntN(12), 1+rng.IntN(28))
		p.email = ascii(p.first) + "." + ascii(p.last) + "@example." + map[string]string{"GB": "co.uk", "AU": "com.au", "CA": "ca", "NZ": "co.nz"}[pl.region]
		p.postcode = pl.postcodes[rng.IntN(len(pl.postcodes))]
		p.region, p.locale, p.tz, p.currency = pl.region, pl.locale, pl.tz, pl.currency
		p.access = []int{1, 1, 1, 2, 3, 0}[rng.IntN(6)]
		id := s.entity("client", p, adviser, nil)
		if rng.IntN(3) > 0 {
			name := ascii(p.first) + "." + ascii(p.last)
			for k := 2; s.usernames[name]; k++ {
				name = fmt.Sprintf("%s.%s%d", ascii(p.first), ascii(p.last), k)
			}
			s.user(name, "", platform.RoleClient, id, "", "")
		}
	}
}
