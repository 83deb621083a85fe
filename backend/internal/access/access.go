// Package access is the platform's authorisation: who is calling (the Principal) and what they
// may reach. A client reaches its own entity and its group members (their portfolio data only
// with view_partner); an adviser reaches only their own clients, and with a client in context
// (Principal.ClientInContext, the platform session's, package clientcontext) only that client
// and what it reaches itself; nobody crosses firms. A refusal answers exactly like a missing
// resource, so ids of other clients cannot be probed.
package access

import "context"

// Roles of a login (spec 1 §3).
const (
	RoleClient  = "ClientUser"
	RoleAdviser = "User"
)

// Principal is the authenticated caller of a platform request.
type Principal struct {
	UserID   int64
	EntityID int64
	FirmID   int64
	Role     string
	// ClientInContext narrows an adviser to the client it acts for (the platform session's
	// client in context, package clientcontext): 0 means the adviser's whole book.
	ClientInContext int64
}

// IsClient reports whether the caller is a client login.
func (p Principal) IsClient() bool { return p.Role == RoleClient }

type principalKey struct{}

// WithPrincipal stores p on ctx.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// From returns the principal on ctx.
func From(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}
