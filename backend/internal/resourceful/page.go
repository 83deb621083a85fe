package resourceful

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// SortKey is one key of a list's order: an API field name, descending when Desc.
type SortKey struct {
	Field string
	Desc  bool
}

// Page is a list request's paging: at most Size items, in Sort order (then by id), strictly
// after the item whose sort-key values and id are Bookmark (nil for the first page). With Prev
// (page_dir=prev) the items are those strictly before the bookmark (the last page when there
// is none), still answered in Sort order.
type Page struct {
	Size     int
	Sort     []SortKey
	Bookmark []any
	Prev     bool
}

// ErrInvalidBookmark answers a page_bookmark that this platform did not issue, or that no
// longer fits the request's sort.
var ErrInvalidBookmark = apierr.BadRequest("Invalid page_bookmark")

// ParsePage reads page_size (defaultSize when absent, at most maxSize), page_sort ("+name",
// "-dob", a list or comma-separated; defaultSort when absent; fields outside sortable are
// refused), page_bookmark and page_dir ("next", the default, or "prev").
func ParsePage(p Params, defaultSize, maxSize int, sortable []string, defaultSort string) (Page, error) {
	var prev bool
	switch strings.ToLower(strings.TrimSpace(p.String("page_dir"))) {
	case "", "next":
	case "prev":
		prev = true
	default:
		return Page{}, invalid("page_dir", "must be next or prev")
	}
	size, err := p.Int("page_size", defaultSize)
	if err != nil {
		return Page{}, err
	}
	if size < 1 {
		return Page{}, invalid("page_size", "must be at least 1")
	}
	size = min(size, maxSize)

	var sort []SortKey
	if requested := p.Strings("page_sort"); len(requested) > 0 {
		if sort, err = parseSort(requested, sortable); err != nil {
			return Page{}, err
		}
	}
	if len(sort) == 0 {
		if sort, err = parseSort([]string{defaultSort}, nil); err != nil {
			return Page{}, err
		}
	}

	pg := Page{Size: size, Sort: sort, Prev: prev}
	if token := p.String("page_bookmark"); strings.TrimSpace(token) != "" {
		values, err := decodeBookmark(token)
		if err != nil || len(values) != len(sort)+1 {
			return Page{}, ErrInvalidBookmark
		}
		pg.Bookmark = values
	}
	return pg, nil
}

// parseSort reads sort keys; a nil sortable accepts any field (an endpoint's own default).
func parseSort(specs []string, sortable []string) ([]SortKey, error) {
	var keys []SortKey
	seen := map[string]bool{}
	for _, spec := range specs {
		for _, part := range strings.Split(spec, ",") {
			// "+" arrives as a space when the client did not percent-encode it.
			part = strings.TrimSpace(part)
			key := SortKey{Field: part}
			switch {
			case strings.HasPrefix(part, "-"):
				key = SortKey{Field: strings.TrimSpace(part[1:]), Desc: true}
			case strings.HasPrefix(part, "+"):
				key = SortKey{Field: strings.TrimSpace(part[1:])}
			}
			if key.Field == "" {
				continue
			}
			if sortable != nil && !slices.Contains(sortable, key.Field) {
				return nil, invalid("page_sort", "cannot sort by "+strconv.Quote(key.Field))
			}
			if !seen[key.Field] {
				seen[key.Field] = true
				keys = append(keys, key)
			}
		}
	}
	return keys, nil
}

// bookmarkCheckLen is how many bytes of a SHA-256 of the payload a bookmark carries, so a
// mangled or hand-edited token is refused instead of silently paging from the wrong place.
// It is not a signature: a forged bookmark only moves where a list starts, never what the
// caller may see, because access is decided by the list query itself.
const bookmarkCheckLen = 6

// maxBookmarkLen bounds the token a client may send.
const maxBookmarkLen = 4096

// EncodeBookmark is an opaque, URL-safe token (base64url, no padding) carrying values: the
// last item's sort-key values, then its id.
func EncodeBookmark(values ...any) string {
	norm := make([]any, len(values))
	for i, v := range values {
		norm[i] = bookmarkValue(v)
	}
	payload, err := json.Marshal(norm)
	if err != nil { // only scalars reach here, which always marshal
		panic(fmt.Sprintf("resourceful: bookmark values: %v", err))
	}
	sum := sha256.Sum256(payload)
	return base64.RawURLEncoding.EncodeToString(append(payload, sum[:bookmarkCheckLen]...))
}

// bookmarkValue turns a database value into one a bookmark can carry.
func bookmarkValue(v any) any {
	switch x := v.(type) {
	case nil, string, bool, float64, float32, int, int8, int16, int32, int64, uint8, uint16, uint32, json.Number:
		return x
	case []byte:
		return string(x)
	case time.Time:
		return store.FormatTime(x) // the store's own text order
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

// decodeBookmark reverses EncodeBookmark. It also accepts the standard base64 alphabet and
// padding, and a "+" that became a space in an unencoded query, so tokens survive clients that
// treat them as ordinary base64.
func decodeBookmark(token string) ([]any, error) {
	if len(token) > maxBookmarkLen {
		return nil, ErrInvalidBookmark
	}
	token = strings.NewReplacer("+", "-", " ", "-", "/", "_").Replace(strings.TrimRight(strings.TrimSpace(token), "="))
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) <= bookmarkCheckLen {
		return nil, ErrInvalidBookmark
	}
	payload, check := raw[:len(raw)-bookmarkCheckLen], raw[len(raw)-bookmarkCheckLen:]
	sum := sha256.Sum256(payload)
	if !bytes.Equal(sum[:bookmarkCheckLen], check) {
		return nil, ErrInvalidBookmark
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	var values []any
	if err := dec.Decode(&values); err != nil || dec.More() {
		return nil, ErrInvalidBookmark
	}
	for i, v := range values {
		switch x := v.(type) {
		case nil, string, bool:
		case json.Number: // ids stay exact integers
			if n, err := x.Int64(); err == nil {
				values[i] = n
			} else if f, err := x.Float64(); err == nil {
				values[i] = f
			} else {
				return nil, ErrInvalidBookmark
			}
		default:
			return nil, ErrInvalidBookmark
		}
	}
	return values, nil
}

// BookmarkOf is the bookmark of one item of this page: its raw (database) values of the sort
// fields, keyed by API field name, then its id.
func (p Page) BookmarkOf(sortValues map[string]any, id any) string {
	values := make([]any, 0, len(p.Sort)+1)
	for _, k := range p.Sort {
		values = append(values, sortValues[k.Field])
	}
	return EncodeBookmark(append(values, id)...)
}

// SQL is the page's keyset condition and order. columns maps each sort field to its SQL
// expression; idColumn is the unique, non-null tie-breaker. where continues strictly after the
// bookmark ("1=1" on the first page) with ? placeholders bound by args; orderBy has no "ORDER
// BY" keyword. NULLs sort last in both directions. Use as
// "... WHERE <filters> AND (" + where + ") ORDER BY " + orderBy + " LIMIT ?".
//
// A Prev page walks the list backwards from the bookmark: where holds the items before it and
// orderBy is the reverse order, so LIMIT takes the nearest ones; InPageOrder then puts the rows
// back in the list's order.
func (p Page) SQL(columns map[string]string, idColumn string) (where string, args []any, orderBy string, err error) {
	exprs := make([]string, len(p.Sort))
	order := make([]string, 0, len(p.Sort)+1)
	for i, k := range p.Sort {
		expr, ok := columns[k.Field]
		if !ok {
			return "", nil, "", fmt.Errorf("resourceful: no column for sort field %q", k.Field)
		}
		exprs[i] = expr
		dir, nulls := "ASC", "NULLS LAST"
		if k.Desc != p.Prev {
			dir = "DESC"
		}
		if p.Prev {
			nulls = "NULLS FIRST"
		}
		order = append(order, expr+" "+dir+" "+nulls)
	}
	idDir := "ASC"
	if p.Prev {
		idDir = "DESC"
	}
	order = append(order, idColumn+" "+idDir)
	orderBy = strings.Join(order, ", ")
	if p.Bookmark == nil {
		return "1=1", nil, orderBy, nil
	}
	if len(p.Bookmark) != len(p.Sort)+1 {
		return "", nil, "", ErrInvalidBookmark
	}

	// (k1 beyond v1) OR (k1 = v1 AND k2 beyond v2) OR ... OR (all equal AND id beyond last id),
	// where beyond is after in the list's order, or before it for a Prev page.
	var alternatives []string
	for i := 0; i <= len(p.Sort); i++ {
		var parts []string
		var partArgs []any
		for j := 0; j < i; j++ {
			if p.Bookmark[j] == nil {
				parts = append(parts, exprs[j]+" IS NULL")
			} else {
				parts = append(parts, exprs[j]+" = ?")
				partArgs = append(partArgs, p.Bookmark[j])
			}
		}
		switch {
		case i == len(p.Sort):
			op := ">"
			if p.Prev {
				op = "<"
			}
			parts = append(parts, idColumn+" "+op+" ?")
			partArgs = append(partArgs, p.Bookmark[i])
		case p.Bookmark[i] == nil && !p.Prev:
			continue // NULLs are last: nothing sorts after a NULL but its ties
		case p.Bookmark[i] == nil: // before a NULL: every value
			parts = append(parts, exprs[i]+" IS NOT NULL")
		case p.Prev: // before a value: smaller ones in its direction, never a NULL
			op := "<"
			if p.Sort[i].Desc {
				op = ">"
			}
			parts = append(parts, exprs[i]+" "+op+" ?")
			partArgs = append(partArgs, p.Bookmark[i])
		default: // after a value: larger ones in its direction, then the NULLs
			op := ">"
			if p.Sort[i].Desc {
				op = "<"
			}
			parts = append(parts, "("+exprs[i]+" "+op+" ? OR "+exprs[i]+" IS NULL)")
			partArgs = append(partArgs, p.Bookmark[i])
		}
		alternatives = append(alternatives, "("+strings.Join(parts, " AND ")+")")
		args = append(args, partArgs...)
	}
	return strings.Join(alternatives, " OR "), args, orderBy, nil
}

// InPageOrder puts the rows of page p, read in the order SQL gives, in the list's order: a Prev
// page's rows come nearest-first and are reversed (in place). Lists with a keyset query of
// their own read backwards the same way.
func InPageOrder[T any](p Page, rows []T) []T {
	if p.Prev {
		slices.Reverse(rows)
	}
	return rows
}
