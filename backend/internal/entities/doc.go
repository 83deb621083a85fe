// Package entities is the planning platform's party API: the session's capabilities, toggles,
// site and login profile; advisers; clients (the adviser's client list, a client's fields,
// addresses, contacts, group members, preferences and terms acceptance); and field choices.
// Module registers it on the authenticated /resourceful group (paths below are relative to it).
//
// # Endpoints
//
//	GET   session/capability                       the caller's capabilities (flag map)
//	GET   session/feature_access?feature_names=…   {name: enabled} for the named toggles (all when none named)
//	GET   feature_toggle/toggle_condition          [{name, enabled}] of the caller's firm
//	GET   site                                     {site_locales, version} of the caller's firm
//	GET   sysadmin/loginsetting/login_profile/:id  a login profile of the caller's firm
//	GET   session/user/adviser[?client_id|entityid=] the caller's adviser (see below)
//	GET   adviser/:id, adviser/:id/contact, adviser/:id/address
//	GET   entity/client-v3, entity/client          the client list (legacy form takes user_id)
//	GET   entity/client/:id, entity/client-v3/:id  a client's fields
//	PUT   entity/client-v3/:id (and PATCH)         communication preferences only (top level or in fields)
//	GET   entity/client-v3/:id/capability          the client's capabilities as its own login has them
//	GET   entity/client-v3/:id/address[/:address_id], entity/client-v3/:id/contact
//	GET   entity/client/:id/client_group/member    members of the client's groups
//	POST  entity/client-v3/:id/terms_and_conditions {content, agreed_date, desc}
//	GET   entity/user/:id                          a login, without password or second-factor data
//	GET   ufield/:group, ufield/:group/:field, ufield/:group/:field/choice
//
// # Access
//
// Every read and write of a party goes through access.CanReachEntity (requireClient adds that
// the entity is a client); a refusal is exactly apierr.ErrNotFound, so another client's,
// another adviser's or another firm's id answers like a missing one. Decisions beyond that:
//   - Writes are the client's own acts. Preferences (PUT/PATCH) and terms acceptance by a caller
//     who can read the client but is not it — its adviser, or a partner with view_partner —
//     answer 403 (apierr.ErrForbidden): advisers see preferences read-only (spec 2 §6) and
//     nobody accepts terms on a client's behalf. Callers who cannot read the client get 404.
//     A preference write changes only the fields it names, so two writes of different fields
//     at once both stick (the page sends only what the user changed).
//   - Advisers: an adviser reads itself and its colleagues in the firm (they cover for each
//     other); a client reads only its own adviser. session/user/adviser answers a client's own
//     adviser, an adviser itself, or — given client_id or entityid — that (reachable) client's
//     adviser. A client without an adviser is 404.
//   - entity/user/:id: a client reads only its own logins (not its partner's); an adviser its
//     own and its clients'.
//   - Login profiles: any profile of the caller's firm (its own is one of them).
//   - Group members: whoever reaches the client sees all members of its groups with their
//     login_accessible flag (advisers filter on it, spec 3 §5); a member's data beyond the list
//     needs CanReachEntity. member_id and entity_id both name the member's entity; group_id
//     names the group; isClient marks the client asked about, listed first.
//   - Field metadata and choices hold no personal data and are the same for every firm: any
//     session may read them.
//
// # The client list
//
// An adviser lists its own clients, a client only itself. quicksearch holds name words, then
// pcode:{postcode} (which may contain spaces, so it runs to the next directive) and
// dob:YYYYMMDD, combinable. Name words match the start of any word of the first, last,
// preferred or entity name, case-insensitively (ASCII); postcodes match as a prefix ignoring
// case and spaces; a dob is an exact date. The spec's form rules are checked again here (400
// "Please enter a valid name", "Please only enter a number or a letter", "Please enter a date
// in a valid format of YYYYMMDD").
//
// page_size, page_sort, page_bookmark and page_dir follow the platform's shared rules
// (resourceful.ParsePage: default 20, a larger size is cut to 200, "+"/"-" prefixes, opaque
// checked bookmarks, page_dir=prev for the page before the bookmark, read backwards through the
// same index and answered in the list's order). The list sorts by one of entity_name (default), last_name, first_name,
// dob or preferred_postcode; a missing dob sorts as blank. Ties break on id in the same
// direction, so entity_adviser_name_idx (adviser_entity_id, lower(entity_name), id) serves the
// default order both ways, and a later page seeks straight to its bookmark: the keyset SQL is
// this package's own (resourceful.Page.SQL's NULLS LAST / id ASC form cannot use that index),
// and TestClientListUsesIndexes checks the plans. Every item carries its bookmark; the last
// page is the one with fewer items than page_size.
//
// List items carry spec 3 §3.4's field set plus id, user_id, has_client_access (an enabled
// login exists), is_partner and bookmark; `fields` narrows it and an unknown field is 400
// "invalid field name: …" (the platform's answer, spec 3 §8). is_partner is true when the item
// is the calling client's partner (so never for advisers). entity_groups is [{id, name}].
//
// # Values
//
// Dates are typed Date values ({"_type":"Date","_val":"YYYY-MM-DD"}, null when unknown);
// last_login_datetime and the user's last_login are RFC 3339 strings, the platform's own login
// time winning over an imported one. client_access_level is {code, description} with a string
// code, the shape of session/user and of the entity field lookup
// (ufield/entity/client_access_level/choice, from client_access_level_choice). Communication
// preferences are '1'/'0' and accept '1'/'0', "true"/"false", booleans or 1/0; any other field
// in a PUT/PATCH is 400 "Field cannot be updated: <name>". A PUT/PATCH names its fields at the
// top level (the web app) or inside fields, as XPLAN clients send them (fields.comm_pref_sms=1
// flattened, or {"fields": {...}}); one field named both ways is a 400. GB clients and addresses use the GB
// field sets (uk_domicile_country, uk_domiciled; block, street_name, street_name_2), other
// regions one street line; address lists add status. client_adviser on an adviser card is the
// adviser's role text, ClientAdviserRole, and its region says which of those layouts its address
// follows. Terms acceptance answers 201 with the record.
//
// The SQL is written once for both dialects: ? placeholders rebound for the store's dialect by
// the querier every endpoint gets (resourceful.Q), case ignored through lower() on both sides of a
// comparison or LIKE (PostgreSQL heeds case where SQLite's LIKE and NOCASE did not), matching
// lower() indexes on both (migration 0013), row values, and rows created through resourceful.Insert
// (INSERT … RETURNING id, with the id a platform write transaction first answered on its replays).
package entities
