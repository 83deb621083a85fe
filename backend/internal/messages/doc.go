// Package messages is the platform's secure messages and documents API under /resourceful
// (spec 3 §2.1, §3.1, §4.1, §5, §7.1; docs/api-contract.md "Messages and documents"): the
// document list with its folder queries, a document with its body and attachments, read
// receipts, categories and document types, a client's new message or reply with its
// attachments, attachment downloads, the adviser's notification email, and the adviser's side
// (an adviser's message to one of their clients, also `portal message reply`).
//
// # Who sees what
//
// The viewer is the client logged in, or an adviser's client in context (the platform
// session's, access.Principal.ClientInContext); an adviser with none is refused every read
// (403 "I am not a clientUser and no client in context"). A document belongs to one client
// (docnote.entity_id). The viewer sees the client's documents and those of a related entity it
// reaches (access.CanReachEntity: a partner or group member that is login_accessible, with
// view_partner), named by entity_ids.N. A client sees only documents with
// is_client_access_accessible; an adviser sees them all. Anything else (another client's
// document, attachment or file, a document of another firm) answers 404 "Resource Not Found"
// exactly like a missing one. Writes (new messages, read receipts, uploads, the notification)
// are the client's; an adviser in context reads without marking read (403). The adviser's own
// message (POST docnote-v2 with role User) names one of their clients in entity_id and lands in
// that client's Inbox (sender adviser, docsubtype "Secure Message").
//
// # Lists
//
// GET docnote-v2 pages by bookmark (keyset on the sort key, then id, in the same direction, so
// each sort order is read from its index: docnote_entity_created_idx, _reference_idx,
// _subject_idx; the important folder from _category_idx; unread notes from the partial index
// docnote_entity_unread_idx). Folder queries are ordinary list calls: received excludes
// docsubtype 'Client Initiated', sent asks for it, important names the important category in
// categories.0, unread counts ask page_size=21 with firstread.include_read_notes=false.
//
// # Writing
//
// A message is checked before anything is stored (spec 3 §5): the request is valid UTF-8 JSON;
// the subject is plain text, trimmed, required and under 256 characters (HTML stays text; the
// web app never renders it as HTML), a reply's is "RE: " and the original's cut to 255; the
// body loses characters beyond Latin-1, is trimmed and sanitised with BodyPolicy (bluemonday),
// at most 100,000 bytes; linked accounts must be the client's. attachment_count (0-5) is what
// the message announces: until that many attachments arrived, "complete" is false.
//
// An attachment (attachment-v3, multipart part "file") is read as it streams in, at most
// 10,000,000 bytes plus one, and refused, with nothing stored, when there are already 5 or as
// many as announced, when empty, too large, with a blocked extension, or when Sniff finds an
// executable, script or archive, or content that contradicts a known extension. Its bytes are
// kept in the database (docnote_file) and served only by docnote/files/{doc}/{part}/{name}
// under the stored name, with SetDownloadHeaders.
package messages
