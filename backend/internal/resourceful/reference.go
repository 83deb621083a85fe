package resourceful

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// referencePattern finds {result=NAME:$.json.path}: a value taken from an earlier batch item's
// JSON result.
var referencePattern = regexp.MustCompile(`\{result=([^:{}]+):(\$[^{}]*)\}`)

// batchResults are the parsed JSON results of the items run so far, by item name.
type batchResults map[string]any

// resolve looks one reference up; the error names it.
func (r batchResults) resolve(ref string) (any, error) {
	m := referencePattern.FindStringSubmatch(ref)
	if m == nil {
		return nil, fmt.Errorf("Invalid batch reference %s", ref)
	}
	doc, ok := r[m[1]]
	if !ok {
		return nil, fmt.Errorf("Unknown batch reference %s: no earlier item named %q has a JSON result", ref, m[1])
	}
	v, err := lookupJSONPath(doc, m[2])
	if err != nil {
		return nil, fmt.Errorf("Unknown batch reference %s: %v", ref, err)
	}
	return v, nil
}

// substitute replaces every reference in s with the text of its value, escaped by escape.
func (r batchResults) substitute(s string, escape func(string) string) (string, error) {
	var firstErr error
	out := referencePattern.ReplaceAllStringFunc(s, func(ref string) string {
		v, err := r.resolve(ref)
		if err == nil && v == nil {
			err = fmt.Errorf("Batch reference %s has no value", ref)
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return ref
		}
		return escape(valueText(v))
	})
	return out, firstErr
}

// substituteJSON replaces references inside a JSON value: a string that is exactly one
// reference takes the referenced value itself (a number stays a number); references inside
// longer strings are replaced by their text.
func (r batchResults) substituteJSON(v any) (any, error) {
	switch x := v.(type) {
	case string:
		if loc := referencePattern.FindStringIndex(x); loc != nil && loc[0] == 0 && loc[1] == len(x) {
			return r.resolve(x)
		}
		return r.substitute(x, func(s string) string { return s })
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, child := range x {
			nv, err := r.substituteJSON(child)
			if err != nil {
				return nil, err
			}
			out[k] = nv
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, child := range x {
			nv, err := r.substituteJSON(child)
			if err != nil {
				return nil, err
			}
			out[i] = nv
		}
		return out, nil
	}
	return v, nil
}

// valueText is a referenced value as text: strings as they are, anything else as JSON.
func valueText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// jsonText escapes s for use inside a JSON string literal.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// lookupJSONPath evaluates the small JSONPath subset batch references use: $, .name, [n] and
// ['name'] / ["name"], e.g. $.a.b, $.a[0].b, $[0].id.
func lookupJSONPath(doc any, path string) (any, error) {
	if !strings.HasPrefix(path, "$") {
		return nil, fmt.Errorf("the path must start with $")
	}
	cur := doc
	rest := path[1:]
	for rest != "" {
		var key string
		index := -1
		switch rest[0] {
		case '.':
			end := strings.IndexAny(rest[1:], ".[")
			if end < 0 {
				end = len(rest) - 1
			}
			key, rest = rest[1:1+end], rest[1+end:]
			if key == "" {
				return nil, fmt.Errorf("empty name in %s", path)
			}
		case '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, fmt.Errorf("unclosed [ in %s", path)
			}
			inner := rest[1:end]
			rest = rest[end+1:]
			if len(inner) >= 2 && (inner[0] == '\'' || inner[0] == '"') && inner[len(inner)-1] == inner[0] {
				key = inner[1 : len(inner)-1]
			} else {
				n, err := strconv.Atoi(inner)
				if err != nil || n < 0 {
					return nil, fmt.Errorf("bad index [%s] in %s", inner, path)
				}
				index = n
			}
		default:
			return nil, fmt.Errorf("unexpected %q in %s", rest[0], path)
		}
		if index >= 0 {
			list, ok := cur.([]any)
			if !ok || index >= len(list) {
				return nil, fmt.Errorf("%s does not exist", path)
			}
			cur = list[index]
			continue
		}
		obj, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s does not exist", path)
		}
		if cur, ok = obj[key]; !ok {
			return nil, fmt.Errorf("%s does not exist", path)
		}
	}
	return cur, nil
}
