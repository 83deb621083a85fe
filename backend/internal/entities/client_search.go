package entities

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// Messages of the client search (spec 3 §5); the server checks what the form checks, since the
// platform is also called by other front ends.
const (
	badNameMessage     = "Please enter a valid name"
	badPostcodeMessage = "Please only enter a number or a letter"
	badDOBMessage      = "Please enter a date in a valid format of YYYYMMDD"
	badSortMessage     = "Invalid page_sort: sort by one field"
)

// Page sizes of the client list (spec 3 §9: 20 by default, from the request); a larger size
// is cut to the maximum, as everywhere on the platform.
const (
	defaultPageSize = 20
	maxPageSize     = 200
)

// Lengths of the search fields. A name is a block of 1-100 characters, an alphanumeric and 1-100
// more (spec 3 §5): at most 201 characters, spaces between words included. The spec gives a
// postcode no length; 20 characters (spaces dropped) is twice the longest postcode in use.
const (
	maxNameLength     = 201
	maxPostcodeLength = 20
)

// clientSearch is a parsed quicksearch: name words, a postcode and a date of birth, any of
// which may be empty.
type clientSearch struct {
	Words    []string
	Postcode string // upper case, spaces removed, so "sw1a 1aa" finds "SW1A 1AA"
	DOB      string // YYYY-MM-DD
}

var (
	// A name word: letters (accented too), digits, underscore, hyphen, apostrophe, full stop.
	nameWordPattern = regexp.MustCompile(`^[\p{L}\p{M}\d_'.\-]+$`)
	// A postcode: letters, digits, underscore (spaces are dropped before the check).
	postcodePattern = regexp.MustCompile(`^[\p{L}\d_]+$`)
	dobPattern      = regexp.MustCompile(`^\d{8}$`)
)

// parseQuicksearch reads the list's quicksearch, built by the client list form as name words,
// then `pcode:{postcode}` and `dob:YYYYMMDD` (spec 3 §7.4). A postcode may hold a space, so a
// pcode: value runs until the next directive; name words are the words outside any pcode: value.
func parseQuicksearch(s string) (clientSearch, error) {
	var out clientSearch
	var postcode []string
	inPostcode, sawPostcode := false, false
	nameLength := 0 // of the name words joined by single spaces
	for _, tok := range strings.Fields(s) {
		lower := strings.ToLower(tok)
		switch {
		case strings.HasPrefix(lower, "pcode:"):
			if sawPostcode {
				return out, apierr.BadRequest(badPostcodeMessage)
			}
			sawPostcode, inPostcode = true, true
			if v := tok[len("pcode:"):]; v != "" {
				postcode = append(postcode, v)
			}
		case strings.HasPrefix(lower, "dob:"):
			inPostcode = false
			if out.DOB != "" {
				return out, apierr.BadRequest(badDOBMessage)
			}
			dob, err := parseSearchDOB(tok[len("dob:"):])
			if err != nil {
				return out, err
			}
			out.DOB = dob
		case inPostcode:
			postcode = append(postcode, tok)
		default:
			if !nameWordPattern.MatchString(tok) {
				return out, apierr.BadRequest(badNameMessage)
			}
			out.Words = append(out.Words, tok)
			nameLength += utf8.RuneCountInString(tok) + min(len(out.Words)-1, 1)
			if nameLength > maxNameLength {
				return out, apierr.BadRequest(badNameMessage)
			}
		}
	}
	if sawPostcode {
		pc := strings.ToUpper(strings.Join(postcode, ""))
		if utf8.RuneCountInString(pc) > maxPostcodeLength || !postcodePattern.MatchString(pc) {
			return out, apierr.BadRequest(badPostcodeMessage)
		}
		out.Postcode = pc
	}
	return out, nil
}

// parseSearchDOB accepts a strict, real YYYYMMDD date and answers it as YYYY-MM-DD.
func parseSearchDOB(v string) (string, error) {
	if !dobPattern.MatchString(v) {
		return "", apierr.BadRequest(badDOBMessage)
	}
	t, err := time.Parse("20060102", v)
	if err != nil {
		return "", apierr.BadRequest(badDOBMessage)
	}
	return t.Format("2006-01-02"), nil
}

// sortKey is one sortable column of the client list: its SQL expression (lower() for the
// names and the postcode, as the indexes are on both dialects, so the order ignores case) and
// how to read the key of a record for its bookmark. A bookmark's key is compared through
// lower(?) too, so it keeps the stored spelling.
type sortKey struct {
	expr string
	of   func(clientRecord) string
}

var sortKeys = map[string]sortKey{
	"entity_name":        {"lower(e.entity_name)", func(r clientRecord) string { return r.EntityName }},
	"last_name":          {"lower(e.last_name)", func(r clientRecord) string { return r.LastName }},
	"first_name":         {"lower(e.first_name)", func(r clientRecord) string { return r.FirstName }},
	"preferred_postcode": {"lower(e.preferred_postcode)", func(r clientRecord) string { return r.PreferredPostcode }},
	// A missing date of birth sorts as the empty string: first ascending, last descending.
	"dob": {"COALESCE(e.dob, '')", func(r clientRecord) string { return r.DOB.String }},
}

// listSort is the list's order: one sort key, ascending or descending, ties broken by id in
// the same direction, so that an index on (key, id) serves both directions.
type listSort struct {
	Field string
	Desc  bool
	// Prev reads the page before the bookmark (page_dir=prev): the query walks the order
	// backwards from it and ListClients turns the page round again.
	Prev bool
}

// bookmark is the position after one item of the list: its sort key and id. Keyset paging
// needs no offset, so later pages cost what the first does and clients added meanwhile neither
// repeat nor vanish. On the wire it is resourceful.EncodeBookmark(key, id).
type bookmark struct {
	Key string
	ID  int64
}

func (b bookmark) String() string { return resourceful.EncodeBookmark(b.Key, b.ID) }

// sortableFields are the page_sort fields of the client list.
var sortableFields = sortedKeys(sortKeys)

// parsePaging reads page_size (20 by default, at most 200), page_sort ("+entity_name" by
// default), page_bookmark and page_dir through the platform's shared paging rules, then narrows them to
// what the list's keyset query serves: one sort key, and a bookmark of a key and an id.
func parsePaging(params resourceful.Params) (listSort, *bookmark, int, error) {
	pg, err := resourceful.ParsePage(params, defaultPageSize, maxPageSize, sortableFields, "+entity_name")
	if err != nil {
		return listSort{}, nil, 0, err
	}
	if len(pg.Sort) != 1 {
		return listSort{}, nil, 0, apierr.BadRequest(badSortMessage)
	}
	s := listSort{Field: pg.Sort[0].Field, Desc: pg.Sort[0].Desc, Prev: pg.Prev}
	if pg.Bookmark == nil {
		return s, nil, pg.Size, nil
	}
	key, isString := pg.Bookmark[0].(string)
	id, isInt := pg.Bookmark[1].(int64)
	if !isString || !isInt || id <= 0 {
		return listSort{}, nil, 0, resourceful.ErrInvalidBookmark
	}
	return s, &bookmark{Key: key, ID: id}, pg.Size, nil
}

// likeEscape makes s a literal inside a LIKE pattern that uses ESCAPE '\'.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
