// Package review owns the annual review (issue 18; spec 3 §2.3, §3.3, §4.4, §5, §7.3, §8, §9;
// docs/api-contract.md "Annual review (issue 18)"), the platform side of it: the firm's review
// pages, the data the review plays back (risk profiles, contact and personal details,
// dependents) and the submission.
//
// # Routes (relative to /resourceful, behind the platform's authentication)
//
//	GET  review/page                                   the firm's review pages, in order
//	GET  entity/client/{id}/risk_profile/value/client  {index, name, description, isEmpty}
//	GET  entity/client-v4/{id}/dependent               the client's dependents
//	GET  entity/client-v4/{id}/review/playback         contact and personal details, client and partner
//	GET  entity/client-v4/{id}/review                  the latest submitted review (or none)
//	POST entity/client-v4/{id}/review                  submits the review
//
// # Where the definition lives
//
// The firm configures its review in the store (review_definition: the pages as JSON, one row
// per firm, migration 0029), so the platform that checks a submission reads the same questions
// the browser showed. A firm without a row has no review (no pages).
//
// # Who
//
// Reads follow access.CanReachEntity: a client reads itself and, with view_partner, its
// partner; an adviser reads its own clients (only the one in context while one is); any other
// id answers 404 like a missing one. Only a client submits, and only its own review (an
// adviser gets 403). Answers for the partner are taken only for the client's own partner
// (partner_entity_id), with view_partner, while the partner's review is InProgress too.
//
// # Submitting
//
// In one transaction: the client's (and partner's) entity rows are locked first, so two
// submits of one review queue and the second finds it no longer InProgress; the statuses are
// checked (409 when not InProgress, a separate text when already submitted); every question
// page must be answered for each person answered for (400); the submission is stored, each
// person's status is set ChangesReported when any answer is Yes, else NoChangesReported
// (journeys.SetReviewStatus), and a PDF of the answers (go-pdf/fpdf) is filed in the client's
// documents (messages.StoreSystemDocument). Any refusal leaves everything as it was.
package review
