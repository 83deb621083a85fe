package demo

import "wealthportal/backend/internal/firmdata"

// HelpLogins are the demo logins for help with logging in and the session rules (spec 1 §2,
// §4): a forgotten password with and without security questions, the lock-out, and a short
// session. Each is a small client of Oliver Bennett's with one account.
var HelpLogins = []Login{
	{"demo.forgot", "Client", "DemoForgot#2026", "client with security questions: Help with logging in asks the reset code (server log), then both answers"},
	{"demo.reset", "Client", "DemoReset#2026", "client without security questions: Help with logging in needs the reset code alone"},
	{"demo.lockout", "Client", "DemoLockout#2026", "client for trying the lock-out: five wrong passwords lock the username for 15 minutes"},
	{"demo.timeout", "Client", "DemoTimeout#2026", "client on the Short session login profile (2 minutes): Session nearly ending after 1 minute idle"},
}

// ShortSessionProfile is the login profile of demo.timeout: two minutes of inactivity end its
// session, so the warning (one minute before the end, spec 1 §4) comes after one minute.
var ShortSessionProfile = firmdata.LoginProfile{Key: "short", Name: "Short session", InactiveSessionTimeoutClient: 2, InactiveSessionTimeout: 2}

// helpClients adds the clients behind HelpLogins; first numbers them after the step clients.
func (b *builder) helpClients(first int) {
	b.f.LoginProfiles = append(b.f.LoginProfiles, ShortSessionProfile)
	people := []person{
		{"ruth", "Dr", "Ruth", "Ashworth", "1964-12-02", "15 Royal York Crescent", "Clifton, Bristol", "BS8 4JX", "+44 7700 900617", nil},
		{"kwame", "Mr", "Kwame", "Mensah", "1983-04-21", "5 St Michael's Hill", "Kingsdown, Bristol", "BS2 8DT", "+44 7700 900618", nil},
		{"ellen", "Mrs", "Ellen", "Fairbrother", "1970-09-11", "27 Chandos Road", "Redland, Bristol", "BS6 6PG", "+44 7700 900619", nil},
		{"arjun", "Mr", "Arjun", "Mehta", "1990-02-15", "9 Sion Hill", "Clifton, Bristol", "BS8 4AZ", "+44 7700 900620",
			func(l *firmdata.Login) { l.LoginProfile = ShortSessionProfile.Key }},
	}
	b.smallClients(HelpLogins, people, first)
}
