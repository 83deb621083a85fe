package resourceful

import "strings"

// alwaysSelected are kept in every selection: a client needs the id to act on an item and the
// bookmark to page on from it.
var alwaysSelected = []string{"id", "bookmark"}

// Fields is the requested field list: fields as a list (fields.0=a, repeated keys, a JSON
// array) or comma-separated; nil when none was asked for.
func Fields(p Params) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range p.Strings("fields") {
		for _, part := range strings.Split(f, ",") {
			if part = strings.TrimSpace(part); part != "" && !seen[part] {
				seen[part] = true
				out = append(out, part)
			}
		}
	}
	return out
}

// Select keeps only the requested fields of item (plus id and bookmark when present). A dotted
// field ("security.price_updated") selects inside a nested object and keeps the nesting. With
// no fields the whole item is returned. Fields the item does not have are left out.
func Select(item map[string]any, fields []string) map[string]any {
	if len(fields) == 0 {
		return item
	}
	out := make(map[string]any, len(fields)+len(alwaysSelected))
	for _, f := range alwaysSelected {
		if v, ok := item[f]; ok {
			out[f] = v
		}
	}
	whole := make(map[string]bool, len(fields)+len(alwaysSelected))
	for _, f := range alwaysSelected {
		whole[f] = true
	}
	for _, f := range fields {
		whole[f] = true
	}
	for _, f := range fields {
		if !coveredByParent(f, whole) {
			selectPath(out, item, strings.Split(f, "."))
		}
	}
	return out
}

// coveredByParent reports whether an enclosing object of field is itself selected whole.
func coveredByParent(field string, whole map[string]bool) bool {
	for i := strings.LastIndexByte(field, '.'); i > 0; i = strings.LastIndexByte(field[:i], '.') {
		if whole[field[:i]] {
			return true
		}
	}
	return false
}

func selectPath(dst, src map[string]any, path []string) {
	v, ok := src[path[0]]
	if !ok {
		return
	}
	if len(path) == 1 {
		dst[path[0]] = v
		return
	}
	child, isMap := v.(map[string]any)
	if !isMap {
		return
	}
	sub, exists := dst[path[0]].(map[string]any) // built by an earlier sibling path
	if !exists {
		sub = map[string]any{}
		dst[path[0]] = sub
	}
	selectPath(sub, child, path[1:])
}
