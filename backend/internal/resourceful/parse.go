package resourceful

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"wealthportal/backend/internal/apierr"
)

// maxBody bounds a request body read for parameters.
const maxBody = 4 << 20

// Parse reads the query, a form body and a JSON body into Params. Flattened keys are expanded
// (a.0, a.1 → list; a.b → object); a JSON body is merged over the query. The body is put back
// afterwards, so a handler (or a later Parse) can still read it. Errors are 400s.
func Parse(r *http.Request) (Params, error) {
	p := Params{}
	mergeValues(p, r.URL.Query())
	if r.Body == nil || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return p, checkTypes(p)
	}
	ct := r.Header.Get("Content-Type")
	isJSON := strings.HasPrefix(ct, "application/json")
	if !isJSON && !strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		return p, checkTypes(p) // multipart and other bodies belong to the handler
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	// Put back what was read in front of whatever is left, so nothing is lost to the handler.
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
	if err != nil {
		return nil, apierr.BadRequest("The request body cannot be read")
	}
	if isJSON {
		if len(bytes.TrimSpace(body)) == 0 {
			return p, checkTypes(p)
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil || m == nil {
			return nil, apierr.BadRequest("The request body is not a JSON object")
		}
		for k, v := range m {
			p[k] = v
		}
		return p, checkTypes(p)
	}
	vals, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, apierr.BadRequest("The form body cannot be read")
	}
	mergeValues(p, vals)
	return p, checkTypes(p)
}

// mergeValues expands flattened keys into nested values.
func mergeValues(p Params, vals url.Values) {
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		vs := vals[k]
		var v any = vs[len(vs)-1]
		if len(vs) > 1 {
			list := make([]any, len(vs))
			for i, s := range vs {
				list[i] = s
			}
			v = list
		}
		setPath(map[string]any(p), strings.Split(k, "."), v)
	}
	listify(map[string]any(p))
}

func setPath(m map[string]any, path []string, v any) {
	if len(path) == 1 {
		m[path[0]] = v
		return
	}
	child, ok := m[path[0]].(map[string]any)
	if !ok {
		child = map[string]any{}
		m[path[0]] = child
	}
	setPath(child, path[1:], v)
}

// listify turns objects whose keys are 0..n-1 into lists, recursively.
func listify(m map[string]any) {
	for k, v := range m {
		child, ok := v.(map[string]any)
		if !ok {
			continue
		}
		listify(child)
		if list, ok := asList(child); ok {
			m[k] = list
		}
	}
}

func asList(m map[string]any) ([]any, bool) {
	if len(m) == 0 {
		return nil, false
	}
	out := make([]any, len(m))
	for k, v := range m {
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i >= len(m) {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// checkTypes refuses typed values whose _type the platform does not know, wherever they are:
// reading one as a plain string would silently drop its meaning.
func checkTypes(v any) error {
	switch x := v.(type) {
	case Params:
		return checkTypes(map[string]any(x))
	case map[string]any:
		if t, ok := x["_type"]; ok {
			if name, _ := t.(string); !knownTypes[name] {
				return apierr.BadRequest("Unknown _type " + strconv.Quote(scalarString(t)))
			}
		}
		for _, child := range x {
			if err := checkTypes(child); err != nil {
				return err
			}
		}
	case []any:
		for _, child := range x {
			if err := checkTypes(child); err != nil {
				return err
			}
		}
	}
	return nil
}

// sortedKeys orders an object's keys, numeric keys by value, so lists read from objects keep
// their order ("10" after "9").
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, errA := strconv.Atoi(keys[i])
		b, errB := strconv.Atoi(keys[j])
		if errA == nil && errB == nil {
			return a < b
		}
		if (errA == nil) != (errB == nil) {
			return errA == nil
		}
		return keys[i] < keys[j]
	})
	return keys
}

func scalarString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return "1"
		}
		return "0"
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		return x.String()
	case map[string]any: // a typed value {"_type":..., "_val": ...}
		if val, ok := x["_val"]; ok {
			return scalarString(val)
		}
	}
	return fmt.Sprint(v)
}
