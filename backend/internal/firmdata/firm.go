package firmdata

import (
	"encoding/json"
	"fmt"
)

// FormatVersion is the version of the JSON format this package reads and writes.
const FormatVersion = 1

// Firm is one firm as a JSON document. References between its parts are the string keys the
// file gives them (a client's "adviser", a portfolio's "owner", a transaction's "security"); the
// loader turns them into database ids. Field names follow the platform's entity fields
// (spec 1 §3, spec 2 §3, spec 3 §3.4-3.5).
type Firm struct {
	FormatVersion      int                 `json:"format_version"`
	Firm               FirmInfo            `json:"firm"`
	ClientAccessLevels []AccessLevel       `json:"client_access_levels,omitempty"`
	LoginProfiles      []LoginProfile      `json:"login_profiles,omitempty"`
	Capabilities       []CapabilityGrant   `json:"capabilities,omitempty"`
	FeatureToggles     map[string]bool     `json:"feature_toggles,omitempty"`
	UfieldChoices      []UfieldChoice      `json:"ufield_choices,omitempty"`
	Advisers           []Adviser           `json:"advisers"`
	Clients            []Client            `json:"clients"`
	ClientGroups       []ClientGroup       `json:"client_groups,omitempty"`
	Portfolios         []Portfolio         `json:"portfolios,omitempty"`
	Accounts           []Account           `json:"accounts,omitempty"`
	AccountGroups      []AccountGroup      `json:"account_groups,omitempty"`
	AccountVisibility  []AccountVisibility `json:"account_user_visibility_links,omitempty"`
	Securities         []Security          `json:"securities,omitempty"`
	Prices             []PriceSeries       `json:"prices,omitempty"`
	FXRates            []FXSeries          `json:"fx_rates,omitempty"`
	Benchmarks         []Benchmark         `json:"benchmarks,omitempty"`
	Messages           []Message           `json:"messages,omitempty"`
}

// FirmInfo is the firm row itself.
type FirmInfo struct {
	Name            string   `json:"name"`
	ProductName     string   `json:"product_name"`
	Region          string   `json:"region"`
	BaseCurrency    string   `json:"base_currency"`
	PlatformVersion string   `json:"platform_version,omitempty"` // default 24.1.100
	SiteLocales     []string `json:"site_locales,omitempty"`     // default en-gb, en-ca, en-au, fr-ca
	// SiteTerms are the terms a client agrees to at login when due (login_steps.go).
	SiteTerms *SiteTerms `json:"site_terms,omitempty"`
	// MFAMethods are the second-factor methods logins may enrol; default sms, email, token.
	MFAMethods []string `json:"mfa_methods,omitempty"`
}

// AccessLevel is one choice of the client_access_level field. Choices are shared by every firm
// in a store; when omitted the four standard ones are used (StandardAccessLevels).
type AccessLevel struct {
	Code        int    `json:"code"`
	Description string `json:"description"`
}

// StandardAccessLevels are the client_access_level choices of spec 1 §3.
var StandardAccessLevels = []AccessLevel{
	{0, "Not Assigned"}, {1, "Client Portfolio"}, {2, "Client Assets"}, {3, "Client Messages"},
}

// LoginProfile carries the session timeouts (minutes) of the logins that name it.
type LoginProfile struct {
	Key                          string `json:"key"`
	Name                         string `json:"name"`
	InactiveSessionTimeoutClient int    `json:"inactive_session_timeout_client"`
	InactiveSessionTimeout       int    `json:"inactive_session_timeout"`
}

// CapabilityGrant switches a capability on or off for a role: firm-wide when Entity is empty,
// otherwise for that one adviser or client (by key).
type CapabilityGrant struct {
	Role       string `json:"role"` // ClientUser or User
	Capability string `json:"capability"`
	Enabled    bool   `json:"enabled"`
	Entity     string `json:"entity,omitempty"`
}

// UfieldChoice is one choice of a user-defined field.
type UfieldChoice struct {
	Group       string `json:"group"`
	Field       string `json:"field"`
	Code        string `json:"code"`
	Description string `json:"description"`
	SortOrder   int    `json:"sort_order,omitempty"`
}

// Party holds the entity fields advisers and clients share.
type Party struct {
	Key                string    `json:"key"`
	EntityType         string    `json:"entity_type,omitempty"` // Individual (default) or NonIndividual
	Title              string    `json:"title,omitempty"`
	FirstName          string    `json:"first_name,omitempty"`
	MiddleName         string    `json:"middle_name,omitempty"`
	LastName           string    `json:"last_name,omitempty"`
	PreferredName      string    `json:"preferred_name,omitempty"`
	EntityName         string    `json:"entity_name,omitempty"` // default "Last, First" for an individual
	AddressTitle       string    `json:"address_title,omitempty"`
	Salutation         string    `json:"salutation,omitempty"`
	DOB                string    `json:"dob,omitempty"`
	PreferredEmail     string    `json:"preferred_email,omitempty"`    // default: the preferred email contact
	PreferredPostcode  string    `json:"preferred_postcode,omitempty"` // default: the preferred address's postcode
	Region             string    `json:"region,omitempty"`             // default the firm's region
	Locale             string    `json:"locale,omitempty"`             // default by region
	UserTimezone       string    `json:"user_timezone,omitempty"`      // default by region
	PreferredCurrency  string    `json:"preferred_currency,omitempty"` // default by region
	ExternalID         string    `json:"external_id,omitempty"`
	CountryOfBirth     string    `json:"country_of_birth,omitempty"`
	Nationality        string    `json:"nationality,omitempty"`
	MaritalStatus      string    `json:"marital_status,omitempty"`
	EntityClientStatus string    `json:"entity_client_status,omitempty"` // default Active
	UKDomicileCountry  string    `json:"uk_domicile_country,omitempty"`
	UKDomiciled        bool      `json:"uk_domiciled,omitempty"`
	CreatedAt          string    `json:"created_at,omitempty"` // YYYY-MM-DD or RFC 3339; default the load time
	Addresses          []Address `json:"addresses,omitempty"`
	Contacts           []Contact `json:"contacts,omitempty"`
	Login              *Login    `json:"login,omitempty"`
}

// Adviser is a firm's adviser: a party with the texts of their contact page (spec 2 §2.9).
type Adviser struct {
	Party
	IntroductionText string `json:"introduction_text,omitempty"`
	OpeningHours     string `json:"opening_hours,omitempty"`
}

// Client is a client of the firm.
type Client struct {
	Party
	Adviser           string `json:"adviser"`                       // adviser key
	Partner           string `json:"partner,omitempty"`             // client key
	ClientAccessLevel string `json:"client_access_level,omitempty"` // a choice's description, e.g. "Client Portfolio"
	CommPrefEmail     *bool  `json:"comm_pref_email,omitempty"`     // default true
	CommPrefMail      *bool  `json:"comm_pref_mail,omitempty"`      // default false
	CommPrefSMS       *bool  `json:"comm_pref_sms,omitempty"`       // default false
	XptReviewStatus   string `json:"xpt_review_status,omitempty"`
	FactFindStatus    string `json:"fact_find_status,omitempty"`
	RoboJourneyType   string `json:"robo_journey_type,omitempty"`
	RoboJourneyStatus string `json:"robo_journey_status,omitempty"`
}

// Address types (spec 3 §3.5: 0 postal, 1 residential, 2 work), by name in the file.
var addressTypes = map[string]int{"postal": 0, "residential": 1, "work": 2}

// Address is a postal address. GB addresses use block, street_name and street_name_2; other
// regions use street.
type Address struct {
	Type        string `json:"type"` // postal, residential or work
	Block       string `json:"block,omitempty"`
	StreetName  string `json:"street_name,omitempty"`
	StreetName2 string `json:"street_name_2,omitempty"`
	Street      string `json:"street,omitempty"`
	Suburb      string `json:"suburb,omitempty"`
	State       string `json:"state,omitempty"`
	Postcode    string `json:"postcode,omitempty"`
	Country     string `json:"country,omitempty"`
	Preferred   bool   `json:"preferred,omitempty"`
	Status      string `json:"status,omitempty"` // default Current
}

// Contact types (spec 3 §3.5).
var contactTypes = map[string]string{"p1": "home phone", "p2": "work phone", "p3": "mobile phone", "m1": "personal email", "m2": "work email"}

// Contact is a phone number or an email address.
type Contact struct {
	Type        string `json:"type"` // p1, p2, p3, m1 or m2
	Value       string `json:"value"`
	CountryCode string `json:"country_code,omitempty"`
	Preferred   bool   `json:"preferred,omitempty"`
}

// Login is a party's portal login. Password is hashed at load time at the configured cost;
// PasswordHash (bcrypt) is stored as given; with neither, the login exists but has no password
// yet (invited, not activated).
type Login struct {
	Username     string `json:"username"`
	Password     string `json:"password,omitempty"`
	PasswordHash string `json:"password_hash,omitempty"`
	MFAMethod    string `json:"mfa_method,omitempty"` // "", sms, email or token
	MobilePhone  string `json:"mobile_phone,omitempty"`
	LoginProfile string `json:"login_profile,omitempty"` // login profile key
	Disabled     bool   `json:"disabled,omitempty"`
	// SecurityQuestions are the login's two security questions (security_questions.go).
	SecurityQuestions []SecurityQuestion `json:"security_questions,omitempty"`
	// Additional login steps and second factor (login_steps.go).
	ForceChangePassword  bool   `json:"force_change_password,omitempty"`
	SiteTermsPending     bool   `json:"site_terms_pending,omitempty"`
	SetSecurityQuestions bool   `json:"set_security_questions,omitempty"`
	MFARequired          bool   `json:"mfa_required,omitempty"`
	TOTPSecret           string `json:"totp_secret,omitempty"`
}

// ClientGroup is a household: clients who may see each other's data when login_accessible.
type ClientGroup struct {
	Key     string        `json:"key"`
	Name    string        `json:"name"`
	Members []GroupMember `json:"members"`
}

// GroupMember is a client in a group.
type GroupMember struct {
	Client          string `json:"client"`
	LoginAccessible *bool  `json:"login_accessible,omitempty"` // default true
}

// Portfolio ptypes and reasons for visibility (spec 2 §3).
var (
	ptypes  = []string{"PT_SINGLE", "PT_JOINT", "PT_SHARED"}
	reasons = []string{"single_owner", "primary_joint_owner", "secondary_joint_owner", "shared_owner", "explicit_link"}
)

// Portfolio holds accounts; its parties say who sees it and why.
type Portfolio struct {
	Key            string           `json:"key"`
	Owner          string           `json:"owner"` // client key (the portfolio's entity)
	PortfolioName  string           `json:"portfolio_name"`
	PType          string           `json:"ptype"`                     // PT_SINGLE, PT_JOINT or PT_SHARED
	ReportCurrency string           `json:"report_currency,omitempty"` // default the owner's preferred currency
	Parties        []PortfolioParty `json:"parties,omitempty"`         // default: the owner, by ptype
}

// PortfolioParty is a client who sees a portfolio, with the reason.
type PortfolioParty struct {
	Client              string `json:"client"`
	ReasonForVisibility string `json:"reason_for_visibility"`
}

// Account is an account (plan) in a portfolio, with its transactions.
type Account struct {
	Key               string        `json:"key"`
	Portfolio         string        `json:"portfolio"`
	Description       string        `json:"description"`
	TaxStructure      string        `json:"tax_structure,omitempty"`
	Product           string        `json:"product,omitempty"`
	ExternalAccountID string        `json:"external_account_id,omitempty"`
	Subfund           string        `json:"subfund,omitempty"`
	TaxType           string        `json:"tax_type,omitempty"`
	TaxTypeTitle      string        `json:"tax_type_title,omitempty"`
	ServiceType       string        `json:"service_type,omitempty"`    // default Managed; 'Not managed' is left out of portfolio totals
	PlanCurrency      string        `json:"plan_currency,omitempty"`   // default the portfolio's report currency
	BaseCurrency      string        `json:"base_currency,omitempty"`   // default the firm's base currency
	ReportCurrency    string        `json:"report_currency,omitempty"` // default the portfolio's report currency
	ActiveDate        string        `json:"active_date"`               // inception, YYYY-MM-DD
	VendorID          string        `json:"vendor_id,omitempty"`
	Active            *bool         `json:"active,omitempty"` // default true
	Blocked           bool          `json:"blocked,omitempty"`
	IsDefault         bool          `json:"is_default,omitempty"`
	Transactions      []Transaction `json:"transactions,omitempty"`
}

// AccountGroup is a client's named set of accounts (e.g. "Retirement").
type AccountGroup struct {
	Client         string   `json:"client"`
	GroupCode      string   `json:"group_code"`
	GroupName      string   `json:"group_name"`
	ReportCurrency string   `json:"report_currency,omitempty"` // default the client's preferred currency
	Accounts       []string `json:"accounts"`
}

// AccountVisibility shows or hides one account for one client's login.
type AccountVisibility struct {
	Client  string `json:"client"`
	Account string `json:"account"`
	Visible bool   `json:"visible"`
}

// Allocation kinds of a security's detailed split.
var allocationKinds = []string{"asset_class", "sector", "region"}

// Security is an instrument. Cash is recognised by its code ("CASH.GBP") or asset class
// ("Cash"), as spec 2 §9 detects it.
type Security struct {
	Code                string       `json:"code"`
	Exchange            string       `json:"exchange,omitempty"`
	ISIN                string       `json:"isin,omitempty"`
	Description         string       `json:"description"`
	Currency            string       `json:"currency"`
	AssetClassCode      string       `json:"asset_class_code,omitempty"`
	SectorName          string       `json:"sector_name,omitempty"`
	Region              string       `json:"region,omitempty"`
	AnnualIncomePerUnit float64      `json:"annual_income_per_unit,omitempty"`
	Allocations         []Allocation `json:"allocations,omitempty"`
}

// Allocation is one part of a security's split across asset classes, sectors or regions;
// the weights of one kind sum to 1.
type Allocation struct {
	Kind   string  `json:"kind"` // asset_class, sector or region
	Code   string  `json:"code"`
	Weight float64 `json:"weight"`
}

// Series is a dated history in one of two forms: Start (a business day) with Closes, one per
// business day (Monday to Friday) from Start on; or explicit Points.
type Series struct {
	Start  string    `json:"start,omitempty"`
	Closes []float64 `json:"closes,omitempty"`
	Points []Point   `json:"points,omitempty"`
}

// Point is one dated value, written [date, value].
type Point struct {
	Date  string
	Value float64
	// malformed records a point that was not [string, number], reported by Validate with its
	// location rather than failing the whole parse.
	malformed bool
}

// MarshalJSON writes ["YYYY-MM-DD", value].
func (p Point) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{p.Date, p.Value})
}

// UnmarshalJSON reads ["YYYY-MM-DD", value]; anything else is kept as malformed for Validate.
func (p *Point) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	*p = Point{}
	if err := json.Unmarshal(b, &raw); err != nil || len(raw) != 2 ||
		json.Unmarshal(raw[0], &p.Date) != nil || json.Unmarshal(raw[1], &p.Value) != nil {
		*p = Point{malformed: true}
	}
	return nil
}

// PriceSeries is a security's daily closing prices in its own currency.
type PriceSeries struct {
	Security string `json:"security"`
	Series
}

// FXSeries is the daily rate of a currency pair: units of Quote per one Base.
type FXSeries struct {
	Base  string `json:"base"`
	Quote string `json:"quote"`
	Series
}

// Benchmark is an index with its daily values.
type Benchmark struct {
	Name     string `json:"name"`
	Currency string `json:"currency"`
	Series
}

// Transaction kinds. Money in: sell, deposit, transfer_in, income. Money out: buy, withdrawal,
// transfer_out, fee. Deposits, withdrawals and transfers are the external flows of returns.
var txnKinds = map[string]struct {
	in   bool   // cash comes into the account
	desc string // default transaction_type_desc
}{
	"buy": {false, "Buy"}, "sell": {true, "Sell"}, "deposit": {true, "Deposit"}, "withdrawal": {false, "Withdrawal"},
	"income": {true, "Dividend"}, "fee": {false, "Fee"}, "transfer_in": {true, "Transfer In"}, "transfer_out": {false, "Transfer Out"},
}

// Transaction is one movement in an account. Amounts are positive and in NativeCurrency; see
// docs/import-format.md for how gross, fee, tax and net relate for each kind.
type Transaction struct {
	Kind                string  `json:"kind"`
	Security            string  `json:"security,omitempty"` // security code
	TradeDate           string  `json:"trade_date"`
	SettlementDate      string  `json:"settlement_date,omitempty"` // default the trade date
	Volume              float64 `json:"volume,omitempty"`
	PricePerUnit        float64 `json:"price_per_unit,omitempty"`
	GrossAmount         float64 `json:"gross_amount,omitempty"`
	Fee                 float64 `json:"fee,omitempty"`
	Tax                 float64 `json:"tax,omitempty"`
	NetAmount           float64 `json:"net_amount,omitempty"`
	NativeCurrency      string  `json:"native_currency,omitempty"` // default the security's currency, else the plan currency
	TransactionTypeDesc string  `json:"transaction_type_desc,omitempty"`
	Comment             string  `json:"comment,omitempty"`
	// SubPosition names the part of the holding a trade belongs to (a sub-account or lot the
	// firm keeps apart); empty is the holding's main part. A holding with more than one open
	// part is shown as its parts (spec 2 §3 split_index).
	SubPosition string `json:"sub_position,omitempty"`
}

// Problem is one thing wrong with a firm file, at a JSON-path-like location such as
// "clients[12].addresses[0].postcode".
type Problem struct {
	Path    string
	Message string
}

// String renders "path: message".
func (p Problem) String() string {
	if p.Path == "" {
		return p.Message
	}
	return p.Path + ": " + p.Message
}

// InvalidError refuses a firm: every problem found. Nothing was changed.
type InvalidError struct {
	Problems []Problem
}

func (e *InvalidError) Error() string {
	switch len(e.Problems) {
	case 0:
		return "invalid firm"
	case 1:
		return "invalid firm: " + e.Problems[0].String()
	}
	return fmt.Sprintf("invalid firm: %d problems, the first: %s", len(e.Problems), e.Problems[0])
}
