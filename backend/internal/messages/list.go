package messages

import (
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// Paging of the list (spec 3 §9): 20 by default, at most 100 a page.
const (
	defaultPageSize = 20
	maxPageSize     = 100
)

// sortColumns are the list's sort fields (spec 3 §9 "Sort options") and their columns; each
// has an index with entity_id first and id last, so a page is read in index order.
var sortColumns = map[string]string{
	"created_date":   "d.created_at",
	"reference_date": "d.reference_date",
	"subject":        "d.subject",
}

// errInvalidSort answers a page_sort outside the six of spec 3 §9.
var errInvalidSort = apierr.BadRequest("Invalid page_sort")

// listQuery is a list request read from its parameters.
type listQuery struct {
	entities []int64
	sortKey  string
	desc     bool
	size     int
	// after is the bookmark: the last item's sort value and id.
	after []any
	where []string
	args  []any
}

// parseList reads the list's parameters (docs/api-contract.md, issue 16).
func parseList(v viewer, params resourceful.Params, entities []int64) (listQuery, error) {
	page, err := resourceful.ParsePage(params, defaultPageSize, maxPageSize, nil, "-created_date")
	if err != nil {
		return listQuery{}, err
	}
	if len(page.Sort) != 1 || page.Prev {
		return listQuery{}, errInvalidSort
	}
	if _, ok := sortColumns[page.Sort[0].Field]; !ok {
		return listQuery{}, errInvalidSort
	}
	lq := listQuery{entities: entities, sortKey: page.Sort[0].Field, desc: page.Sort[0].Desc, size: page.Size, after: page.Bookmark}
	if v.isClient() {
		lq.where = append(lq.where, "d.is_client_access_accessible = 1")
	}
	if s := params.String("docsubtype"); s != "" {
		lq.add("d.docsubtype = ?", s)
	}
	if s := params.String("docsubtype_exclude"); s != "" {
		lq.add("d.docsubtype <> ?", s)
	}
	if codes := params.Strings("doctype"); len(codes) > 0 {
		lq.add("d.doctype IN ("+placeholders(len(codes))+")", anys(codes)...)
	}
	if codes := params.Strings("doctype_exclude"); len(codes) > 0 {
		lq.add("d.doctype NOT IN ("+placeholders(len(codes))+")", anys(codes)...)
	}
	categories, err := params.Int64s("categories")
	if err != nil {
		return listQuery{}, err
	}
	if len(categories) > 0 {
		lq.add("d.category_id IN ("+placeholders(len(categories))+")", anys(categories)...)
	}
	if s := strings.TrimSpace(params.String("subject")); s != "" {
		lq.add(`LOWER(d.subject) LIKE ? ESCAPE '\'`, likePattern(s))
	}
	for _, bound := range []struct {
		key, op string
		days    int
	}{{"date_from", ">=", 0}, {"date_to", "<", 1}} {
		d, ok, err := params.Date(bound.key)
		if err != nil {
			return listQuery{}, err
		}
		if ok {
			lq.add("d.created_at "+bound.op+" ?", d.AddDate(0, 0, bound.days).Format(time.DateOnly))
		}
	}
	includeRead, err := firstreadParams(params).Bool("include_read_notes", true)
	if err != nil {
		return listQuery{}, err
	}
	if !includeRead {
		lq.where = append(lq.where, "d.firstread IS NULL")
	}
	return lq, nil
}

// firstreadParams is the firstread object of firstread.include_read_notes, however it arrived.
func firstreadParams(params resourceful.Params) resourceful.Params {
	if o := params.Object("firstread"); o != nil {
		return o
	}
	return resourceful.Params{"include_read_notes": params["firstread.include_read_notes"]}
}

func (lq *listQuery) add(cond string, args ...any) {
	lq.where = append(lq.where, cond)
	lq.args = append(lq.args, args...)
}

// sql is the page's query: the filters, the keyset condition after the bookmark, the order
// (id in the same direction as the key, so one index serves both) and the limit.
func (lq listQuery) sql() (string, []any, error) {
	col := sortColumns[lq.sortKey]
	where := append([]string{"d.entity_id IN (" + placeholders(len(lq.entities)) + ")"}, lq.where...)
	args := append(anys(lq.entities), lq.args...)
	dir, op := "ASC", ">"
	if lq.desc {
		dir, op = "DESC", "<"
	}
	if lq.after != nil {
		if len(lq.after) != 2 {
			return "", nil, resourceful.ErrInvalidBookmark
		}
		where = append(where, "("+col+" "+op+" ? OR ("+col+" = ? AND d.id "+op+" ?))")
		args = append(args, lq.after[0], lq.after[0], lq.after[1])
	}
	query := `SELECT ` + noteColumns + ` FROM docnote d WHERE ` + strings.Join(where, " AND ") +
		` ORDER BY ` + col + ` ` + dir + `, d.id ` + dir + ` LIMIT ?`
	return query, append(args, lq.size), nil
}

// sortValue is a note's value of the list's sort key, as the bookmark carries it.
func (n note) sortValue(key string) any {
	switch key {
	case "reference_date":
		return n.referenceDate
	case "subject":
		return n.subject
	}
	return n.createdAt
}

// likePattern is a subject search: case-insensitive, '*' any run of characters, the rest
// literal; without a '*' the subject contains the text.
func likePattern(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(s))
	if !strings.Contains(s, "*") {
		return "%" + s + "%"
	}
	return strings.ReplaceAll(s, "*", "%")
}

// GET /resourceful/docnote-v2
func (m *Module) list(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return err
	}
	v, err := viewerOf(ctx, q, p)
	if err != nil {
		return err
	}
	entities, err := v.entities(ctx, q, params)
	if err != nil {
		return err
	}
	lq, err := parseList(v, params, entities)
	if err != nil {
		return err
	}
	query, args, err := lq.sql()
	if err != nil {
		return err
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	notes := []note{}
	for rows.Next() {
		n, err := scanNote(rows)
		if err != nil {
			rows.Close()
			return err
		}
		notes = append(notes, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if err := withParts(ctx, q, notes); err != nil {
		return err
	}
	out := make([]map[string]any, len(notes))
	for i, n := range notes {
		out[i] = n.item()
		out[i]["bookmark"] = resourceful.EncodeBookmark(n.sortValue(lq.sortKey), n.id)
	}
	resourceful.JSON(c, 200, out)
	return nil
}

func anys[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
