package resourceful

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// Params are a request's parameters after unflattening: "fields.0=a&fields.1=b" becomes
// {"fields": ["a","b"]}, "fields.name=v" becomes {"fields": {"name": "v"}}; a JSON body is
// merged over the query. Values are string, bool, float64 (JSON numbers), []any or map[string]any.
type Params map[string]any

// ParamsOf returns the parsed parameters of the request (parsed once, cached on the context).
func ParamsOf(c *gin.Context) (Params, error) {
	if v, ok := c.Get(paramsKey); ok {
		return v.(Params), nil
	}
	p, err := Parse(c.Request)
	if err != nil {
		return nil, err
	}
	c.Set(paramsKey, p)
	return p, nil
}

const paramsKey = "resourceful.params"

// Has reports whether key was sent.
func (p Params) Has(key string) bool { _, ok := p[key]; return ok }

// String is the value of key as a string ("" when absent).
func (p Params) String(key string) string { return scalarString(p[key]) }

// Strings is a list value: an array, repeated keys, or a comma-separated string.
func (p Params) Strings(key string) []string {
	switch v := p[key].(type) {
	case nil:
		return nil
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			if s := scalarString(x); s != "" {
				out = append(out, s)
			}
		}
		return out
	case map[string]any: // fields.0, fields.1 ... kept as an object when keys are not all numeric
		out := make([]string, 0, len(v))
		for _, k := range sortedKeys(v) {
			out = append(out, scalarString(v[k]))
		}
		return out
	default:
		s := scalarString(v)
		if s == "" {
			return nil
		}
		parts := strings.Split(s, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return parts
	}
}

// Object is a nested object value (empty when absent or not an object).
func (p Params) Object(key string) Params {
	if m, ok := p[key].(map[string]any); ok {
		return Params(m)
	}
	return Params{}
}

// Querier is what endpoint code runs SQL through: the database, or the open write transaction
// named by the request's _transaction parameter.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

const querierKey = "resourceful.querier"

// Q returns the request's querier: the open transaction the transaction middleware puts on the
// context when the request carries _transaction, otherwise db; either way with the SQL's ?
// placeholders rebound for db's dialect, so endpoint SQL is written once for both.
func Q(c *gin.Context, db *store.DB) Querier {
	if v, ok := c.Get(querierKey); ok {
		return rebound{q: v.(Querier), db: db}
	}
	return rebound{q: db, db: db}
}

// InTransaction reports whether the request runs in an open write transaction (_transaction):
// what it reads must then come through Q, which sees the transaction's own writes, not through
// caches kept outside it.
func InTransaction(c *gin.Context) bool {
	_, ok := c.Get(querierKey)
	return ok
}

// JSON writes v with Content-Type exactly application/json (apierr.JSON, the one writer).
func JSON(c *gin.Context, status int, v any) { apierr.JSON(c, status, v) }

// Date is a typed Date value: {"_type":"Date","_val":"YYYY-MM-DD"}.
func Date(t time.Time) map[string]any {
	return map[string]any{"_type": "Date", "_val": t.Format("2006-01-02")}
}

// DateString is Date from a stored YYYY-MM-DD string; nil for "".
func DateString(s string) any {
	if s == "" {
		return nil
	}
	return map[string]any{"_type": "Date", "_val": s}
}
