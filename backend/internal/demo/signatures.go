package demo

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"time"

	"wealthportal/backend/internal/signatures"
	"wealthportal/backend/internal/store"
)

// signaturesKey is the meta row that records that the demo's documents to sign were written.
const signaturesKey = "demo_signatures"

// demoSignatureTerms are the demo firm's signing terms (sysadmin/digital_signature-v2).
const demoSignatureTerms = "I have read this document and I agree to sign it electronically. I understand that my " +
	"electronic signature, confirmed with a one-time security code sent to my registered mobile phone, has the same " +
	"effect as my handwritten signature, and that Harbour & Vale Wealth Management will keep a signed copy."

// demoRequest is a document the demo sends a client to sign.
type demoRequest struct {
	username, filename, title string
	// due and notified are days from the seeding day; signedDaysAgo > 0 makes it signed then.
	due, notified, signedDaysAgo int
	// phone replaces the client's registered mobile (Thomas has none with '+').
	phone string
	pages [][]signatures.Paragraph
}

var demoRequests = []demoRequest{
	{username: "demo.client", filename: "Suitability report 2026.pdf", title: "Suitability report 2026", due: 21, notified: -1, pages: suitabilityPages},
	{username: "demo.client", filename: "Letter of authority - Harbour & Vale.pdf", title: "Letter of authority", due: 14, notified: -2, pages: authorityPages},
	{username: "demo.client", filename: "Client agreement 2025.pdf", title: "Client agreement 2025", due: -170, notified: -190, signedDaysAgo: 180, pages: agreementPages},
	{username: "demo.messages", filename: "Terms of business 2026.pdf", title: "Terms of business 2026", due: 21, notified: -1, phone: "07700 900163", pages: agreementPages},
}

var suitabilityPages = [][]signatures.Paragraph{
	{
		{Text: "Prepared for Eleanor Whitfield by Oliver Grant, Chartered Financial Planner, Harbour & Vale Wealth Management, Bristol."},
		{Text: "1. Your circumstances and objectives", Heading: true},
		{Text: "At our annual review you told us that your objectives are unchanged: to retire at 62 with an income of about £48,000 a year in today's money, to keep an emergency fund of six months' spending in cash, and to help your grandchildren with university costs from 2031."},
		{Text: "Your attitude to risk remains 'balanced' (5 on our scale of 1 to 7). Your capacity for loss is medium: a fall of 20% in your investments would not change your plans."},
		{Text: "2. Our recommendation", Heading: true},
		{Text: "We recommend that you keep your Stocks and Shares ISA and your SIPP in the Harbour & Vale Growth and Retirement models, use this year's ISA allowance of £20,000 from your cash savings, and increase your pension contributions by £300 a month."},
	},
	{
		{Text: "3. Why this is suitable for you", Heading: true},
		{Text: "The models match your attitude to risk and your time horizon of more than ten years. Using your ISA allowance shelters future growth and income from tax. The higher pension contributions attract tax relief at your marginal rate of 40%."},
		{Text: "4. Costs", Heading: true},
		{Text: "Our ongoing advice fee stays at 0.75% a year of the assets we advise on. The models' fund charges average 0.21% a year, and the platform charge is 0.25% a year. No initial charge applies to this recommendation."},
		{Text: "5. Risks", Heading: true},
		{Text: "The value of investments and the income from them can go down as well as up, and you may get back less than you invested. Past performance is not a guide to future returns. Tax rules can change."},
		{Text: "Please sign this report to confirm that it reflects our discussion and that you wish to go ahead."},
	},
}

var authorityPages = [][]signatures.Paragraph{
	{
		{Text: "To: Harbour & Vale Wealth Management, 12 Queen Square, Bristol BS1 4NT."},
		{Text: "Authority to obtain information", Heading: true},
		{Text: "I authorise Harbour & Vale Wealth Management and its advisers to request and receive from the providers of my pensions, investments and insurance policies any information they need to advise me, including valuations, transfer values, charges and fund details."},
		{Text: "This authority covers the plans listed in the schedule to my fact find and any plans I tell my adviser about later. It does not allow anyone to make changes to my plans or to move money."},
		{Text: "Duration", Heading: true},
		{Text: "This authority lasts until I withdraw it in writing. A copy of this letter, signed electronically, is as valid as the original."},
	},
}

var agreementPages = [][]signatures.Paragraph{
	{
		{Text: "Our services", Heading: true},
		{Text: "This agreement sets out the terms on which Harbour & Vale Wealth Management provides ongoing financial planning and investment advice to you, including an annual review and access to your client portal."},
		{Text: "Our fees", Heading: true},
		{Text: "Our ongoing advice fee is 0.75% a year of the assets we advise on, taken monthly from your accounts. You can end this agreement at any time by telling us in writing."},
		{Text: "Complaints", Heading: true},
		{Text: "If you are unhappy with our service, please contact our Compliance Officer. You may also be able to refer your complaint to the Financial Ombudsman Service."},
	},
}

// seedSignatures writes the demo firm's signing settings and documents to sign, once: for
// demo.client two awaiting signature and one signed earlier (with its signature page), and for
// demo.messages one whose registered phone has no '+' (the invalid-phone step).
func seedSignatures(ctx context.Context, db *store.DB, now time.Time) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		var done int
		if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM meta WHERE key = ?`), signaturesKey).Scan(&done); err != nil || done > 0 {
			return err
		}
		day := now.UTC().Truncate(24 * time.Hour)
		firms := map[int64]bool{}
		for i, r := range demoRequests {
			var entity, firm int64
			var first, last string
			err := tx.QueryRowContext(ctx, db.Rebind(`SELECT e.id, e.firm_id, e.first_name, e.last_name FROM app_user u JOIN entity e ON e.id = u.entity_id
				WHERE lower(u.username) = ?`), r.username).Scan(&entity, &firm, &first, &last)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			}
			if err != nil {
				return err
			}
			if !firms[firm] {
				firms[firm] = true
				if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO signature_setting (firm_id, terms_and_conditions, sign_template_id, decline_template_id, time_zone)
					VALUES (?, ?, 'digital-signature-signed', 'digital-signature-declined', 'Europe/London')`), firm, demoSignatureTerms); err != nil {
					return err
				}
			}
			phone := r.phone
			if phone == "" {
				err := tx.QueryRowContext(ctx, db.Rebind(`SELECT value FROM contact WHERE entity_id = ? AND type = 'p3' ORDER BY preferred DESC, id LIMIT 1`), entity).Scan(&phone)
				if err != nil && !errors.Is(err, sql.ErrNoRows) {
					return err
				}
			}
			doc, err := signatures.RenderDocument(r.title, r.pages)
			if err != nil {
				return err
			}
			status, signedAt, method := signatures.StatusAwaitingSignature, any(nil), any(nil)
			var signed any
			if r.signedDaysAgo > 0 {
				at := day.AddDate(0, 0, -r.signedDaysAgo).Add(10*time.Hour + 12*time.Minute)
				sum := sha256.Sum256(doc)
				page, err := signatures.AppendSignaturePage(doc, signatures.SignatureRecord{
					Filename: r.filename, Signatory: first + " " + last,
					UTC: at.Format("2 January 2006 15:04:05") + " UTC", Local: at.In(london()).Format("2 January 2006 15:04:05 MST") + " (Europe/London)",
					Method: "One-time security code sent by SMS to " + maskForPage(phone), SHA256: hex.EncodeToString(sum[:]),
				})
				if err != nil {
					return err
				}
				status, signedAt, method, signed = signatures.StatusSigned, store.FormatTime(at), signatures.MethodSign, page
			}
			var id int64
			if err := tx.QueryRowContext(ctx, db.Rebind(`INSERT INTO signature_request (firm_id, entity_id, filename, content, signed_content, due_date, status,
				terms, secure_data, last_notified_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?) RETURNING id`),
				firm, entity, r.filename, doc, signed, day.AddDate(0, 0, r.due).Format("2006-01-02"), status,
				demoHandle(i), store.FormatTime(day.AddDate(0, 0, r.notified).Add(9*time.Hour)), store.FormatTime(day.AddDate(0, 0, r.notified).Add(9*time.Hour))).Scan(&id); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO signature_signatory (request_id, entity_id, phone, can_sign, signed_at, signing_method)
				VALUES (?, ?, ?, 1, ?, ?)`), id, entity, phone, signedAt, method); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO meta (key, value) VALUES (?, '1')`), signaturesKey)
		return err
	})
}

// demoHandle is a demo request's secure_data: deterministic, distinct per request.
func demoHandle(i int) string {
	sum := sha256.Sum256([]byte{'d', 'e', 'm', 'o', byte(i)})
	return hex.EncodeToString(sum[:12])
}

func london() *time.Location {
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		return time.UTC
	}
	return loc
}

// maskForPage is the masked phone as a signature page writes it (asterisks for the bullets).
func maskForPage(phone string) string {
	out := []rune(signatures.MaskPhone(phone))
	for i, r := range out {
		if r == '•' {
			out[i] = '*'
		}
	}
	return string(out)
}
