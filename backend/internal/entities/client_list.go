package entities

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// clientListRequest is a parsed client list request.
type clientListRequest struct {
	Search   clientSearch
	Sort     listSort
	After    *bookmark
	PageSize int
	UserIDs  []int64 // the legacy list's user_id filter
	Fields   []string
}

// GET /resourceful/entity/client-v3 and the legacy GET /resourceful/entity/client?user_id=...
func (m *Module) getClientList(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	req, err := parseClientListRequest(params)
	if err != nil {
		return err
	}
	items, err := ListClients(c.Request.Context(), q, p, req)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, items)
	return nil
}

func parseClientListRequest(params resourceful.Params) (clientListRequest, error) {
	var req clientListRequest
	var err error
	if req.Search, err = parseQuicksearch(params.String("quicksearch")); err != nil {
		return req, err
	}
	if req.Sort, req.After, req.PageSize, err = parsePaging(params); err != nil {
		return req, err
	}
	if req.UserIDs, err = params.Int64s("user_id"); err != nil {
		return req, err
	}
	if req.Fields, err = chooseFields(resourceful.Fields(params), listFields); err != nil {
		return req, err
	}
	return req, nil
}

// ListClients answers one page of the clients p may list: an adviser's own clients, or for a
// client login only itself. Every item carries the bookmark that continues after it.
func ListClients(ctx context.Context, q access.Querier, p access.Principal, req clientListRequest) ([]map[string]any, error) {
	query, args := clientListSQL(p, req)
	ids, err := queryIDs(ctx, q, query, args...)
	if err != nil {
		return nil, err
	}
	if req.Sort.Prev {
		slices.Reverse(ids) // read nearest-first: back in the list's order
	}
	records, err := loadClients(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	var groups map[int64][]map[string]any
	if contains(req.Fields, "entity_groups") {
		if groups, err = entityGroups(ctx, q, ids); err != nil {
			return nil, err
		}
	}
	partner, err := partnerOf(ctx, q, p)
	if err != nil {
		return nil, err
	}
	key := sortKeys[req.Sort.Field]
	items := make([]map[string]any, 0, len(records))
	for _, r := range records {
		item := pick(r.fields(p, partner), req.Fields)
		if contains(req.Fields, "entity_groups") {
			item["entity_groups"] = nonNil(groups[r.ID])
		}
		item["bookmark"] = bookmark{Key: key.of(r), ID: r.ID}.String()
		items = append(items, item)
	}
	return items, nil
}

// clientListSQL builds the query for one page of client ids. An adviser's list walks
// entity_adviser_name_idx (adviser_entity_id, lower(entity_name), id): the equality picks the
// adviser's clients and, for the default sort, the index order is the answer's order, so a page
// reads page_size rows. firm_id + 0 and entity_kind joined to an empty string keep the planner from preferring the
// firm-wide indexes, which would read every client of the firm (SQLite's unary + does that
// too, but PostgreSQL has no unary + for text). The SQL is the same on both dialects: case is
// ignored through lower() on both sides, since PostgreSQL's LIKE and comparisons heed case.
func clientListSQL(p access.Principal, req clientListRequest) (string, []any) {
	var where []string
	var args []any
	switch p.Role {
	case access.RoleAdviser:
		where = append(where, "e.adviser_entity_id = ?", "e.firm_id + 0 = ?", "e.entity_kind || '' = 'client'")
		args = append(args, p.EntityID, p.FirmID)
	default: // a client lists only itself
		where = append(where, "e.id = ?", "e.firm_id = ?", "e.entity_kind = 'client'")
		args = append(args, p.EntityID, p.FirmID)
	}
	for _, w := range req.Search.Words {
		// Word-prefix match over every name the client goes by; the leading space anchors
		// the pattern at a word start ("ada" finds "Lovelace, Ada", not "Canada").
		where = append(where, `lower(' ' || e.first_name || ' ' || e.last_name || ' ' || e.preferred_name || ' ' ||
			replace(e.entity_name, ',', ' ')) LIKE lower(?) ESCAPE '\'`)
		args = append(args, "% "+likeEscape(w)+"%")
	}
	if req.Search.Postcode != "" {
		where = append(where, `lower(replace(e.preferred_postcode, ' ', '')) LIKE lower(?) ESCAPE '\'`)
		args = append(args, likeEscape(req.Search.Postcode)+"%")
	}
	if req.Search.DOB != "" {
		where = append(where, "e.dob = ?")
		args = append(args, req.Search.DOB)
	}
	if len(req.UserIDs) > 0 {
		where = append(where, "EXISTS (SELECT 1 FROM app_user u WHERE u.entity_id = e.id AND u.id IN ("+placeholders(len(req.UserIDs))+"))")
		for _, id := range req.UserIDs {
			args = append(args, id)
		}
	}
	key := sortKeys[req.Sort.Field].expr
	dir, cmp := "", ">"
	if req.Sort.Desc != req.Sort.Prev { // a previous page walks the order backwards
		dir, cmp = " DESC", "<"
	}
	if req.After != nil {
		// The row value states the position exactly; the plain bound beside it is implied by
		// it but is what lets SQLite seek in the index instead of reading from the start.
		where = append(where, key+" "+cmp+"= lower(?)", "("+key+", e.id) "+cmp+" (lower(?), ?)")
		args = append(args, req.After.Key, req.After.Key, req.After.ID)
	}
	query := "SELECT e.id FROM entity e WHERE " + strings.Join(where, " AND ") +
		" ORDER BY " + key + dir + ", e.id" + dir + " LIMIT ?"
	return query, append(args, req.PageSize)
}

// loadClients reads the records of ids, in the order of ids.
func loadClients(ctx context.Context, q access.Querier, ids []int64) ([]clientRecord, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT `+clientColumns+clientFrom+` WHERE e.id IN (`+placeholders(len(ids))+`)`, int64Args(ids)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byID := make(map[int64]clientRecord, len(ids))
	for rows.Next() {
		r, err := scanClient(rows)
		if err != nil {
			return nil, err
		}
		byID[r.ID] = r
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]clientRecord, 0, len(ids))
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// entityGroups are the client groups of each of ids, as {id, name}.
func entityGroups(ctx context.Context, q access.Querier, ids []int64) (map[int64][]map[string]any, error) {
	out := map[int64][]map[string]any{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT m.entity_id, g.id, g.name FROM client_group_member m
		JOIN client_group g ON g.id = m.group_id
		WHERE m.entity_id IN (`+placeholders(len(ids))+`) ORDER BY g.name, g.id`, int64Args(ids)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var entityID, groupID int64
		var name string
		if err := rows.Scan(&entityID, &groupID, &name); err != nil {
			return nil, err
		}
		out[entityID] = append(out[entityID], map[string]any{"id": groupID, "name": name})
	}
	return out, rows.Err()
}

func queryIDs(ctx context.Context, q access.Querier, query string, args ...any) ([]int64, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

func int64Args(ids []int64) []any {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return args
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// nonNil answers an empty list rather than null, so callers can iterate without a check.
func nonNil(v []map[string]any) []map[string]any {
	if v == nil {
		return []map[string]any{}
	}
	return v
}
