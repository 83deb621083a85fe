package firmdata

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	_ "time/tzdata" // time zones are checked the same way on every machine
	"wealthportal/backend/internal/journeys"

	"wealthportal/backend/internal/access"
)

var (
	currencyRe   = regexp.MustCompile(`^[A-Z]{3}$`)
	localeRe     = regexp.MustCompile(`^[a-z]{2}-[a-z]{2}$`)
	emailRe      = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
	phoneRe      = regexp.MustCompile(`^\+?[0-9][0-9 ()-]{5,19}$`)
	toggleRe     = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	countryRe    = regexp.MustCompile(`^[A-Z]{2}$`)
	isinRe       = regexp.MustCompile(`^[A-Z]{2}[A-Z0-9]{9}[0-9]$`)
	bcryptRe     = regexp.MustCompile(`^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$`)
	postcodeRule = map[string]struct {
		re   *regexp.Regexp
		hint string
	}{
		"GB": {regexp.MustCompile(`^(GIR 0AA|[A-Z]{1,2}[0-9][0-9A-Z]? [0-9][ABD-HJLNP-UW-Z]{2})$`), "a UK postcode such as BS8 4JY"},
		"AU": {regexp.MustCompile(`^[0-9]{4}$`), "four digits"},
		"NZ": {regexp.MustCompile(`^[0-9]{4}$`), "four digits"},
		"CA": {regexp.MustCompile(`^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$`), "a Canadian postal code such as M5R 2E3"},
	}
)

const (
	dateLayout     = "2006-01-02"
	maxTimeout     = 1440 // minutes in a day: a longer inactivity timeout is a mistake
	minPasswordLen = 8
	// volumeTolerance absorbs the float error of summing many four-decimal volumes.
	volumeTolerance = 1e-6
)

// validator collects every problem of a firm.
type validator struct {
	f        *Firm
	ix       *index
	problems []Problem
	zones    map[string]bool
	// currencies in use other than the firm's base, each with where it was first used.
	currencies map[string]string
	fxPairs    map[[2]string]bool
}

// Validate checks a firm and returns every problem, each with its location, in file order; an
// empty list means Load will accept the firm (unless it clashes with what the store holds).
func Validate(f Firm) []Problem {
	v := &validator{f: &f, ix: newIndex(&f), zones: map[string]bool{}, currencies: map[string]string{}, fxPairs: map[[2]string]bool{}}
	v.firm()
	v.accessLevels()
	v.loginProfiles()
	usernames := map[string]string{}
	partyKeys := map[string]string{}
	for i := range f.Advisers {
		v.adviser(fmt.Sprintf("advisers[%d]", i), &f.Advisers[i], partyKeys, usernames)
	}
	for i := range f.Clients {
		v.client(fmt.Sprintf("clients[%d]", i), &f.Clients[i], partyKeys, usernames)
	}
	v.loginSteps()
	v.capabilities()
	v.toggles()
	v.ufields()
	v.clientGroups()
	v.portfolios()
	v.securities()
	v.accounts()
	v.accountGroups()
	v.visibility()
	v.prices()
	v.fx()
	v.benchmarks()
	v.fxCoverage()
	v.messages()
	return v.problems
}

func (v *validator) add(path, format string, args ...any) {
	v.problems = append(v.problems, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
}

func (v *validator) required(path, value string) bool {
	if strings.TrimSpace(value) == "" {
		v.add(path, "required")
		return false
	}
	return true
}

// date checks an optional YYYY-MM-DD date.
func (v *validator) date(path, s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	d, err := time.Parse(dateLayout, s)
	if err != nil {
		v.add(path, "want a date YYYY-MM-DD, got %q", s)
		return time.Time{}, false
	}
	return d, true
}

// currency checks an optional ISO 4217 code and records it for the FX coverage check.
func (v *validator) currency(path, s string) {
	if s == "" {
		return
	}
	if !currencyRe.MatchString(s) {
		v.add(path, "want a three-letter currency code such as GBP, got %q", s)
		return
	}
	v.useCurrency(path, s)
}

func (v *validator) useCurrency(path, s string) {
	if _, seen := v.currencies[s]; !seen && currencyRe.MatchString(s) {
		v.currencies[s] = path
	}
}

func (v *validator) oneOf(path, s string, choices []string) bool {
	if slices.Contains(choices, s) {
		return true
	}
	if s == "" {
		v.add(path, "required: one of %s", strings.Join(choices, ", "))
	} else {
		v.add(path, "want one of %s, got %q", strings.Join(choices, ", "), s)
	}
	return false
}

func (v *validator) firm() {
	if v.f.FormatVersion != FormatVersion {
		v.add("format_version", "want %d, got %d", FormatVersion, v.f.FormatVersion)
	}
	fi := v.f.Firm
	v.required("firm.name", fi.Name)
	v.required("firm.product_name", fi.ProductName)
	if v.required("firm.region", fi.Region) {
		if _, ok := regionDefaults[fi.Region]; !ok {
			v.add("firm.region", "want %s, got %q", regionList, fi.Region)
		}
	}
	if v.required("firm.base_currency", fi.BaseCurrency) && !currencyRe.MatchString(fi.BaseCurrency) {
		v.add("firm.base_currency", "want a three-letter currency code such as GBP, got %q", fi.BaseCurrency)
	}
	for i, l := range fi.SiteLocales {
		if !localeRe.MatchString(l) {
			v.add(fmt.Sprintf("firm.site_locales[%d]", i), "want a locale such as en-gb, got %q", l)
		}
	}
}

// accessLevelChoices are the client_access_level choices the clients may name.
func accessLevelChoices(f *Firm) []AccessLevel {
	if len(f.ClientAccessLevels) > 0 {
		return f.ClientAccessLevels
	}
	return StandardAccessLevels
}

func (v *validator) accessLevels() {
	codes, descs := map[int]bool{}, map[string]bool{}
	for i, a := range v.f.ClientAccessLevels {
		p := fmt.Sprintf("client_access_levels[%d]", i)
		if a.Code < 0 {
			v.add(p+".code", "must not be negative")
		}
		if codes[a.Code] {
			v.add(p+".code", "duplicate code %d", a.Code)
		}
		codes[a.Code] = true
		if v.required(p+".description", a.Description) {
			if descs[a.Description] {
				v.add(p+".description", "duplicate description %q", a.Description)
			}
			descs[a.Description] = true
		}
	}
}

func (v *validator) loginProfiles() {
	seen := map[string]bool{}
	for i, lp := range v.f.LoginProfiles {
		p := fmt.Sprintf("login_profiles[%d]", i)
		if v.required(p+".key", lp.Key) {
			if seen[lp.Key] {
				v.add(p+".key", "duplicate login profile key %q", lp.Key)
			}
			seen[lp.Key] = true
		}
		v.required(p+".name", lp.Name)
		if lp.InactiveSessionTimeoutClient < 1 || lp.InactiveSessionTimeoutClient > maxTimeout {
			v.add(p+".inactive_session_timeout_client", "want minutes between 1 and %d, got %d", maxTimeout, lp.InactiveSessionTimeoutClient)
		}
		if lp.InactiveSessionTimeout < 1 || lp.InactiveSessionTimeout > maxTimeout {
			v.add(p+".inactive_session_timeout", "want minutes between 1 and %d, got %d", maxTimeout, lp.InactiveSessionTimeout)
		}
	}
}

func (v *validator) adviser(path string, a *Adviser, partyKeys, usernames map[string]string) {
	v.party(path, &a.Party, partyKeys, usernames)
	if a.Login != nil && !strings.HasSuffix(strings.ToLower(a.Login.Username), "@client") && a.Login.Username != "" {
		v.add(path+".login.username", "an adviser's username must end with @client (the Adviser tab of the login page appends it), got %q", a.Login.Username)
	}
}

func (v *validator) client(path string, c *Client, partyKeys, usernames map[string]string) {
	v.party(path, &c.Party, partyKeys, usernames)
	if v.required(path+".adviser", c.Adviser) {
		if _, ok := v.ix.advisers[c.Adviser]; !ok {
			v.add(path+".adviser", "no adviser has key %q", c.Adviser)
		}
	}
	if c.Partner != "" {
		partner, ok := v.ix.client(c.Partner)
		switch {
		case !ok:
			v.add(path+".partner", "no client has key %q", c.Partner)
		case c.Partner == c.Key:
			v.add(path+".partner", "a client cannot be their own partner")
		case partner.Partner != "" && partner.Partner != c.Key:
			v.add(path+".partner", "%q names %q as their partner, not %q", c.Partner, partner.Partner, c.Key)
		}
	}
	if _, err := journeys.ParseReviewStatus(c.XptReviewStatus); err != nil {
		v.add(path+".xpt_review_status", "want 1-5 or None, InProgress, FollowUpRequired, ChangesReported, NoChangesReported, got %q", c.XptReviewStatus)
	}
	if _, err := journeys.ParseFactFindStatus(c.FactFindStatus); err != nil {
		v.add(path+".fact_find_status", "want '0', '1' or '2', got %q", c.FactFindStatus)
	}
	if _, _, err := journeys.ParseRobo(c.RoboJourneyType, c.RoboJourneyStatus); err != nil {
		v.add(path+".robo_journey_status", "want type investment or retirement_health_check with status enabled, in_progress, follow_up_requested, declined or none, got %q / %q", c.RoboJourneyType, c.RoboJourneyStatus)
	}
	if c.ClientAccessLevel != "" {
		var descs []string
		for _, a := range accessLevelChoices(v.f) {
			descs = append(descs, a.Description)
		}
		v.oneOf(path+".client_access_level", c.ClientAccessLevel, descs)
	}
}

func (v *validator) party(path string, p *Party, partyKeys, usernames map[string]string) {
	if v.required(path+".key", p.Key) {
		if first, dup := partyKeys[p.Key]; dup {
			v.add(path+".key", "duplicate key %q (also %s)", p.Key, first)
		} else {
			partyKeys[p.Key] = path
		}
	}
	individual := true
	switch p.EntityType {
	case "", "Individual":
	case "NonIndividual":
		individual = false
	default:
		v.add(path+".entity_type", "want Individual or NonIndividual, got %q", p.EntityType)
	}
	if individual {
		v.required(path+".first_name", p.FirstName)
		v.required(path+".last_name", p.LastName)
	} else {
		v.required(path+".entity_name", p.EntityName)
	}
	if d, ok := v.date(path+".dob", p.DOB); ok && d.Year() < 1900 {
		v.add(path+".dob", "before 1900")
	}
	if p.PreferredEmail != "" && !emailRe.MatchString(p.PreferredEmail) {
		v.add(path+".preferred_email", "not an email address: %q", p.PreferredEmail)
	}
	if p.Region != "" {
		if _, ok := regionDefaults[p.Region]; !ok {
			v.add(path+".region", "want %s, got %q", regionList, p.Region)
		}
	}
	if p.Locale != "" && !localeRe.MatchString(p.Locale) {
		v.add(path+".locale", "want a locale such as en-gb, got %q", p.Locale)
	}
	if p.UserTimezone != "" && !v.zone(p.UserTimezone) {
		v.add(path+".user_timezone", "unknown time zone %q", p.UserTimezone)
	}
	v.currency(path+".preferred_currency", p.PreferredCurrency)
	if p.PreferredCurrency == "" {
		v.useCurrency(path, partyCurrency(*p, v.f))
	}
	if p.UKDomicileCountry != "" && !countryRe.MatchString(p.UKDomicileCountry) {
		v.add(path+".uk_domicile_country", "want a two-letter country code, got %q", p.UKDomicileCountry)
	}
	if p.CreatedAt != "" {
		if _, err := parseCreatedAt(p.CreatedAt); err != nil {
			v.add(path+".created_at", "want YYYY-MM-DD or an RFC 3339 time, got %q", p.CreatedAt)
		}
	}
	preferredAddress := false
	for i, a := range p.Addresses {
		ap := fmt.Sprintf("%s.addresses[%d]", path, i)
		v.address(ap, a, addressRegion(a, *p, v.f))
		if a.Preferred {
			if preferredAddress {
				v.add(ap+".preferred", "more than one preferred address")
			}
			preferredAddress = true
		}
	}
	preferredOf := map[bool]bool{} // true: emails, false: phones
	for i, c := range p.Contacts {
		cp := fmt.Sprintf("%s.contacts[%d]", path, i)
		desc, ok := contactTypes[c.Type]
		if !ok {
			v.oneOf(cp+".type", c.Type, []string{"p1", "p2", "p3", "m1", "m2"})
		}
		email := strings.HasPrefix(c.Type, "m")
		if v.required(cp+".value", c.Value) && ok {
			if email && !emailRe.MatchString(c.Value) {
				v.add(cp+".value", "not an email address (%s): %q", desc, c.Value)
			}
			if !email && !phoneRe.MatchString(c.Value) {
				v.add(cp+".value", "not a phone number (%s): %q", desc, c.Value)
			}
		}
		if c.Preferred && ok {
			if preferredOf[email] {
				kind := "phone number"
				if email {
					kind = "email address"
				}
				v.add(cp+".preferred", "more than one preferred %s", kind)
			}
			preferredOf[email] = true
		}
	}
	if p.Login != nil {
		v.login(path+".login", p, usernames)
	}
}

func (v *validator) zone(name string) bool {
	ok, seen := v.zones[name]
	if !seen {
		_, err := time.LoadLocation(name)
		ok = err == nil && name != "Local"
		v.zones[name] = ok
	}
	return ok
}

func (v *validator) address(path string, a Address, region string) {
	if _, ok := addressTypes[a.Type]; !ok {
		v.oneOf(path+".type", a.Type, []string{"postal", "residential", "work"})
	}
	if a.Country != "" && !countryRe.MatchString(a.Country) {
		v.add(path+".country", "want a two-letter country code such as GB, got %q", a.Country)
	}
	if region == "GB" {
		if a.Block == "" && a.StreetName == "" {
			v.add(path+".street_name", "required: a GB address needs block or street_name")
		}
		if a.Street != "" {
			v.add(path+".street", "a GB address uses block, street_name and street_name_2, not street")
		}
	} else {
		v.required(path+".street", a.Street)
	}
	if rule, ok := postcodeRule[region]; ok {
		if v.required(path+".postcode", a.Postcode) && !rule.re.MatchString(a.Postcode) {
			v.add(path+".postcode", "want %s, got %q", rule.hint, a.Postcode)
		}
	}
}

func (v *validator) login(path string, p *Party, usernames map[string]string) {
	l := p.Login
	if v.required(path+".username", l.Username) {
		lower := strings.ToLower(l.Username)
		switch {
		case strings.ContainsAny(l.Username, " \t\r\n"):
			v.add(path+".username", "must not contain spaces")
		case len(l.Username) > 100:
			v.add(path+".username", "longer than 100 characters")
		}
		if first, dup := usernames[lower]; dup {
			v.add(path+".username", "duplicate username %q (also %s)", l.Username, first)
		} else {
			usernames[lower] = path
		}
	}
	switch {
	case l.Password != "" && l.PasswordHash != "":
		v.add(path, "give password or password_hash, not both")
	case l.Password != "" && len(l.Password) < minPasswordLen:
		v.add(path+".password", "shorter than %d characters", minPasswordLen)
	case l.PasswordHash != "" && !bcryptRe.MatchString(l.PasswordHash):
		v.add(path+".password_hash", "not a bcrypt hash ($2a$, $2b$ or $2y$)")
	}
	if l.MobilePhone != "" && !phoneRe.MatchString(l.MobilePhone) {
		v.add(path+".mobile_phone", "not a phone number: %q", l.MobilePhone)
	}
	switch l.MFAMethod {
	case "", "token":
	case "sms":
		if l.MobilePhone == "" {
			v.add(path+".mobile_phone", "required when mfa_method is sms")
		}
	case "email":
		if preferredEmail(*p) == "" {
			v.add(path+".mfa_method", "email needs the party to have an email address")
		}
	default:
		v.add(path+".mfa_method", "want sms, email, token or nothing, got %q", l.MFAMethod)
	}
	if l.LoginProfile != "" {
		if _, ok := v.ix.profiles[l.LoginProfile]; !ok {
			v.add(path+".login_profile", "no login profile has key %q", l.LoginProfile)
		}
	}
	v.securityQuestions(path+".security_questions", l.SecurityQuestions)
}

func (v *validator) capabilities() {
	seen := map[string]bool{}
	for i, c := range v.f.Capabilities {
		p := fmt.Sprintf("capabilities[%d]", i)
		v.oneOf(p+".role", c.Role, []string{access.RoleClient, access.RoleAdviser})
		v.oneOf(p+".capability", c.Capability, access.KnownCapabilities)
		if c.Entity != "" {
			_, isClient := v.ix.clients[c.Entity]
			_, isAdviser := v.ix.advisers[c.Entity]
			switch {
			case c.Role == access.RoleClient && !isClient:
				v.add(p+".entity", "no client has key %q", c.Entity)
			case c.Role == access.RoleAdviser && !isAdviser:
				v.add(p+".entity", "no adviser has key %q", c.Entity)
			}
		}
		k := c.Role + "|" + c.Entity + "|" + c.Capability
		if seen[k] {
			v.add(p, "duplicate grant of %s to %s%s", c.Capability, c.Role, forEntity(c.Entity))
		}
		seen[k] = true
	}
}

func forEntity(key string) string {
	if key == "" {
		return ""
	}
	return " for " + key
}

func (v *validator) toggles() {
	for _, name := range sortedKeys(v.f.FeatureToggles) {
		if !toggleRe.MatchString(name) {
			v.add(join("feature_toggles", name), "a toggle name is lower case letters, digits and hyphens")
		}
	}
}

func (v *validator) ufields() {
	seen := map[string]bool{}
	for i, u := range v.f.UfieldChoices {
		p := fmt.Sprintf("ufield_choices[%d]", i)
		ok := v.required(p+".group", u.Group)
		ok = v.required(p+".field", u.Field) && ok
		ok = v.required(p+".code", u.Code) && ok
		v.required(p+".description", u.Description)
		k := u.Group + "/" + u.Field + "/" + u.Code
		if ok && seen[k] {
			v.add(p+".code", "duplicate choice %s", k)
		}
		seen[k] = true
	}
}

func (v *validator) clientRef(path, key string) bool {
	if !v.required(path, key) {
		return false
	}
	if _, ok := v.ix.clients[key]; !ok {
		v.add(path, "no client has key %q", key)
		return false
	}
	return true
}

func (v *validator) clientGroups() {
	keys := map[string]bool{}
	for i, g := range v.f.ClientGroups {
		p := fmt.Sprintf("client_groups[%d]", i)
		if v.required(p+".key", g.Key) {
			if keys[g.Key] {
				v.add(p+".key", "duplicate client group key %q", g.Key)
			}
			keys[g.Key] = true
		}
		v.required(p+".name", g.Name)
		if len(g.Members) == 0 {
			v.add(p+".members", "a group needs at least one member")
		}
		members := map[string]bool{}
		for j, m := range g.Members {
			mp := fmt.Sprintf("%s.members[%d].client", p, j)
			if v.clientRef(mp, m.Client) {
				if members[m.Client] {
					v.add(mp, "%q is already a member", m.Client)
				}
				members[m.Client] = true
			}
		}
	}
}

func (v *validator) portfolios() {
	keys := map[string]bool{}
	for i := range v.f.Portfolios {
		pf := &v.f.Portfolios[i]
		p := fmt.Sprintf("portfolios[%d]", i)
		if v.required(p+".key", pf.Key) {
			if keys[pf.Key] {
				v.add(p+".key", "duplicate portfolio key %q", pf.Key)
			}
			keys[pf.Key] = true
		}
		ownerOK := v.clientRef(p+".owner", pf.Owner)
		v.required(p+".portfolio_name", pf.PortfolioName)
		ptypeOK := v.oneOf(p+".ptype", pf.PType, ptypes)
		v.currency(p+".report_currency", pf.ReportCurrency)
		count := map[string]int{}
		seen := map[string]bool{}
		ownerReason := ""
		for j, party := range portfolioParties(*pf) {
			pp := fmt.Sprintf("%s.parties[%d]", p, j)
			refOK := ownerOK // the default party is the owner, already checked
			if len(pf.Parties) > 0 {
				refOK = v.clientRef(pp+".client", party.Client)
			}
			if refOK && seen[party.Client] {
				v.add(pp+".client", "%q is already a party", party.Client)
			}
			seen[party.Client] = true
			if len(pf.Parties) > 0 && !v.oneOf(pp+".reason_for_visibility", party.ReasonForVisibility, reasons) {
				continue
			}
			count[party.ReasonForVisibility]++
			if party.Client == pf.Owner {
				ownerReason = party.ReasonForVisibility
			}
		}
		if !ptypeOK || !ownerOK {
			continue
		}
		where := p + ".parties"
		want := map[string]string{"PT_SINGLE": "single_owner", "PT_JOINT": "primary_joint_owner", "PT_SHARED": "shared_owner"}[pf.PType]
		if ownerReason != want {
			v.add(where, "the owner %q of a %s portfolio must be a party as %s", pf.Owner, pf.PType, want)
		}
		allowed := map[string][]string{
			"PT_SINGLE": {"single_owner", "explicit_link"},
			"PT_JOINT":  {"primary_joint_owner", "secondary_joint_owner", "explicit_link"},
			"PT_SHARED": {"shared_owner", "explicit_link"},
		}[pf.PType]
		for _, r := range sortedKeys(count) {
			if !slices.Contains(allowed, r) {
				v.add(where, "a %s portfolio cannot have a %s", pf.PType, r)
			}
		}
		if count[want] > 1 {
			v.add(where, "a %s portfolio has one %s, not %d", pf.PType, want, count[want])
		}
		if pf.PType == "PT_JOINT" && count["secondary_joint_owner"] == 0 {
			v.add(where, "a PT_JOINT portfolio needs a secondary_joint_owner")
		}
	}
}

func (v *validator) securities() {
	codes := map[string]string{}
	for i, s := range v.f.Securities {
		p := fmt.Sprintf("securities[%d]", i)
		if v.required(p+".code", s.Code) {
			lower := strings.ToLower(s.Code)
			if first, dup := codes[lower]; dup {
				v.add(p+".code", "duplicate security code %q (also %s)", s.Code, first)
			} else {
				codes[lower] = p
			}
		}
		v.required(p+".description", s.Description)
		if v.required(p+".currency", s.Currency) {
			v.currency(p+".currency", s.Currency)
		}
		if s.ISIN != "" && !validISIN(s.ISIN) {
			v.add(p+".isin", "not a valid ISIN (two letters, nine letters or digits, a check digit): %q", s.ISIN)
		}
		if s.AnnualIncomePerUnit < 0 {
			v.add(p+".annual_income_per_unit", "must not be negative")
		}
		sums := map[string]float64{}
		seen := map[string]bool{}
		for j, a := range s.Allocations {
			ap := fmt.Sprintf("%s.allocations[%d]", p, j)
			if !v.oneOf(ap+".kind", a.Kind, allocationKinds) {
				continue
			}
			if v.required(ap+".code", a.Code) {
				if seen[a.Kind+"|"+a.Code] {
					v.add(ap+".code", "duplicate %s %q", a.Kind, a.Code)
				}
				seen[a.Kind+"|"+a.Code] = true
			}
			if !(a.Weight > 0 && a.Weight <= 1) {
				v.add(ap+".weight", "want a fraction above 0 and at most 1, got %v", a.Weight)
			}
			sums[a.Kind] += a.Weight
		}
		for _, kind := range allocationKinds {
			if sum, ok := sums[kind]; ok && math.Abs(sum-1) > 0.001 {
				v.add(p+".allocations", "the %s weights add up to %.4f, not 1", kind, sum)
			}
		}
	}
}

// validISIN checks the format and the check digit (letters become 10..35, then Luhn).
func validISIN(s string) bool {
	if !isinRe.MatchString(s) {
		return false
	}
	return isinCheckDigit(s[:11]) == s[11]
}

// isinCheckDigit is the check digit of the first eleven characters of an ISIN.
func isinCheckDigit(body string) byte {
	var digits []int
	for _, r := range body {
		if r >= 'A' && r <= 'Z' {
			n := int(r-'A') + 10
			digits = append(digits, n/10, n%10)
		} else {
			digits = append(digits, int(r-'0'))
		}
	}
	sum := 0
	for i := len(digits) - 1; i >= 0; i-- {
		d := digits[i]
		if (len(digits)-1-i)%2 == 0 { // rightmost and every second digit leftwards is doubled
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return byte('0' + (10-sum%10)%10)
}

func (v *validator) accounts() {
	keys := map[string]bool{}
	for i := range v.f.Accounts {
		a := &v.f.Accounts[i]
		p := fmt.Sprintf("accounts[%d]", i)
		if v.required(p+".key", a.Key) {
			if keys[a.Key] {
				v.add(p+".key", "duplicate account key %q", a.Key)
			}
			keys[a.Key] = true
		}
		if v.required(p+".portfolio", a.Portfolio) {
			if _, ok := v.ix.portfolios[a.Portfolio]; !ok {
				v.add(p+".portfolio", "no portfolio has key %q", a.Portfolio)
			}
		}
		v.required(p+".description", a.Description)
		v.currency(p+".plan_currency", a.PlanCurrency)
		v.currency(p+".base_currency", a.BaseCurrency)
		v.currency(p+".report_currency", a.ReportCurrency)
		if a.ServiceType != "" && strings.TrimSpace(a.ServiceType) == "" {
			v.add(p+".service_type", "blank")
		}
		var active time.Time
		if v.required(p+".active_date", a.ActiveDate) {
			active, _ = v.date(p+".active_date", a.ActiveDate)
		}
		v.transactions(p, a, active)
	}
}

func (v *validator) transactions(path string, a *Account, active time.Time) {
	// Check holdings in date order (file order within a day): a sell may not exceed what the
	// account holds of the security at that point.
	order := make([]int, len(a.Transactions))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		return a.Transactions[order[x]].TradeDate < a.Transactions[order[y]].TradeDate
	})
	held := map[string]float64{}
	parted := map[string]bool{} // securities with a named part so far
	valid := make([]bool, len(a.Transactions))
	for i := range a.Transactions {
		valid[i] = v.transaction(fmt.Sprintf("%s.transactions[%d]", path, i), a, &a.Transactions[i], active)
	}
	for _, i := range order {
		t := &a.Transactions[i]
		if !valid[i] {
			continue
		}
		sec, ok := v.ix.security(t.Security)
		if !ok || (t.Kind != "buy" && t.Kind != "sell" && !((t.Kind == "transfer_in" || t.Kind == "transfer_out") && !isCashSecurity(sec))) {
			continue
		}
		// Each part of a holding (sub_position) is held, and sold, on its own.
		key, what := t.Security, t.Security
		if t.SubPosition != "" {
			key, what = t.Security+"\x00"+t.SubPosition, fmt.Sprintf("%s (part %q)", t.Security, t.SubPosition)
			parted[t.Security] = true
		} else if parted[t.Security] {
			what = t.Security + " (main part)"
		}
		switch t.Kind {
		case "buy", "transfer_in":
			held[key] += t.Volume
		case "sell", "transfer_out":
			if t.Volume > held[key]+volumeTolerance {
				v.add(fmt.Sprintf("%s.transactions[%d].volume", path, i), "%s of %v %s on %s exceeds the %v held",
					t.Kind, t.Volume, what, t.TradeDate, math.Round(held[key]*1e4)/1e4)
				continue
			}
			held[key] -= t.Volume
		}
	}
}

// maxSubPosition is the longest sub_position: a sub-account or lot reference.
const maxSubPosition = 40

func isTradeKind(kind string) bool {
	return kind == "buy" || kind == "sell" || kind == "transfer_in" || kind == "transfer_out"
}

// transaction checks one transaction and reports whether its units can count towards the
// holding. A bad date does not stop the amounts being checked, nor the other way round.
func (v *validator) transaction(p string, a *Account, t *Transaction, active time.Time) bool {
	amountsOK := true
	fail := func(ok *bool, field, format string, args ...any) {
		v.add(join(p, field), format, args...)
		*ok = false
	}
	_, known := txnKinds[t.Kind]
	if !known {
		v.oneOf(p+".kind", t.Kind, []string{"buy", "sell", "deposit", "withdrawal", "income", "fee", "transfer_in", "transfer_out"})
		amountsOK = false
	}
	trade, tradeOK := time.Time{}, false
	if v.required(p+".trade_date", t.TradeDate) {
		trade, tradeOK = v.date(p+".trade_date", t.TradeDate)
	}
	if tradeOK && !active.IsZero() && trade.Before(active) {
		v.add(p+".trade_date", "%s is before the account's active_date %s", t.TradeDate, active.Format(dateLayout))
	}
	if settle, sOK := v.date(p+".settlement_date", t.SettlementDate); sOK && tradeOK && settle.Before(trade) {
		v.add(p+".settlement_date", "before the trade_date")
	}
	var sec *Security
	if t.Security != "" {
		s, found := v.ix.security(t.Security)
		if !found {
			fail(&amountsOK, "security", "no security has code %q", t.Security)
		}
		sec = s
	}
	for _, amount := range [...]struct {
		field string
		x     float64
	}{{"volume", t.Volume}, {"price_per_unit", t.PricePerUnit}, {"gross_amount", t.GrossAmount}, {"fee", t.Fee}, {"tax", t.Tax}, {"net_amount", t.NetAmount}} {
		if amount.x < 0 || math.IsNaN(amount.x) {
			fail(&amountsOK, amount.field, "must not be negative")
		}
	}
	switch t.Kind {
	case "buy", "sell":
		if t.Security == "" {
			fail(&amountsOK, "security", "required for a %s", t.Kind)
		}
		if t.Volume <= 0 && amountsOK {
			fail(&amountsOK, "volume", "required for a %s: the number of units", t.Kind)
		}
		if t.PricePerUnit <= 0 && t.GrossAmount <= 0 && amountsOK {
			fail(&amountsOK, "price_per_unit", "required for a %s (or give gross_amount)", t.Kind)
		}
	case "deposit", "withdrawal", "fee":
		if sec != nil && !isCashSecurity(sec) {
			fail(&amountsOK, "security", "a %s moves cash: name a cash security or none, not %q", t.Kind, t.Security)
		}
	case "transfer_in", "transfer_out":
		if sec != nil && !isCashSecurity(sec) && t.Volume <= 0 && amountsOK {
			fail(&amountsOK, "volume", "required for a transfer of %s: the number of units", t.Security)
		}
	}
	if t.NativeCurrency != "" {
		if !currencyRe.MatchString(t.NativeCurrency) {
			fail(&amountsOK, "native_currency", "want a three-letter currency code such as GBP, got %q", t.NativeCurrency)
		} else if (t.Kind == "buy" || t.Kind == "sell") && sec != nil && !sameCurrency(t.NativeCurrency, sec.Currency) {
			fail(&amountsOK, "native_currency", "a %s of %s is in its currency %s, not %s", t.Kind, t.Security, sec.Currency, t.NativeCurrency)
		}
	}
	if t.SubPosition != "" {
		switch {
		case len(t.SubPosition) > maxSubPosition:
			v.add(p+".sub_position", "at most %d characters", maxSubPosition)
		case sec == nil || isCashSecurity(sec) || !(isTradeKind(t.Kind) || t.Kind == "income"):
			v.add(p+".sub_position", "only a trade or the income of a security (not cash) belongs to a part of a holding")
		}
	}
	if amountsOK {
		v.ix.resolveTxn(a, t, func(field, msg string) { fail(&amountsOK, field, "%s", msg) })
	}
	// Units count towards the holding whenever what moved, and when, is known: a wrong amount
	// or currency is reported once rather than again as an impossible sale.
	return known && tradeOK && (t.Security == "" || sec != nil) && t.Volume >= 0
}

func (v *validator) accountGroups() {
	codes := map[string]bool{}
	for i, g := range v.f.AccountGroups {
		p := fmt.Sprintf("account_groups[%d]", i)
		clientOK := v.clientRef(p+".client", g.Client)
		if v.required(p+".group_code", g.GroupCode) {
			if codes[g.Client+"|"+g.GroupCode] {
				v.add(p+".group_code", "%q already has a group %q", g.Client, g.GroupCode)
			}
			codes[g.Client+"|"+g.GroupCode] = true
		}
		v.required(p+".group_name", g.GroupName)
		v.currency(p+".report_currency", g.ReportCurrency)
		if len(g.Accounts) == 0 {
			v.add(p+".accounts", "a group needs at least one account")
		}
		seen := map[string]bool{}
		for j, key := range g.Accounts {
			ap := fmt.Sprintf("%s.accounts[%d]", p, j)
			if v.accountOfClient(ap, key, g.Client, clientOK) {
				if seen[key] {
					v.add(ap, "%q is already in the group", key)
				}
				seen[key] = true
			}
		}
	}
}

// accountOfClient checks that an account exists and that the client is a party of its portfolio.
func (v *validator) accountOfClient(path, key, client string, clientOK bool) bool {
	if !v.required(path, key) {
		return false
	}
	i, ok := v.ix.accounts[key]
	if !ok {
		v.add(path, "no account has key %q", key)
		return false
	}
	pf, ok := v.ix.accountPortfolio(&v.f.Accounts[i])
	if !ok || !clientOK {
		return ok
	}
	for _, party := range portfolioParties(*pf) {
		if party.Client == client {
			return true
		}
	}
	v.add(path, "%q is not a party of the portfolio of account %q", client, key)
	return false
}

func (v *validator) visibility() {
	seen := map[string]bool{}
	for i, l := range v.f.AccountVisibility {
		p := fmt.Sprintf("account_user_visibility_links[%d]", i)
		clientOK := v.clientRef(p+".client", l.Client)
		if v.accountOfClient(p+".account", l.Account, l.Client, clientOK) {
			if seen[l.Client+"|"+l.Account] {
				v.add(p, "duplicate link of %q to %q", l.Client, l.Account)
			}
			seen[l.Client+"|"+l.Account] = true
		}
	}
}

func (v *validator) prices() {
	seen := map[string]bool{}
	for i, s := range v.f.Prices {
		p := fmt.Sprintf("prices[%d]", i)
		if v.required(p+".security", s.Security) {
			if _, ok := v.ix.securities[s.Security]; !ok {
				v.add(p+".security", "no security has code %q", s.Security)
			} else if seen[s.Security] {
				v.add(p+".security", "a second price series for %q", s.Security)
			}
			seen[s.Security] = true
		}
		v.series(p, s.Series, "price")
	}
}

func (v *validator) fx() {
	for i, s := range v.f.FXRates {
		p := fmt.Sprintf("fx_rates[%d]", i)
		okB := v.required(p+".base", s.Base) && v.currencyOnly(p+".base", s.Base)
		okQ := v.required(p+".quote", s.Quote) && v.currencyOnly(p+".quote", s.Quote)
		if okB && okQ {
			pair := [2]string{s.Base, s.Quote}
			switch {
			case s.Base == s.Quote:
				v.add(p+".quote", "the same currency as base")
			case v.fxPairs[pair]:
				v.add(p, "a second series for %s/%s", s.Base, s.Quote)
			}
			v.fxPairs[pair] = true
		}
		v.series(p, s.Series, "rate")
	}
}

// currencyOnly checks a currency code without counting it as in use.
func (v *validator) currencyOnly(path, s string) bool {
	if !currencyRe.MatchString(s) {
		v.add(path, "want a three-letter currency code such as GBP, got %q", s)
		return false
	}
	return true
}

func (v *validator) benchmarks() {
	names := map[string]bool{}
	for i, b := range v.f.Benchmarks {
		p := fmt.Sprintf("benchmarks[%d]", i)
		if v.required(p+".name", b.Name) {
			if names[b.Name] {
				v.add(p+".name", "duplicate benchmark %q", b.Name)
			}
			names[b.Name] = true
		}
		if v.required(p+".currency", b.Currency) {
			v.currency(p+".currency", b.Currency)
		}
		v.series(p, b.Series, "value")
	}
}

// series checks either form of a dated history: Start and Closes, or Points.
func (v *validator) series(p string, s Series, what string) {
	switch {
	case len(s.Points) > 0 && (s.Start != "" || len(s.Closes) > 0):
		v.add(p, "give start and closes, or points, not both")
		return
	case len(s.Points) == 0 && len(s.Closes) == 0:
		v.add(p, "no values: give start and closes, or points")
		return
	}
	if len(s.Closes) > 0 {
		if v.required(p+".start", s.Start) {
			if d, ok := v.date(p+".start", s.Start); ok && isWeekend(d) {
				v.add(p+".start", "%s is a %s: closes start on a business day", s.Start, d.Weekday())
			}
		}
		for i, c := range s.Closes {
			if !(c > 0) || math.IsInf(c, 0) {
				v.add(fmt.Sprintf("%s.closes[%d]", p, i), "a %s must be positive, got %v", what, c)
			}
		}
		return
	}
	last := ""
	for i, pt := range s.Points {
		pp := fmt.Sprintf("%s.points[%d]", p, i)
		if pt.malformed {
			v.add(pp, `want ["YYYY-MM-DD", number]`)
			continue
		}
		if _, ok := v.date(pp, pt.Date); ok {
			if pt.Date <= last {
				v.add(pp, "%s is not after the point before (%s): points go in date order, one per date", pt.Date, last)
			}
			last = pt.Date
		}
		if !(pt.Value > 0) || math.IsInf(pt.Value, 0) {
			v.add(pp, "a %s must be positive, got %v", what, pt.Value)
		}
	}
}

// fxCoverage asks for rates between the firm's base currency and every other currency in use,
// without which values cannot be shown in the base currency ("Conversion rate unavailable").
func (v *validator) fxCoverage() {
	base := v.f.Firm.BaseCurrency
	if !currencyRe.MatchString(base) {
		return
	}
	type use struct{ currency, path string }
	var uses []use
	for c, p := range v.currencies {
		uses = append(uses, use{c, p})
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].currency < uses[j].currency })
	for _, u := range uses {
		if sameCurrency(u.currency, base) {
			continue
		}
		norm := func(c string) string {
			if sameCurrency(c, "GBP") {
				return "GBP"
			}
			return c
		}
		c, b := norm(u.currency), norm(base)
		if !v.fxPairs[[2]string{c, b}] && !v.fxPairs[[2]string{b, c}] {
			v.add(u.path, "no fx_rates between %s and %s (the firm's base currency)", u.currency, base)
		}
	}
}

func isWeekend(d time.Time) bool { return d.Weekday() == time.Saturday || d.Weekday() == time.Sunday }

// parseCreatedAt reads a created_at: a date (midnight UTC) or an RFC 3339 time.
func parseCreatedAt(s string) (time.Time, error) {
	if d, err := time.Parse(dateLayout, s); err == nil {
		return d, nil
	}
	return time.Parse(time.RFC3339, s)
}
