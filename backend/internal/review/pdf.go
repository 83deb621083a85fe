package review

import (
	"bytes"
	"context"
	"time"

	"github.com/go-pdf/fpdf"

	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Page geometry in millimetres (A4 portrait), as the valuation report's (package reports).
const (
	pdfMargin   = 18.0
	pdfContentW = 210.0 - 2*pdfMargin
)

// RenderPDF draws the submitted review s as an A4 PDF: the firm, who answered and when, then
// each question with every person's answer and any changes they described, and the statuses
// the answers set.
func RenderPDF(ctx context.Context, q resourceful.Querier, firmID int64, s Stored, now time.Time) ([]byte, error) {
	var firm string
	if err := q.QueryRowContext(ctx, `SELECT name FROM firm WHERE id = ?`, firmID).Scan(&firm); err != nil {
		return nil, err
	}
	p := fpdf.New("P", "mm", "A4", "")
	tr := p.UnicodeTranslatorFromDescriptor("")
	p.SetMargins(pdfMargin, pdfMargin, pdfMargin)
	p.SetAutoPageBreak(true, 18)
	p.SetTitle("Annual review - "+s.Client.Name, true)
	p.SetAuthor(firm, true)
	p.SetCreationDate(now)
	p.SetModificationDate(now)
	p.AliasNbPages("{nb}")
	p.SetFooterFunc(func() {
		p.SetY(-12)
		p.SetFont("Helvetica", "", 7.5)
		p.SetTextColor(110, 110, 110)
		p.CellFormat(pdfContentW*2/3, 4, tr(firm+" · Annual review · Private and confidential"), "", 0, "L", false, 0, "")
		p.CellFormat(pdfContentW/3, 4, "Page "+itoa(p.PageNo())+" of {nb}", "", 0, "R", false, 0, "")
	})
	p.AddPage()
	p.SetFont("Helvetica", "B", 18)
	p.SetTextColor(30, 30, 30)
	p.CellFormat(pdfContentW, 9, tr(firm), "", 1, "L", false, 0, "")
	p.SetFont("Helvetica", "B", 14)
	p.CellFormat(pdfContentW, 8, "Annual review", "", 1, "L", false, 0, "")
	p.SetFont("Helvetica", "", 10)
	p.SetTextColor(70, 70, 70)
	submitted, _ := store.ParseTime(s.SubmittedAt)
	p.CellFormat(pdfContentW, 6, tr("Submitted by "+s.Client.Name+" on "+submitted.UTC().Format("2 January 2006 at 15:04 UTC")), "", 1, "L", false, 0, "")
	people := []Person{s.Client}
	if s.Partner != nil {
		people = append(people, *s.Partner)
		p.CellFormat(pdfContentW, 6, tr("Answered also on behalf of "+s.Partner.Name), "", 1, "L", false, 0, "")
	}
	for _, person := range people {
		p.CellFormat(pdfContentW, 6, tr(person.Name+": "+StatusText(person.Status)), "", 1, "L", false, 0, "")
	}
	p.Ln(4)
	for i, a := range s.Client.Responses {
		p.SetFont("Helvetica", "B", 12)
		p.SetTextColor(30, 30, 30)
		p.MultiCell(pdfContentW, 6, tr(itoa(a.ID)+". "+a.Heading), "", "L", false)
		for _, person := range people {
			if i >= len(person.Responses) {
				continue
			}
			r := person.Responses[i]
			p.SetFont("Helvetica", "", 10)
			p.SetTextColor(70, 70, 70)
			p.MultiCell(pdfContentW, 5, tr(r.Question), "", "L", false)
			p.SetFont("Helvetica", "B", 10)
			p.SetTextColor(30, 30, 30)
			p.MultiCell(pdfContentW, 5, tr(person.Name+": "+yesNo(r.Response)), "", "L", false)
			if r.AdditionalText != "" {
				p.SetFont("Helvetica", "I", 10)
				p.MultiCell(pdfContentW, 5, tr("Changes: "+r.AdditionalText), "", "L", false)
			}
			p.Ln(1)
		}
		p.Ln(3)
	}
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// StatusText is a review status in words (spec 3 §3.3's labels).
func StatusText(status int) string {
	switch status {
	case 4:
		return "changes reported"
	case 5:
		return "no changes reported"
	}
	return "status " + itoa(status)
}

func yesNo(b bool) string {
	if b {
		return "Yes"
	}
	return "No"
}
