package firmdata

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"wealthportal/backend/internal/journeys"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/store"
)

// DefaultHashCost is the bcrypt cost used when LoadOptions.HashCost is zero (the portal's default).
const DefaultHashCost = 12

// LoadOptions tune a load.
type LoadOptions struct {
	// HashCost is the bcrypt cost for passwords given in clear. Default DefaultHashCost.
	HashCost int
	// Now stamps created_at where the file gives none. Default time.Now().
	Now time.Time
	// Meta rows are written in the same transaction, so a marker such as the demo's "seeded
	// once" flag exists exactly when the firm does.
	Meta map[string]string
	// Progress, when set, hears each step as it starts.
	Progress func(step string)
}

// Summary counts what a load wrote.
type Summary struct {
	FirmID                                                   int64
	FirmName                                                 string
	Advisers, Clients, Logins, Addresses, Contacts           int
	ClientGroups, Portfolios, Accounts, AccountGroups        int
	Securities, Prices, FXRates, Benchmarks, BenchmarkValues int
	Transactions                                             int
}

// String lists the counts, one per line.
func (s Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Loaded firm %q (id %d):\n", s.FirmName, s.FirmID)
	for _, row := range []struct {
		name string
		n    int
	}{
		{"advisers", s.Advisers}, {"clients", s.Clients}, {"logins", s.Logins}, {"addresses", s.Addresses},
		{"contacts", s.Contacts}, {"client groups", s.ClientGroups}, {"portfolios", s.Portfolios},
		{"accounts", s.Accounts}, {"account groups", s.AccountGroups}, {"securities", s.Securities},
		{"prices", s.Prices}, {"FX rates", s.FXRates}, {"benchmarks", s.Benchmarks},
		{"benchmark values", s.BenchmarkValues}, {"transactions", s.Transactions},
	} {
		fmt.Fprintf(&b, "  %-17s %d\n", row.name, row.n)
	}
	return b.String()
}

// Load validates f and writes it to db in one transaction. An invalid firm, or one that clashes
// with the store (a firm of the same name, a username already taken, an access level code with
// another description), is refused with *InvalidError and the store is left exactly as it was.
func Load(ctx context.Context, db *store.DB, f Firm, opts LoadOptions) (Summary, error) {
	if problems := Validate(f); len(problems) > 0 {
		return Summary{}, &InvalidError{Problems: problems}
	}
	if opts.HashCost == 0 {
		opts.HashCost = DefaultHashCost
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	progress := func(step string) {
		if opts.Progress != nil {
			opts.Progress(step)
		}
	}
	progress("hashing passwords")
	hashes, err := hashPasswords(&f, opts.HashCost)
	if err != nil {
		return Summary{}, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return Summary{}, err
	}
	defer conn.Close()
	if db.Dialect == store.SQLite {
		// A load is one big transaction: a large page cache keeps the indexes in memory, and
		// without fsyncs the commit is not slowed by the disk. The cost is that a power cut
		// (not a crash of this process) in the middle of a load could damage the file; a load
		// is re-run from its source. Both settings belong to this connection only and are put
		// back before it returns to the pool.
		for _, p := range []string{"PRAGMA synchronous = OFF", "PRAGMA cache_size = -262144"} {
			if _, err := conn.ExecContext(ctx, p); err != nil {
				return Summary{}, err
			}
		}
		defer func() {
			for _, p := range []string{"PRAGMA synchronous = NORMAL", "PRAGMA cache_size = -2000"} {
				conn.ExecContext(context.WithoutCancel(ctx), p)
			}
		}()
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return Summary{}, err
	}
	l := &loader{ctx: ctx, tx: tx, db: db, f: &f, ix: newIndex(&f), opts: opts, hashes: hashes, progress: progress}
	sum, err := l.run()
	if err != nil {
		tx.Rollback()
		return Summary{}, err
	}
	if err := tx.Commit(); err != nil {
		return Summary{}, err
	}
	if db.Dialect == store.SQLite {
		// Fold the load's write-ahead log into the database so the file does not stay twice
		// the size; if readers are busy this is simply skipped.
		conn.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
	return sum, nil
}

// hashPasswords hashes the clear-text passwords of f, spread over the CPUs (bcrypt is slow by
// design). The answer is keyed by lower-cased username.
func hashPasswords(f *Firm, cost int) (map[string]string, error) {
	var clear []*Login
	for i := range f.Advisers {
		if l := f.Advisers[i].Login; l != nil && l.Password != "" {
			clear = append(clear, l)
		}
	}
	for i := range f.Clients {
		if l := f.Clients[i].Login; l != nil && l.Password != "" {
			clear = append(clear, l)
		}
	}
	hashes := make([]string, len(clear))
	errs := make([]error, len(clear))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Go(func() {
			for i := range next {
				hashes[i], errs[i] = auth.HashPassword(clear[i].Password, cost)
			}
		})
	}
	for i := range clear {
		next <- i
	}
	close(next)
	wg.Wait()
	out := make(map[string]string, len(clear))
	for i, l := range clear {
		if errs[i] != nil {
			return nil, fmt.Errorf("hash password: %w", errs[i])
		}
		out[strings.ToLower(l.Username)] = hashes[i]
	}
	return out, nil
}

type loader struct {
	ctx      context.Context
	tx       *sql.Tx
	db       *store.DB
	f        *Firm
	ix       *index
	opts     LoadOptions
	hashes   map[string]string
	progress func(string)
	sum      Summary

	firmID     int64
	adviserIDs []int64
	clientIDs  []int64
	partyIDs   map[string]int64 // adviser and client keys
	profileIDs map[string]int64
	accountIDs map[string]int64
	securityID map[string]int64
}

func (l *loader) exec(q string, args ...any) error {
	_, err := l.tx.ExecContext(l.ctx, l.db.Rebind(q), args...)
	return err
}

func (l *loader) bulk(table string, columns []string, tail string) *bulkInsert {
	return newBulkInsert(l.ctx, l.tx, l.db.Rebind, table, columns, tail)
}

// nextID is the first free id of a table; ids are assigned here so that rows can reference
// each other before they are written and be written in batches.
func (l *loader) nextID(table string) (int64, error) {
	var id int64
	err := l.tx.QueryRowContext(l.ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM `+table).Scan(&id)
	return id, err
}

func (l *loader) run() (Summary, error) {
	l.progress("checking the store")
	if problems, err := l.conflicts(); err != nil || len(problems) > 0 {
		if err == nil {
			err = &InvalidError{Problems: problems}
		}
		return Summary{}, err
	}
	for _, step := range []struct {
		name string
		run  func() error
	}{
		{"firm", l.firm}, {"people", l.parties}, {"groups and settings", l.settings},
		{"securities and market data", l.marketData}, {"portfolios and accounts", l.portfolios},
		{"transactions", l.transactions}, {"messages", l.messages}, {"security questions", l.securityQuestions},
		{"login steps", l.loginSteps}, {"meta", l.meta},
		// The load assigned ids itself (nextID); later inserts must get ids after them.
		{"id sequences", func() error { return l.db.SyncIdentities(l.ctx, l.tx) }},
	} {
		l.progress(step.name)
		if err := step.run(); err != nil {
			return Summary{}, fmt.Errorf("load %s: %w", step.name, err)
		}
	}
	return l.sum, nil
}

// conflicts finds what the store already holds that the firm would clash with.
func (l *loader) conflicts() ([]Problem, error) {
	var n int
	if err := l.tx.QueryRowContext(l.ctx, l.db.Rebind(`SELECT COUNT(*) FROM firm WHERE name = ?`), l.f.Firm.Name).Scan(&n); err != nil {
		return nil, err
	}
	if n > 0 {
		// Importing the same firm twice is the likely mistake; one clear answer beats a list
		// of every username it also clashes with.
		return []Problem{{Path: "firm.name", Message: fmt.Sprintf("a firm named %q already exists in this store; nothing was imported", l.f.Firm.Name)}}, nil
	}
	var problems []Problem
	taken := map[string]bool{}
	rows, err := l.tx.QueryContext(l.ctx, `SELECT username FROM app_user`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			rows.Close()
			return nil, err
		}
		taken[strings.ToLower(u)] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	check := func(path string, login *Login) {
		if login != nil && taken[strings.ToLower(login.Username)] {
			problems = append(problems, Problem{Path: path + ".login.username", Message: fmt.Sprintf("username %q is already taken in this store", login.Username)})
		}
	}
	for i, a := range l.f.Advisers {
		check(fmt.Sprintf("advisers[%d]", i), a.Login)
	}
	for i, c := range l.f.Clients {
		check(fmt.Sprintf("clients[%d]", i), c.Login)
	}
	for i, a := range accessLevelChoices(l.f) {
		var desc string
		err := l.tx.QueryRowContext(l.ctx, l.db.Rebind(`SELECT description FROM client_access_level_choice WHERE code = ?`), a.Code).Scan(&desc)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if desc != a.Description {
			path := fmt.Sprintf("client_access_levels[%d].description", i)
			if len(l.f.ClientAccessLevels) == 0 {
				path = "client_access_levels"
			}
			problems = append(problems, Problem{Path: path, Message: fmt.Sprintf("code %d is %q in this store, not %q", a.Code, desc, a.Description)})
		}
	}
	return problems, nil
}

func (l *loader) firm() error {
	id, err := l.nextID("firm")
	if err != nil {
		return err
	}
	l.firmID = id
	fi := l.f.Firm
	locales := "en-gb,en-ca,en-au,fr-ca"
	if len(fi.SiteLocales) > 0 {
		locales = strings.Join(fi.SiteLocales, ",")
	}
	l.sum.FirmID, l.sum.FirmName = id, fi.Name
	if err := l.exec(`INSERT INTO firm (id, name, product_name, region, platform_version, site_locales, base_currency)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, id, fi.Name, fi.ProductName, fi.Region, orDefault(fi.PlatformVersion, "24.1.100"), locales, fi.BaseCurrency); err != nil {
		return err
	}
	for _, a := range accessLevelChoices(l.f) {
		// Choices are shared by the store's firms; conflicts() has refused any that differ.
		if err := l.exec(`INSERT INTO client_access_level_choice (code, description) VALUES (?, ?) ON CONFLICT (code) DO NOTHING`, a.Code, a.Description); err != nil {
			return err
		}
	}
	l.profileIDs = map[string]int64{}
	next, err := l.nextID("login_profile")
	if err != nil {
		return err
	}
	for _, p := range l.f.LoginProfiles {
		l.profileIDs[p.Key] = next
		if err := l.exec(`INSERT INTO login_profile (id, firm_id, name, inactive_session_timeout_client, inactive_session_timeout) VALUES (?, ?, ?, ?, ?)`,
			next, id, p.Name, p.InactiveSessionTimeoutClient, p.InactiveSessionTimeout); err != nil {
			return err
		}
		next++
	}
	return nil
}

var entityColumns = []string{"id", "firm_id", "entity_kind", "entity_type", "title", "first_name", "last_name", "preferred_name",
	"entity_name", "dob", "preferred_email", "preferred_postcode", "region", "locale", "user_timezone", "preferred_currency",
	"client_access_level", "partner_entity_id", "adviser_entity_id", "middle_name", "address_title", "salutation", "external_id",
	"country_of_birth", "nationality", "marital_status", "entity_client_status", "uk_domicile_country", "uk_domiciled",
	"comm_pref_email", "comm_pref_mail", "comm_pref_sms", "xpt_review_status", "fact_find_status", "robo_journey_type",
	"robo_journey_status", "introduction_text", "opening_hours", "created_at"}

func (l *loader) parties() error {
	next, err := l.nextID("entity")
	if err != nil {
		return err
	}
	l.partyIDs = make(map[string]int64, len(l.f.Advisers)+len(l.f.Clients))
	for _, a := range l.f.Advisers {
		l.partyIDs[a.Key] = next
		l.adviserIDs = append(l.adviserIDs, next)
		next++
	}
	for _, c := range l.f.Clients {
		l.partyIDs[c.Key] = next
		l.clientIDs = append(l.clientIDs, next)
		next++
	}
	levels := map[string]int{}
	for _, a := range accessLevelChoices(l.f) {
		levels[a.Description] = a.Code
	}
	entities := l.bulk("entity", entityColumns, "")
	addresses := l.bulk("address", []string{"entity_id", "type", "block", "street_name", "street_name_2", "street", "suburb", "state", "postcode", "country", "preferred", "status"}, "").after(entities)
	contacts := l.bulk("contact", []string{"entity_id", "type", "value", "country_code", "preferred"}, "").after(entities)
	users := l.bulk("app_user", []string{"username", "password_hash", "role_name", "entity_id", "disabled", "mfa_method", "mobile_phone", "created_at", "login_profile_id"}, "").after(entities)
	now := store.FormatTime(l.opts.Now)
	party := func(p *Party, kind string, id int64, extra func() (level, partner, adviser any, prefs [3]bool, statuses [4]string, intro, hours string)) {
		level, partner, adviser, prefs, st, intro, hours := extra()
		created := now
		if p.CreatedAt != "" {
			t, _ := parseCreatedAt(p.CreatedAt) // validated
			created = store.FormatTime(t)
		}
		entityType := 1
		if p.EntityType == "NonIndividual" {
			entityType = 0
		}
		entities.add(id, l.firmID, kind, entityType, p.Title, p.FirstName, p.LastName, p.PreferredName, entityName(*p),
			nullIfEmpty(p.DOB), preferredEmail(*p), preferredPostcode(*p), partyRegion(*p, l.f), partyLocale(*p, l.f),
			partyTimezone(*p, l.f), partyCurrency(*p, l.f), level, partner, adviser, p.MiddleName, p.AddressTitle,
			p.Salutation, p.ExternalID, p.CountryOfBirth, p.Nationality, p.MaritalStatus, orDefault(p.EntityClientStatus, "Active"),
			p.UKDomicileCountry, p.UKDomiciled, prefs[0], prefs[1], prefs[2], st[0], st[1], st[2], st[3], intro, hours, created)
		for _, a := range p.Addresses {
			addresses.add(id, addressTypes[a.Type], a.Block, a.StreetName, a.StreetName2, a.Street, a.Suburb, a.State, a.Postcode,
				a.Country, a.Preferred, orDefault(a.Status, "Current"))
			l.sum.Addresses++
		}
		for _, c := range p.Contacts {
			contacts.add(id, c.Type, c.Value, c.CountryCode, c.Preferred)
			l.sum.Contacts++
		}
		if lg := p.Login; lg != nil {
			role := auth.RoleClient
			if kind == "adviser" {
				role = auth.RoleAdviser
			}
			hash := lg.PasswordHash
			if lg.Password != "" {
				hash = l.hashes[strings.ToLower(lg.Username)]
			}
			var profile any
			if lg.LoginProfile != "" {
				profile = l.profileIDs[lg.LoginProfile]
			}
			users.add(lg.Username, hash, role, id, lg.Disabled, lg.MFAMethod, lg.MobilePhone, now, profile)
			l.sum.Logins++
		}
	}
	for i := range l.f.Advisers {
		a := &l.f.Advisers[i]
		party(&a.Party, "adviser", l.adviserIDs[i], func() (any, any, any, [3]bool, [4]string, string, string) {
			return nil, nil, nil, [3]bool{true, false, false}, [4]string{}, a.IntroductionText, a.OpeningHours
		})
	}
	l.sum.Advisers = len(l.f.Advisers)
	for i := range l.f.Clients {
		c := &l.f.Clients[i]
		party(&c.Party, "client", l.clientIDs[i], func() (any, any, any, [3]bool, [4]string, string, string) {
			var level any
			if c.ClientAccessLevel != "" {
				level = levels[c.ClientAccessLevel]
			}
			prefs := [3]bool{boolOr(c.CommPrefEmail, true), boolOr(c.CommPrefMail, false), boolOr(c.CommPrefSMS, false)}
			return level, nil, l.partyIDs[c.Adviser], prefs,
				journeyStatuses(c), "", ""
		})
	}
	l.sum.Clients = len(l.f.Clients)
	for _, b := range []*bulkInsert{entities, addresses, contacts, users} {
		if err := b.flush(); err != nil {
			return err
		}
	}
	// Partners name each other, so the link is made once both rows exist. (Deferring foreign
	// keys instead makes SQLite scan for orphans on every later insert: minutes, not seconds.)
	stmt, err := l.tx.PrepareContext(l.ctx, l.db.Rebind(`UPDATE entity SET partner_entity_id = ? WHERE id = ?`))
	if err != nil {
		return err
	}
	defer stmt.Close()
	for i, c := range l.f.Clients {
		if c.Partner != "" {
			if _, err := stmt.ExecContext(l.ctx, l.partyIDs[c.Partner], l.clientIDs[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (l *loader) settings() error {
	groups := l.bulk("client_group", []string{"id", "firm_id", "name"}, "")
	members := l.bulk("client_group_member", []string{"group_id", "entity_id", "login_accessible"}, "").after(groups)
	next, err := l.nextID("client_group")
	if err != nil {
		return err
	}
	for _, g := range l.f.ClientGroups {
		groups.add(next, l.firmID, g.Name)
		for _, m := range g.Members {
			members.add(next, l.partyIDs[m.Client], boolOr(m.LoginAccessible, true))
		}
		next++
	}
	l.sum.ClientGroups = len(l.f.ClientGroups)
	caps := l.bulk("capability_grant", []string{"firm_id", "role_name", "entity_id", "capability", "enabled"}, "")
	for _, c := range l.f.Capabilities {
		var entity any
		if c.Entity != "" {
			entity = l.partyIDs[c.Entity]
		}
		caps.add(l.firmID, c.Role, entity, c.Capability, c.Enabled)
	}
	toggles := l.bulk("feature_toggle", []string{"firm_id", "name", "enabled"}, "")
	for _, name := range sortedKeys(l.f.FeatureToggles) {
		toggles.add(l.firmID, name, l.f.FeatureToggles[name])
	}
	ufields := l.bulk("ufield_choice", []string{"group_name", "field_name", "code", "description", "sort_order"},
		"ON CONFLICT (group_name, field_name, code) DO UPDATE SET description = excluded.description, sort_order = excluded.sort_order")
	for _, u := range l.f.UfieldChoices {
		ufields.add(u.Group, u.Field, u.Code, u.Description, u.SortOrder)
	}
	for _, b := range []*bulkInsert{groups, members, caps, toggles, ufields} {
		if err := b.flush(); err != nil {
			return err
		}
	}
	return nil
}

// marketData upserts securities (by code), their allocations, prices, FX rates and
// benchmarks: market data is shared by the store's firms.
func (l *loader) marketData() error {
	existing, err := l.idsBy(`SELECT code, id FROM security`)
	if err != nil {
		return err
	}
	next, err := l.nextID("security")
	if err != nil {
		return err
	}
	l.securityID = make(map[string]int64, len(l.f.Securities))
	secs := l.bulk("security", []string{"id", "code", "exchange", "isin", "description", "currency", "asset_class_code", "sector_name", "region", "annual_income_per_unit"},
		`ON CONFLICT (id) DO UPDATE SET exchange = excluded.exchange, isin = excluded.isin, description = excluded.description,
		currency = excluded.currency, asset_class_code = excluded.asset_class_code, sector_name = excluded.sector_name,
		region = excluded.region, annual_income_per_unit = excluded.annual_income_per_unit`)
	allocs := l.bulk("security_allocation", []string{"security_id", "kind", "code", "weight"}, "").after(secs)
	for _, s := range l.f.Securities {
		id, found := existing[s.Code]
		if found {
			if err := l.exec(`DELETE FROM security_allocation WHERE security_id = ?`, id); err != nil {
				return err
			}
		} else {
			id = next
			next++
		}
		l.securityID[s.Code] = id
		secs.add(id, s.Code, s.Exchange, s.ISIN, s.Description, s.Currency, s.AssetClassCode, s.SectorName, s.Region, s.AnnualIncomePerUnit)
		for _, a := range s.Allocations {
			allocs.add(id, a.Kind, a.Code, a.Weight)
		}
	}
	l.sum.Securities = len(l.f.Securities)
	if err := secs.flush(); err != nil {
		return err
	}
	if err := allocs.flush(); err != nil {
		return err
	}
	prices := l.bulk("security_price", []string{"security_id", "price_date", "close_price"},
		"ON CONFLICT (security_id, price_date) DO UPDATE SET close_price = excluded.close_price")
	for _, p := range l.f.Prices {
		id := l.securityID[p.Security]
		l.sum.Prices += eachPoint(p.Series, func(date string, v float64) { prices.add(id, date, v) })
	}
	if err := prices.flush(); err != nil {
		return err
	}
	fx := l.bulk("fx_rate", []string{"base_currency", "quote_currency", "rate_date", "rate"},
		"ON CONFLICT (base_currency, quote_currency, rate_date) DO UPDATE SET rate = excluded.rate")
	for _, s := range l.f.FXRates {
		// Upper-case codes: ledger looks rates up by code through the primary key.
		base, quote := strings.ToUpper(strings.TrimSpace(s.Base)), strings.ToUpper(strings.TrimSpace(s.Quote))
		l.sum.FXRates += eachPoint(s.Series, func(date string, v float64) { fx.add(base, quote, date, v) })
	}
	if err := fx.flush(); err != nil {
		return err
	}
	benchIDs, err := l.idsBy(`SELECT name, id FROM benchmark`)
	if err != nil {
		return err
	}
	nextBench, err := l.nextID("benchmark")
	if err != nil {
		return err
	}
	values := l.bulk("benchmark_value", []string{"benchmark_id", "value_date", "value"},
		"ON CONFLICT (benchmark_id, value_date) DO UPDATE SET value = excluded.value")
	for _, b := range l.f.Benchmarks {
		id, found := benchIDs[b.Name]
		if !found {
			id = nextBench
			nextBench++
		}
		if err := l.exec(`INSERT INTO benchmark (id, name, currency) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET currency = excluded.currency`, id, b.Name, b.Currency); err != nil {
			return err
		}
		l.sum.BenchmarkValues += eachPoint(b.Series, func(date string, v float64) { values.add(id, date, v) })
	}
	l.sum.Benchmarks = len(l.f.Benchmarks)
	return values.flush()
}

func (l *loader) idsBy(query string) (map[string]int64, error) {
	rows, err := l.tx.QueryContext(l.ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var k string
		var id int64
		if err := rows.Scan(&k, &id); err != nil {
			return nil, err
		}
		out[k] = id
	}
	return out, rows.Err()
}

func (l *loader) portfolios() error {
	pfIDs := make(map[string]int64, len(l.f.Portfolios))
	next, err := l.nextID("portfolio")
	if err != nil {
		return err
	}
	pfs := l.bulk("portfolio", []string{"id", "firm_id", "entity_id", "portfolio_name", "ptype", "report_currency"}, "")
	parties := l.bulk("portfolio_party", []string{"portfolio_id", "entity_id", "reason_for_visibility"}, "").after(pfs)
	for i := range l.f.Portfolios {
		p := &l.f.Portfolios[i]
		pfIDs[p.Key] = next
		pfs.add(next, l.firmID, l.partyIDs[p.Owner], p.PortfolioName, p.PType, l.ix.portfolioCurrency(p))
		for _, party := range portfolioParties(*p) {
			parties.add(next, l.partyIDs[party.Client], party.ReasonForVisibility)
		}
		next++
	}
	l.sum.Portfolios = len(l.f.Portfolios)
	accNext, err := l.nextID("account")
	if err != nil {
		return err
	}
	l.accountIDs = make(map[string]int64, len(l.f.Accounts))
	accounts := l.bulk("account", []string{"id", "portfolio_id", "description", "tax_structure", "product", "external_account_id", "subfund",
		"tax_type", "tax_type_title", "service_type", "plan_currency", "base_currency", "report_currency", "active_date", "vendor_id",
		"active", "blocked", "is_default"}, "").after(pfs)
	for i := range l.f.Accounts {
		a := &l.f.Accounts[i]
		l.accountIDs[a.Key] = accNext
		plan, base, report := l.ix.accountCurrencies(a)
		accounts.add(accNext, pfIDs[a.Portfolio], a.Description, a.TaxStructure, a.Product, a.ExternalAccountID, a.Subfund,
			a.TaxType, a.TaxTypeTitle, orDefault(a.ServiceType, "Managed"), plan, base, report, a.ActiveDate, a.VendorID,
			boolOr(a.Active, true), a.Blocked, a.IsDefault)
		accNext++
	}
	l.sum.Accounts = len(l.f.Accounts)
	grpNext, err := l.nextID("account_group")
	if err != nil {
		return err
	}
	groups := l.bulk("account_group", []string{"id", "entity_id", "group_code", "group_name", "report_currency"}, "")
	members := l.bulk("account_group_member", []string{"group_id", "account_id"}, "").after(groups, accounts)
	for _, g := range l.f.AccountGroups {
		c, _ := l.ix.client(g.Client)
		groups.add(grpNext, l.partyIDs[g.Client], g.GroupCode, g.GroupName, orDefault(g.ReportCurrency, partyCurrency(c.Party, l.f)))
		for _, key := range g.Accounts {
			members.add(grpNext, l.accountIDs[key])
		}
		grpNext++
	}
	l.sum.AccountGroups = len(l.f.AccountGroups)
	links := l.bulk("account_user_visibility_link", []string{"entity_id", "account_id", "visible"}, "").after(accounts)
	for _, v := range l.f.AccountVisibility {
		links.add(l.partyIDs[v.Client], l.accountIDs[v.Account], v.Visible)
	}
	for _, b := range []*bulkInsert{pfs, parties, accounts, groups, members, links} {
		if err := b.flush(); err != nil {
			return err
		}
	}
	return nil
}

func (l *loader) transactions() error {
	txns := l.bulk("txn", []string{"account_id", "security_id", "kind", "transaction_type_desc", "trade_date", "settlement_date",
		"volume", "price_per_unit", "gross_amount", "fee", "tax", "net_amount", "native_currency", "comment", "sub_position"}, "")
	for i := range l.f.Accounts {
		a := &l.f.Accounts[i]
		id := l.accountIDs[a.Key]
		// Ids follow trade date (file order within a day), so id order is date order.
		order := make([]int, len(a.Transactions))
		for k := range order {
			order[k] = k
		}
		sort.SliceStable(order, func(x, y int) bool { return a.Transactions[order[x]].TradeDate < a.Transactions[order[y]].TradeDate })
		for _, k := range order {
			t := &a.Transactions[k]
			r := l.ix.resolveTxn(a, t, func(string, string) {})
			var sec any
			if t.Security != "" {
				sec = l.securityID[t.Security]
			}
			txns.add(id, sec, t.Kind, r.desc, t.TradeDate, r.settlementDate, t.Volume, t.PricePerUnit, r.gross, t.Fee, t.Tax, r.net, r.currency, t.Comment, t.SubPosition)
		}
		l.sum.Transactions += len(a.Transactions)
	}
	return txns.flush()
}

func (l *loader) meta() error {
	for _, k := range sortedKeys(l.opts.Meta) {
		if err := l.exec(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, k, l.opts.Meta[k]); err != nil {
			return err
		}
	}
	return nil
}

// eachPoint calls fn for every dated value of a series and answers how many there were.
func eachPoint(s Series, fn func(date string, v float64)) int {
	if len(s.Points) > 0 {
		for _, p := range s.Points {
			fn(p.Date, p.Value)
		}
		return len(s.Points)
	}
	d, err := time.Parse(dateLayout, s.Start)
	if err != nil {
		return 0 // validated before; unreachable
	}
	for _, v := range s.Closes {
		fn(d.Format(dateLayout), v)
		d = nextBusinessDay(d)
	}
	return len(s.Closes)
}

// nextBusinessDay is the next Monday to Friday after d.
func nextBusinessDay(d time.Time) time.Time {
	d = d.AddDate(0, 0, 1)
	for isWeekend(d) {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func boolOr(b *bool, def bool) bool {
	if b == nil {
		return def
	}
	return *b
}

// journeyStatuses are a client's review, fact-find and robo statuses in the spec's values
// (package journeys); validate has refused any it cannot read.
func journeyStatuses(c *Client) [4]string {
	review, _ := journeys.ParseReviewStatus(c.XptReviewStatus)
	factFind, _ := journeys.ParseFactFindStatus(c.FactFindStatus)
	roboType, roboStatus, _ := journeys.ParseRobo(c.RoboJourneyType, c.RoboJourneyStatus)
	return [4]string{strconv.Itoa(int(review)), factFind, roboType, roboStatus}
}
