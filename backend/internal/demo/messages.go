package demo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"wealthportal/backend/internal/store"
)

// messagesKey is the meta row that records that the demo's messages and documents were
// written, so they are written once, also into a store seeded before the tables existed.
const messagesKey = "demo_messages"

// Document categories and types of the demo firm (spec 3 §3.1). Important marks important
// documents; PLAN is the type of the custom folder 'Financial plans'.
var (
	demoCategories = []struct {
		name      string
		important bool
	}{{"Important", true}, {"General", false}, {"Tax", false}}
	demoDocTypes = [][2]string{
		{"LETTER", "Letter"}, {"VALUATION", "Valuation statement"}, {"TAX", "Tax certificate"},
		{"MESSAGE", "Secure message"}, {"REVIEW", "Annual review"}, {"CONTRACT", "Contract note"},
		{"PLAN", "Financial plan"},
	}
)

// demoDoc is one document of a demo client. daysAgo and hour place it before the seed's today;
// it is read a day after it arrived unless unread. A client's message (fromClient) is in Sent;
// reply, when set, is the adviser's answer a day later. pdf names a one-page PDF attachment.
type demoDoc struct {
	daysAgo, hour    int
	subject, body    string
	subtype, doctype string
	category         string // "", "Important", "General" or "Tax"
	unread, hidden   bool
	fromClient       bool
	reply            string
	pdf              string
	pdfLines         []string
	ownerIsPartner   bool
}

const (
	letter  = "Document"
	message = "Secure Message"
	sent    = "Client Initiated"
)

// eleanorDocs are demo.client's documents over 18 months: quarterly valuations with their PDF,
// annual review letters, a tax certificate, contract notes, financial plans (the custom folder),
// the adviser's messages (three unread, two important), two messages of hers with the
// adviser's replies, a file note she cannot see, and a letter to her partner James.
func eleanorDocs() []demoDoc {
	docs := []demoDoc{
		{daysAgo: 2, hour: 9, subject: "Your ISA allowance for this tax year", subtype: message, doctype: "MESSAGE", category: "Important", unread: true,
			body: "<p>Dear Eleanor,</p><p>A reminder that you have <strong>£8,500</strong> of this year's ISA allowance left. If you would like to top up before 5 April, reply here and I will arrange the transfer from your general account.</p><p>Kind regards,<br>Oliver Bennett</p>"},
		{daysAgo: 5, hour: 14, subject: "Annual review: please book a time", subtype: message, doctype: "REVIEW", unread: true,
			body: "<p>Dear Eleanor,</p><p>Your annual review is due. Please choose a time that suits you and James; we can meet in Clifton or by video call.</p><ul><li>Pension contributions</li><li>Inheritance tax planning</li><li>Your attitude to risk</li></ul><p>Oliver</p>"},
		{daysAgo: 9, hour: 11, subject: "Market update: November", subtype: message, doctype: "MESSAGE", unread: true,
			body: "<p>Markets were steady this month. Your portfolios remain in line with your agreed risk profile and no action is needed.</p><p>Oliver</p>"},
		{daysAgo: 40, hour: 10, subject: "Question about my pension drawdown", fromClient: true, subtype: sent, doctype: "MESSAGE",
			body:  "<p>Hello Oliver,</p><p>Could we talk about taking a lump sum from my SIPP next spring? I would like to understand the tax position first.</p><p>Eleanor</p>",
			reply: "<p>Dear Eleanor,</p><p>Of course. Up to a quarter of the pension can usually be taken tax-free; I will prepare figures before our review.</p><p>Oliver</p>"},
		{daysAgo: 120, hour: 16, subject: "Change of address for James", fromClient: true, subtype: sent, doctype: "MESSAGE",
			body:  "<p>Hi Oliver,</p><p>James has a new work address from next month. Do you need anything from us?</p><p>Thanks, Eleanor</p>",
			reply: "<p>Dear Eleanor,</p><p>Thank you. Please ask James to send a recent utility bill and we will update our records.</p><p>Oliver</p>"},
		{daysAgo: 300, hour: 9, subject: "Important: changes to your SIPP charges", subtype: letter, doctype: "LETTER", category: "Important",
			pdf: "SIPP charges 2026.pdf", pdfLines: []string{"From 1 April the annual SIPP administration charge falls from 0.30% to 0.25%.", "No action is needed on your part."},
			body: "<p>Please read the enclosed letter about the new SIPP charges, which apply from 1 April.</p>"},
		{daysAgo: 15, hour: 9, subject: "Consolidated tax certificate 2025/26", subtype: letter, doctype: "TAX", category: "Tax",
			pdf: "Consolidated tax certificate 2025-26.pdf", pdfLines: []string{"Tax year 6 April 2025 to 5 April 2026", "Dividends: GBP 2,418.62", "Interest: GBP 312.40", "Keep this certificate for your self assessment return."},
			body: "<p>Your consolidated tax certificate for the 2025/26 tax year is attached.</p>"},
		{daysAgo: 200, hour: 10, subject: "Annual review letter 2026", subtype: letter, doctype: "REVIEW",
			pdf: "Annual review 2026.pdf", pdfLines: []string{"Summary of our review meeting on 14 May 2026.", "Risk profile: balanced (5 of 10).", "Next review: May 2027."},
			body: "<p>Thank you for meeting us. A summary of our review and the actions we agreed is attached.</p>"},
		{daysAgo: 540, hour: 10, subject: "Annual review letter 2025", subtype: letter, doctype: "REVIEW",
			pdf: "Annual review 2025.pdf", pdfLines: []string{"Summary of our review meeting on 20 May 2025.", "Risk profile: balanced (5 of 10)."},
			body: "<p>A summary of this year's review is attached.</p>"},
		{daysAgo: 60, hour: 12, subject: "Your financial plan 2026", subtype: letter, doctype: "PLAN",
			pdf: "Financial plan 2026.pdf", pdfLines: []string{"Retirement target: age 62.", "Projected income: GBP 48,000 a year in today's money."},
			body: "<p>Your updated financial plan is attached.</p>"},
		{daysAgo: 420, hour: 12, subject: "Your financial plan 2025", subtype: letter, doctype: "PLAN",
			body: "<p>Your financial plan for 2025, as discussed.</p>"},
		{daysAgo: 30, hour: 15, subject: "Contract note: purchase of UK Gilt 2030", subtype: letter, doctype: "CONTRACT",
			body: "<p>We bought 5,000 units of UK Gilt 2030 in your ISA at 99.42.</p>"},
		{daysAgo: 150, hour: 15, subject: "Contract note: sale of Vodafone Group", subtype: letter, doctype: "CONTRACT",
			body: "<p>We sold 2,000 Vodafone Group shares in your general account at 74.10p.</p>"},
		{daysAgo: 330, hour: 15, subject: "Contract note: ISA subscription", subtype: letter, doctype: "CONTRACT",
			body: "<p>Your ISA subscription of £20,000 has been invested in line with your model portfolio.</p>"},
		{daysAgo: 70, hour: 17, subject: "File note: review preparation", subtype: letter, doctype: "LETTER", hidden: true,
			body: "<p>Internal file note: check capacity for loss before the next review.</p>"},
		{daysAgo: 100, hour: 11, subject: "Welcome to your new secure inbox", subtype: message, doctype: "MESSAGE",
			body: "<p>You can now send us messages and documents securely from your phone or computer.</p>"},
		{daysAgo: 250, hour: 11, subject: "Our office will close early on Friday", subtype: message, doctype: "MESSAGE",
			body: "<p>Our Bristol office closes at 1pm this Friday for staff training.</p>"},
		{daysAgo: 380, hour: 11, subject: "Inheritance tax: next steps", subtype: message, doctype: "MESSAGE",
			body: "<p>Following our conversation, I have asked our tax partner to review your will trust options.</p>"},
		{daysAgo: 180, hour: 9, subject: "Letter of authority for James's pension transfer", subtype: letter, doctype: "LETTER", ownerIsPartner: true,
			body: "<p>Please ask James to sign and return the letter of authority so we can request his pension details.</p>"},
	}
	// Quarterly valuation statements for the last 18 months, each with its PDF.
	for q := 0; q < 6; q++ {
		days := 20 + q*91
		name := fmt.Sprintf("Quarterly valuation Q%d.pdf", 6-q)
		docs = append(docs, demoDoc{daysAgo: days, hour: 8, subject: fmt.Sprintf("Quarterly valuation statement (%d of 6)", 6-q),
			subtype: letter, doctype: "VALUATION", pdf: name,
			pdfLines: []string{"Harbour & Vale Wealth Management", "Quarterly valuation of your portfolios.", "Values are shown in pounds sterling at the close of the quarter."},
			body:     "<p>Your quarterly valuation statement is attached.</p>"})
	}
	return docs
}

// otherDocs are the few documents of the other demo client logins.
func otherDocs() []demoDoc {
	return []demoDoc{
		{daysAgo: 3, hour: 10, subject: "Welcome to Harbour & Vale Online", subtype: message, doctype: "MESSAGE", unread: true,
			body: "<p>Welcome! You can send us secure messages and read your documents here.</p>"},
		{daysAgo: 45, hour: 9, subject: "Quarterly valuation statement", subtype: letter, doctype: "VALUATION", pdf: "Quarterly valuation.pdf",
			pdfLines: []string{"Quarterly valuation of your portfolios."}, body: "<p>Your quarterly valuation statement is attached.</p>"},
		{daysAgo: 200, hour: 9, subject: "Your terms of business", subtype: letter, doctype: "LETTER",
			body: "<p>Our updated terms of business are available on request.</p>"},
	}
}

// seedMessages writes the demo's categories, document types and documents once, in one
// transaction with its meta mark; the dates count back from today.
func seedMessages(ctx context.Context, db *store.DB, now time.Time) error {
	today := day(now.UTC().Date())
	return db.InTx(ctx, func(tx *sql.Tx) error {
		q := func(s string) string { return db.Rebind(s) }
		var done int
		if err := tx.QueryRowContext(ctx, q(`SELECT COUNT(*) FROM meta WHERE key = ?`), messagesKey).Scan(&done); err != nil || done > 0 {
			return err
		}
		var firmID int64
		err := tx.QueryRowContext(ctx, q(`SELECT id FROM firm WHERE name = ?`), FirmName).Scan(&firmID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		categories := map[string]int64{}
		for _, c := range demoCategories {
			var id int64
			if err := tx.QueryRowContext(ctx, q(`INSERT INTO doc_category (firm_id, name, important) VALUES (?, ?, ?) RETURNING id`),
				firmID, c.name, boolInt(c.important)).Scan(&id); err != nil {
				return err
			}
			categories[c.name] = id
		}
		for _, t := range demoDocTypes {
			if _, err := tx.ExecContext(ctx, q(`INSERT INTO doc_type (firm_id, code, name) VALUES (?, ?, ?)`), firmID, t[0], t[1]); err != nil {
				return err
			}
		}
		w := docWriter{ctx: ctx, tx: tx, q: q, firmID: firmID, today: today, categories: categories}
		if err := w.client("demo.client", eleanorDocs()); err != nil {
			return err
		}
		for _, login := range []string{"demo.assets", "demo.messages", "demo.mfa"} {
			if err := w.client(login, otherDocs()); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, q(`INSERT INTO meta (key, value) VALUES (?, ?)`), messagesKey, store.FormatTime(now))
		return err
	})
}

type docWriter struct {
	ctx        context.Context
	tx         *sql.Tx
	q          func(string) string
	firmID     int64
	today      time.Time
	categories map[string]int64
}

// client writes the documents of the client behind a login (none when the login is missing).
func (w docWriter) client(login string, docs []demoDoc) error {
	var clientID, adviserID int64
	var partnerID sql.NullInt64
	err := w.tx.QueryRowContext(w.ctx, w.q(`SELECT e.id, COALESCE(e.adviser_entity_id, 0), e.partner_entity_id FROM app_user u
		JOIN entity e ON e.id = u.entity_id WHERE u.username = ?`), login).Scan(&clientID, &adviserID, &partnerID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, d := range docs {
		owner := clientID
		if d.ownerIsPartner {
			if !partnerID.Valid {
				continue
			}
			owner = partnerID.Int64
		}
		created := w.today.AddDate(0, 0, -d.daysAgo).Add(time.Duration(d.hour) * time.Hour)
		sender, senderID := "adviser", adviserID
		if d.fromClient {
			sender, senderID = "client", owner
		}
		var read any
		if !d.unread {
			read = store.FormatTime(created.Add(26 * time.Hour))
			if d.daysAgo <= 1 {
				read = store.FormatTime(created.Add(time.Hour))
			}
		}
		id, err := w.note(owner, d.subject, d.body, created, d.subtype, d.doctype, d.category, !d.hidden, sender, senderID, nil, 0, read)
		if err != nil {
			return err
		}
		if d.pdf != "" {
			if err := w.attach(id, d.pdf, minimalPDF(d.subject, d.pdfLines), created); err != nil {
				return err
			}
		}
		if d.reply != "" {
			at := created.Add(24 * time.Hour)
			if _, err := w.note(owner, "RE: "+d.subject, d.reply, at, "Secure Message", "MESSAGE", "", true, "adviser", adviserID, id, 0,
				store.FormatTime(at.Add(3*time.Hour))); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w docWriter) note(owner int64, subject, body string, created time.Time, subtype, doctype, category string, accessible bool,
	sender string, senderID int64, replyTo any, attachments int, read any) (int64, error) {
	var categoryID any
	if category != "" {
		categoryID = w.categories[category]
	}
	var senderEntity any
	if senderID != 0 {
		senderEntity = senderID
	}
	var id int64
	err := w.tx.QueryRowContext(w.ctx, w.q(`INSERT INTO docnote (firm_id, entity_id, subject, body, created_at, reference_date, docsubtype,
		doctype, category_id, is_client_access_accessible, sender, sender_entity_id, reply_to, attachment_count, firstread)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		w.firmID, owner, subject, body, store.FormatTime(created), created.Format("2006-01-02"), subtype, doctype, categoryID,
		boolInt(accessible), sender, senderEntity, replyTo, attachments, read).Scan(&id)
	return id, err
}

func (w docWriter) attach(noteID int64, filename string, content []byte, created time.Time) error {
	var id int64
	if err := w.tx.QueryRowContext(w.ctx, w.q(`INSERT INTO docnote_attachment (docnote_id, filename, content_type, size, created_at)
		VALUES (?, ?, 'application/pdf', ?, ?) RETURNING id`), noteID, filename, len(content), store.FormatTime(created)).Scan(&id); err != nil {
		return err
	}
	_, err := w.tx.ExecContext(w.ctx, w.q(`INSERT INTO docnote_file (attachment_id, content) VALUES (?, ?)`), id, content)
	return err
}

// seedExtras writes what the demo adds after the firm's load, each part once: payment
// information and target sets, then messages and documents.
func seedExtras(ctx context.Context, db *store.DB, now time.Time) error {
	if err := seedAccountExtras(ctx, db, now); err != nil {
		return err
	}
	if err := seedReportTemplates(ctx, db); err != nil {
		return err
	}
	if err := seedReview(ctx, db, now); err != nil {
		return err
	}
	return seedMessages(ctx, db, now)
}
