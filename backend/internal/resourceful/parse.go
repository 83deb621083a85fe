package resourceful

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// maxBody bounds a request body read for parameters.
const maxBody = 4 << 20

// Parse reads the query, a form body and a JSON body into Params. Flattened keys are expanded
// (a.0, a.1 → list; a.b → object); a JSON body is merged over the query.
func Parse(r *http.Request) (Params, error) {
	p := Params{}
	if err := mergeValues(p, r.URL.Query()); err != nil {
		return nil, err
	}
	if r.Body == nil || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return p, nil
	}
	ct := r.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(ct, "application/json"):
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
		if err != nil {
			return nil, err
		}
		if len(strings.TrimSpace(string(body))) == 0 {
			return p, nil
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			return nil, fmt.Errorf("the request body is not a JSON object")
		}
		for k, v := range m {
			p[k] = v
		}
	case strings.HasPrefix(ct, "application/x-www-form-urlencoded"):
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
		if err != nil {
			return nil, err
		}
		vals, err := url.ParseQuery(string(body))
		if err != nil {
			return nil, fmt.Errorf("the form body cannot be read")
		}
		if err := mergeValues(p, vals); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// mergeValues expands flattened keys into nested values.
func mergeValues(p Params, vals url.Values) error {
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
	return nil
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
	case map[string]any: // a typed value {"_type":..., "_val": ...}
		if val, ok := x["_val"]; ok {
			return scalarString(val)
		}
	}
	return fmt.Sprint(v)
}
