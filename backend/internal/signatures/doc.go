// Package signatures is the platform's digital signatures API (issue 16; spec 3 §2.2, §3.2,
// §4.2, §7.2, docs/api-contract.md "Digital signatures"): documents sent to a client to sign,
// their signatories, one-time codes sent by SMS, signing and declining, and the signed PDF.
//
//	GET  digital_signature                                  the viewer's requests (page_size ≤ 100)
//	GET  digital_signature/{id}/signatories                 who signs, phones masked
//	POST digital_signature/{id}/signatories/{sid}/generate_code
//	POST digital_signature/{id}/signatories/{sid}/sign      {"signing_method","secure_data","otp"}
//	GET  digital_signature/content/{id}/{filename}          the PDF, signed version once signed
//	GET  sysadmin/digital_signature-v2                      terms and e-mail template ids
//
// # Who
//
// The viewer is the client logged in, or an adviser's client in context (without one: 403 "I
// am not a clientUser and no client in context"). A request is in the viewer's folder when it
// was sent to the viewer or names the viewer as a signatory; any other id, and a signatory of
// another request or of another person, answers 404 exactly like a missing one. Advisers read
// only: generate_code and sign answer 403 for them, with or without a client in context.
//
// # Codes
//
// generate_code makes a six-digit code, keeps only its HMAC-SHA-256 (signature_code: keyed by
// the server secret New is given, over the signatory, a salt of the code's own and the code;
// compared with hmac.Equal), replaces any earlier code of the signatory, and sends it
// through notify.Sender (the development outbox in demo mode) to the phone registered on the
// signatory row. A phone without '+' is 400 "Invalid phone number" (spec 3 §5) and nothing is
// sent. A code lives CodeLifetime (10 minutes) on the injected clock, is single-use, and dies
// after MaxAttempts (5) wrong tries: tries 1-4 answer "OTP does not match", the fifth and every
// later one "Too many incorrect OTP attempts"; a code past its time, spent, or replaced by a
// newer one (secure_data is the handle of the live code) answers "OTP code has expired". Each
// try is counted before it is judged, in the same transaction, so parallel guesses cannot pass
// the limit. Codes sent are limited per login by ratelimit's ScopeCodeSend and signatures by
// ScopeWrite (a required dependency: no limiter, no module).
//
// # Status
//
// Spec 3 §4.2: a signatory can act when the request awaits signature (4), or is part signed (0)
// and the signatory may sign and has no signing method yet. Signing (1) makes the request part
// signed until every signatory who may sign has signed, then signed (1); declining (2) makes it
// declined at once. Both need the code. Each signature appends a signature page to the PDF
// (pdfcpu, core fonts): the document's name, the signatory's name, the time in UTC and in the
// firm's time zone (signature_setting.time_zone), how ("One-time security code sent by SMS to
// +44 *** *** 417") and the SHA-256 of the PDF as it was signed. The signed PDF is kept beside
// the original (signature_request.signed_content) and content serves it from then on. When the
// firm has a sign or decline template, a confirmation e-mail goes to the signatory through
// notify.Sender; its failure is logged, the signature stands.
package signatures
