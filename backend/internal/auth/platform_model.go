package auth

import "time"

// Roles of a login (spec 1 §3).
const (
	RoleClient  = "ClientUser"
	RoleAdviser = "User"
)

// Choice is a code and description pair of an entity field's choice list.
type Choice struct {
	Code        string `json:"code"`
	Description string `json:"description"`
}

// User is a login as the platform stores it.
type User struct {
	ID            int64
	Username      string
	PasswordHash  string
	RoleName      string
	EntityID      int64
	FirmID        int64
	Disabled      bool
	MFAMethod     string // the enrolled second-factor method: "", sms, email or token
	MobilePhone   string
	LastLogin     *time.Time
	PreviousLogin *time.Time

	// Email is the party's preferred email address, where email codes go.
	Email string
	// FirmProductName names the portal in messages and authenticator apps.
	FirmProductName string
	// FirmMFAMethods are the second-factor methods the firm lets its logins enrol.
	FirmMFAMethods []string
	// FirmHasSiteTerms is whether the firm has site terms to agree to.
	FirmHasSiteTerms bool
	// MFARequired: the login needs a second factor even with no device enrolled yet (it then
	// enrols one at login).
	MFARequired bool
	// TOTPSecret is the base32 shared secret of an enrolled software token; TOTPLastStep the
	// last RFC 6238 time step accepted, so that no code is accepted twice.
	TOTPSecret   string
	TOTPLastStep int64
	// Additional login steps (platform_steps.go).
	ForceChangePassword  bool
	SetSecurityQuestions bool
	SiteTermsAfter       *int64
}

// SecondFactorRequired reports whether the login needs a second factor: one is enrolled, or
// one must be enrolled.
func (u User) SecondFactorRequired() bool { return u.MFARequired || u.MFAMethod != "" }

// Entity is the party (client or adviser) a login belongs to.
type Entity struct {
	ID                int64
	EntityType        int
	Title             string
	FirstName         string
	LastName          string
	PreferredName     string
	EntityName        string
	Region            string
	Locale            string
	UserTimezone      string
	PreferredCurrency string
	ClientAccessLevel *Choice
	PartnerEntityID   *int64
	PartnerName       string
}

// DisplayName is the name shown for a party: a person's first and last name, or the entity
// name of a non-individual.
func (e Entity) DisplayName() string {
	if e.EntityType == 0 || (e.FirstName == "" && e.LastName == "") {
		return e.EntityName
	}
	if e.FirstName == "" {
		return e.LastName
	}
	return e.FirstName + " " + e.LastName
}

// SessionUser is the answer of GET session/user (spec 1 §3, "Logged-in user").
type SessionUser struct {
	ID                  int64    `json:"id"`
	EntityID            int64    `json:"entity_id"`
	RoleName            string   `json:"role_name"`
	EntityName          string   `json:"entity_name"`
	DisplayName         string   `json:"display_name"`
	FirstName           string   `json:"first_name"`
	LastName            string   `json:"last_name"`
	PreferredName       string   `json:"preferred_name"`
	EntityType          int      `json:"entity_type"`
	Locale              string   `json:"locale"`
	Region              string   `json:"region"`
	UserTimezone        string   `json:"user_timezone"`
	LastLogin           *string  `json:"last_login"`
	PartnerEntityID     *int64   `json:"partner_entity_id"`
	PartnersDisplayName *string  `json:"partners_display_name"`
	PreferredCurrency   string   `json:"preferred_currency"`
	ClientAccessLevel   *Choice  `json:"client_access_level"`
	Method              string   `json:"method"`
	TfaMethods          []string `json:"tfaMethods"`
	// LoginProfileID and InactiveSessionTimeoutClient (minutes) come from the user's login
	// profile: the browser's session timer and the BFF's idle expiry both follow them.
	LoginProfileID               *int64 `json:"login_profile_id,omitempty"`
	InactiveSessionTimeoutClient int    `json:"inactive_session_timeout_client,omitempty"`
	// AdditionalLoginSteps are the steps the login still has to take (spec 1 §4), in order;
	// until they are done the session may make only the step calls (platform_steps.go). Absent for a
	// normal session.
	AdditionalLoginSteps []string `json:"additional_login_steps,omitempty"`
	// SiteTerms are the terms to agree to, present when SiteTerms is a step.
	SiteTerms *SiteTerms `json:"site_terms,omitempty"`
}

// SiteTerms are a firm's site terms (spec 1 §3: heading and disclaimer HTML).
type SiteTerms struct {
	Heading    string `json:"heading"`
	Disclaimer string `json:"disclaimer"`
}

// NewSessionUser joins a login and its party into the session/user answer. last_login is the
// login before the current one, which is what "Last login:" shows.
func NewSessionUser(u User, e Entity) SessionUser {
	su := SessionUser{
		ID: u.ID, EntityID: e.ID, RoleName: u.RoleName, EntityName: e.EntityName,
		DisplayName: e.DisplayName(), FirstName: e.FirstName, LastName: e.LastName,
		PreferredName: e.PreferredName, EntityType: e.EntityType, Locale: e.Locale, Region: e.Region,
		UserTimezone: e.UserTimezone, PreferredCurrency: e.PreferredCurrency,
		Method: "password", TfaMethods: []string{},
	}
	if u.PreviousLogin != nil {
		s := u.PreviousLogin.UTC().Format(time.RFC3339)
		su.LastLogin = &s
	}
	if u.RoleName == RoleClient {
		su.ClientAccessLevel = e.ClientAccessLevel
		su.PartnerEntityID = e.PartnerEntityID
		if e.PartnerName != "" {
			n := e.PartnerName
			su.PartnersDisplayName = &n
		}
	}
	if u.MFAMethod != "" {
		su.Method = "Mfa"
		su.TfaMethods = []string{u.MFAMethod}
	}
	return su
}
