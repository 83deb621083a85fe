package app

// header is one response header with its value, in canonical form, as net/http keeps it.
type header struct {
	key   string
	value []string
}

// strictHeaders are the headers every answer carries (securityHeaders). Their value slices are
// shared by every answer and never written: net/http's Header.Set and Add replace or grow a
// slice, they do not write into it.
var strictHeaders = []header{
	{"Content-Security-Policy", []string{ContentSecurityPolicy}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"Permissions-Policy", []string{"camera=(), microphone=(), geolocation=(), payment=(), usb=()"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
	{"Cross-Origin-Resource-Policy", []string{"same-origin"}},
}

// hstsHeader goes with answers that went out over https; noStore with API answers.
var (
	hstsHeader = header{"Strict-Transport-Security", []string{"max-age=63072000; includeSubDomains"}}
	noStore    = header{"Cache-Control", []string{"no-store"}}
)

// wellFormedRequestID is a proxy's X-Request-Id the portal takes as its own: 1 to 64 of
// A-Z a-z 0-9 . _ - (checked without a regular expression, on every request).
func wellFormedRequestID(id string) bool {
	if len(id) == 0 || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		switch b := id[i]; {
		case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9', b == '.', b == '_', b == '-':
		default:
			return false
		}
	}
	return true
}
