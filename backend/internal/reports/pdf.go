package reports

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"wealthportal/backend/internal/calc"
)

// ValuationBasis is the report's statement of how it was valued (spec 2 §2.1's valuation basis,
// in the words of docs/performance.md).
const ValuationBasis = "Holdings are valued at the last closing price on or before the valuation date, in the currency of " +
	"each security, and converted to the report currency at the latest exchange rate on or before that date. " +
	"Cash is shown at its balance. A holding with no price, or whose currency cannot be converted, is listed " +
	"without a value and left out of the totals. Transactions count from their trade date. " +
	"The time-weighted return (TWR) links the daily returns of the period, so money paid in or taken out does " +
	"not change it: it measures how the investments performed. The money-weighted return (IRR) is the rate that " +
	"makes the value at the start, the payments in and out and the value at the end agree: it reflects the timing " +
	"of your payments too. Returns are after fees and taxes, and are for the period shown, not annualised unless " +
	"stated. Past performance is not a guide to future returns; the value of investments can fall as well as rise."

// Page geometry in millimetres (A4 portrait).
const (
	pageW, pageH  = 210.0, 297.0
	margin        = 15.0
	contentW      = pageW - 2*margin
	footerSpace   = 18.0
	rowH          = 6.0
	bodyFontSize  = 9.0
	smallFontSize = 7.5
)

// RenderPDF draws r as an A4 PDF with go-pdf/fpdf: the firm's banner in its colour, the client,
// the period, a summary with TWR and IRR, a line chart of the value over the period, the
// allocation as a table and bars, the holdings with their values, the period's transactions,
// the valuation basis, and 'Page n of m' on every page.
func RenderPDF(r Report) ([]byte, error) {
	d := newDoc(r)
	d.cover()
	d.summary()
	d.chart()
	d.allocation()
	d.holdings()
	d.transactions()
	d.basis()
	var buf bytes.Buffer
	if err := d.pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

type doc struct {
	pdf     *fpdf.Fpdf
	r       Report
	tr      func(string) string
	brand   [3]int
	onCover bool
}

func newDoc(r Report) *doc {
	pdf := fpdf.New("P", "mm", "A4", "")
	d := &doc{pdf: pdf, r: r, tr: pdf.UnicodeTranslatorFromDescriptor(""), brand: rgb(r.Colour), onCover: true}
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(false, footerSpace)
	pdf.AliasNbPages("{nb}")
	pdf.SetTitle(r.Title+" - "+r.ClientName, true)
	pdf.SetAuthor(r.FirmName, true)
	pdf.SetCreator(r.ProductName, true)
	pdf.SetCreationDate(r.GeneratedAt)
	pdf.SetModificationDate(r.GeneratedAt)
	pdf.SetHeaderFuncMode(d.header, false)
	pdf.SetFooterFunc(d.footer)
	pdf.AddPage()
	return d
}

// header is the running head of every page after the first: firm, client and period.
func (d *doc) header() {
	if d.onCover {
		return
	}
	p := d.pdf
	p.SetFillColor(d.brand[0], d.brand[1], d.brand[2])
	p.Rect(0, 0, pageW, 4, "F")
	p.SetXY(margin, 8)
	p.SetFont("Helvetica", "B", 8)
	p.SetTextColor(d.brand[0], d.brand[1], d.brand[2])
	p.CellFormat(contentW/2, 4, d.tr(d.r.FirmName), "", 0, "L", false, 0, "")
	p.SetFont("Helvetica", "", 8)
	p.SetTextColor(90, 90, 90)
	p.CellFormat(contentW/2, 4, d.tr(d.r.ClientName+" · "+d.period()), "", 1, "R", false, 0, "")
	p.SetDrawColor(210, 210, 210)
	p.Line(margin, 14, pageW-margin, 14)
	p.SetY(18)
}

// footer carries 'Page n of m' and the firm.
func (d *doc) footer() {
	p := d.pdf
	p.SetY(-12)
	p.SetDrawColor(210, 210, 210)
	p.Line(margin, pageH-14, pageW-margin, pageH-14)
	p.SetFont("Helvetica", "", smallFontSize)
	p.SetTextColor(110, 110, 110)
	p.CellFormat(contentW*2/3, 4, d.tr(d.r.FirmName+" · "+d.r.Title+" · Private and confidential"), "", 0, "L", false, 0, "")
	p.CellFormat(contentW/3, 4, fmt.Sprintf("Page %d of {nb}", p.PageNo()), "", 0, "R", false, 0, "")
}

func (d *doc) period() string {
	if d.r.From.Equal(d.r.To) {
		return "at " + longDate(d.r.AsAt)
	}
	return longDate(d.r.From) + " to " + longDate(d.r.To)
}

// cover is the first page's banner and the report's particulars.
func (d *doc) cover() {
	p := d.pdf
	p.SetFillColor(d.brand[0], d.brand[1], d.brand[2])
	p.Rect(0, 0, pageW, 42, "F")
	p.SetTextColor(255, 255, 255)
	p.SetXY(margin, 12)
	p.SetFont("Helvetica", "B", 18)
	p.CellFormat(contentW, 8, d.tr(d.r.FirmName), "", 1, "L", false, 0, "")
	p.SetX(margin)
	p.SetFont("Helvetica", "", 10)
	p.CellFormat(contentW, 6, d.tr(d.r.ProductName), "", 1, "L", false, 0, "")
	p.SetXY(margin, 12)
	p.SetFont("Helvetica", "B", 11)
	p.CellFormat(contentW, 8, "Valuation report", "", 1, "R", false, 0, "")

	p.SetXY(margin, 52)
	p.SetTextColor(30, 30, 30)
	p.SetFont("Helvetica", "B", 20)
	p.CellFormat(contentW, 10, d.tr(d.r.Title), "", 1, "L", false, 0, "")
	p.SetFont("Helvetica", "", 12)
	p.SetTextColor(70, 70, 70)
	p.CellFormat(contentW, 7, d.tr("Prepared for "+d.r.ClientName), "", 1, "L", false, 0, "")
	p.Ln(3)
	accounts := fmt.Sprintf("%s (%d account%s)", d.r.Scope, d.r.Accounts, plural(d.r.Accounts))
	if d.r.Accounts == 1 {
		accounts = d.r.Scope
	}
	facts := [][2]string{
		{"Accounts", accounts},
		{"Period", d.period()},
		{"Holdings valued at", longDate(d.r.AsAt)},
		{"Report currency", d.r.Currency},
		{"Produced", d.r.GeneratedAt.UTC().Format("2 January 2006 at 15:04 UTC")},
	}
	for _, f := range facts {
		p.SetFont("Helvetica", "", bodyFontSize+1)
		p.SetTextColor(110, 110, 110)
		p.CellFormat(45, 6, d.tr(f[0]), "", 0, "L", false, 0, "")
		p.SetTextColor(30, 30, 30)
		p.SetFont("Helvetica", "B", bodyFontSize+1)
		p.CellFormat(contentW-45, 6, d.tr(f[1]), "", 1, "L", false, 0, "")
	}
	d.onCover = false
	p.Ln(4)
}

// heading starts a section, on a new page when less than need millimetres are left.
func (d *doc) heading(title string, need float64) {
	p := d.pdf
	if p.GetY()+need > pageH-footerSpace {
		p.AddPage()
	}
	p.Ln(2)
	p.SetFont("Helvetica", "B", 13)
	p.SetTextColor(d.brand[0], d.brand[1], d.brand[2])
	p.CellFormat(contentW, 8, d.tr(title), "", 1, "L", false, 0, "")
	p.SetDrawColor(d.brand[0], d.brand[1], d.brand[2])
	p.SetLineWidth(0.4)
	p.Line(margin, p.GetY(), margin+contentW, p.GetY())
	p.SetLineWidth(0.2)
	p.Ln(2)
	p.SetTextColor(30, 30, 30)
}

// summary shows the period's figures and both returns.
func (d *doc) summary() {
	d.heading("Summary", 70)
	p := d.pdf
	f := d.r.Figures
	m := f.Movement
	rows := [][2]string{
		{"Value at " + longDate(d.r.From), d.money(m.StartValue)},
		{"Contributions", d.money(m.Contributions)},
		{"Withdrawals", d.money(m.Withdrawals)},
		{"Investment gain or loss", d.money(m.InvestmentGain)},
		{"of which income", d.money(f.Income)},
		{"Value at " + longDate(d.r.To), d.money(m.EndValue)},
	}
	x0, y0 := margin, p.GetY()
	for i, row := range rows {
		p.SetXY(x0, y0+float64(i)*rowH)
		bold := ""
		if i == len(rows)-1 {
			bold = "B"
		}
		p.SetFont("Helvetica", bold, bodyFontSize+1)
		p.SetTextColor(50, 50, 50)
		p.CellFormat(60, rowH, d.tr(row[0]), "", 0, "L", false, 0, "")
		p.CellFormat(35, rowH, d.tr(row[1]), "", 0, "R", false, 0, "")
	}
	// The two returns in tiles on the right.
	tile := func(x float64, label, value, note string) {
		p.SetFillColor(244, 246, 248)
		p.Rect(x, y0, 41, 30, "F")
		p.SetXY(x+3, y0+3)
		p.SetFont("Helvetica", "", 7)
		p.SetTextColor(90, 90, 90)
		p.CellFormat(35, 4, d.tr(label), "", 2, "L", false, 0, "")
		p.SetFont("Helvetica", "B", 16)
		p.SetTextColor(d.brand[0], d.brand[1], d.brand[2])
		p.CellFormat(35, 9, d.tr(value), "", 2, "L", false, 0, "")
		p.SetFont("Helvetica", "", 6.5)
		p.SetTextColor(90, 90, 90)
		p.MultiCell(35, 3, d.tr(note), "", "L", false)
	}
	twr, twrNote := returnText(f.TWRR != nil, f.TWRRReason, f.TWRR)
	irr, irrNote := returnText(f.IRR != nil, f.IRRReason, f.IRR)
	tile(margin+contentW-85, "Time-weighted return (TWR)", twr, cmpStr(twrNote, "How the investments performed"))
	tile(margin+contentW-41, "Money-weighted return (IRR)", irr, cmpStr(irrNote, "Includes the timing of your payments"))
	p.SetY(y0 + float64(len(rows))*rowH + 4)
}

func returnText(ok bool, reason string, perf *calc.Performance) (string, string) {
	if !ok || perf == nil {
		return "n/a", reason
	}
	note := ""
	if perf.Annualised != perf.Return {
		note = "Annualised " + percent(perf.Annualised*100)
	}
	return percent(perf.Return * 100), note
}

func cmpStr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// chart draws the value over the period as a line chart with the library's lines.
func (d *doc) chart() {
	pts := d.r.Chart
	d.heading("Value over the period", 78)
	p := d.pdf
	x0, y0, w, h := margin+18, p.GetY()+2, contentW-22, 55.0
	if len(pts) < 2 {
		p.SetFont("Helvetica", "", bodyFontSize)
		p.CellFormat(contentW, rowH, "No data available for this selection", "", 1, "L", false, 0, "")
		return
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, pt := range pts {
		lo, hi = math.Min(lo, pt.Value), math.Max(hi, pt.Value)
	}
	lo, hi, step := niceScale(lo, hi, 5)
	// Grid lines and value labels.
	p.SetFont("Helvetica", "", 6.5)
	p.SetTextColor(110, 110, 110)
	p.SetDrawColor(225, 225, 225)
	p.SetLineWidth(0.15)
	for v := lo; v <= hi+step/2; v += step {
		y := y0 + h - (v-lo)/(hi-lo)*h
		p.Line(x0, y, x0+w, y)
		p.SetXY(margin-2, y-2)
		p.CellFormat(19, 4, d.tr(d.shortMoney(v)), "", 0, "R", false, 0, "")
	}
	// Date labels: start, end and three between.
	first, last := pts[0].Date, pts[len(pts)-1].Date
	span := last.Sub(first).Hours()
	for i := 0; i <= 4; i++ {
		t := first.Add(time.Duration(float64(i) / 4 * span * float64(time.Hour)))
		x := x0 + float64(i)/4*w
		p.SetXY(x-12, y0+h+1)
		p.CellFormat(24, 4, t.Format("2 Jan 2006"), "", 0, "C", false, 0, "")
	}
	// The line, in the firm's colour.
	p.SetDrawColor(d.brand[0], d.brand[1], d.brand[2])
	p.SetLineWidth(0.6)
	xOf := func(t time.Time) float64 {
		if span == 0 {
			return x0
		}
		return x0 + t.Sub(first).Hours()/span*w
	}
	yOf := func(v float64) float64 { return y0 + h - (v-lo)/(hi-lo)*h }
	for i := 1; i < len(pts); i++ {
		p.Line(xOf(pts[i-1].Date), yOf(pts[i-1].Value), xOf(pts[i].Date), yOf(pts[i].Value))
	}
	p.SetLineWidth(0.2)
	p.SetDrawColor(150, 150, 150)
	p.Line(x0, y0+h, x0+w, y0+h)
	p.SetY(y0 + h + 8)
	p.SetTextColor(30, 30, 30)
}

// allocation is the asset-class table with a bar per class.
func (d *doc) allocation() {
	rows := d.r.Allocation
	d.heading("Asset allocation", 20+float64(len(rows))*rowH)
	p := d.pdf
	if len(rows) == 0 {
		p.SetFont("Helvetica", "", bodyFontSize)
		p.CellFormat(contentW, rowH, "There are no investments available for the accounts and dates selected", "", 1, "L", false, 0, "")
		return
	}
	cols := []column{{"Asset class", 55, "L"}, {"Value", 35, "R"}, {"Share", 18, "R"}, {"", contentW - 108, "L"}}
	d.tableHeader(cols)
	for i, r := range rows {
		d.ensureRow(cols)
		y := p.GetY()
		d.zebra(i, y)
		d.cell(cols[0], r.Key, "")
		d.cell(cols[1], d.money(r.Value), "")
		d.cell(cols[2], calc.ShareLabel(r.Value, r.Share), "")
		// The bar: its share of the widest bar's room.
		c := palette(i, d.brand)
		p.SetFillColor(c[0], c[1], c[2])
		p.Rect(p.GetX()+3, y+1.5, (cols[3].w-6)*float64(r.Share)/100, rowH-3, "F")
		p.Ln(rowH)
	}
}

// holdings lists the positions at the as-at date, account by account, with the total.
func (d *doc) holdings() {
	d.heading("Holdings at "+longDate(d.r.AsAt), 30)
	p := d.pdf
	cols := []column{{"Holding", 64, "L"}, {"Code", 22, "L"}, {"Units", 24, "R"}, {"Price", 22, "R"}, {"Value", 32, "R"}, {"Weight", 16, "R"}}
	if len(d.r.Holdings) == 0 {
		p.SetFont("Helvetica", "", bodyFontSize)
		p.CellFormat(contentW, rowH, "There are no investments available for the accounts and dates selected", "", 1, "L", false, 0, "")
		return
	}
	d.tableHeader(cols)
	account := "\x00"
	subtotal := 0.0
	for i, h := range d.r.Holdings {
		if h.Account != account {
			if i > 0 {
				d.subtotal(cols, account, subtotal)
			}
			account, subtotal = h.Account, 0
			d.ensureRow(cols)
			p.SetFont("Helvetica", "B", bodyFontSize)
			p.SetTextColor(d.brand[0], d.brand[1], d.brand[2])
			p.CellFormat(contentW, rowH, d.tr(account), "", 1, "L", false, 0, "")
			p.SetTextColor(30, 30, 30)
		}
		d.ensureRow(cols)
		d.zebra(i, p.GetY())
		value, price := "Not available", "Not available"
		if h.Valued {
			value = d.money(h.Value)
			subtotal += h.Value
		}
		if h.Price != 0 || !h.PriceDate.IsZero() {
			price = priceIn(h.PriceCurrency, h.Price)
		}
		d.cell(cols[0], fit(p, h.Security, cols[0].w), "")
		d.cell(cols[1], h.Code, "")
		d.cell(cols[2], calc.FormatNumber(h.Units, 4), "")
		d.cell(cols[3], price, "")
		d.cell(cols[4], value, "")
		d.cell(cols[5], calc.ShareLabel(h.Value, h.Weight), "")
		p.Ln(rowH)
	}
	d.subtotal(cols, account, subtotal)
	d.ensureRow(cols)
	p.SetDrawColor(150, 150, 150)
	p.Line(margin, p.GetY(), margin+contentW, p.GetY())
	p.SetFont("Helvetica", "B", bodyFontSize)
	p.CellFormat(cols[0].w+cols[1].w+cols[2].w+cols[3].w, rowH, "Total", "", 0, "L", false, 0, "")
	p.CellFormat(cols[4].w, rowH, d.tr(d.money(d.r.Total)), "", 0, "R", false, 0, "")
	p.Ln(rowH + 2)
}

// subtotal closes an account's holdings with its value.
func (d *doc) subtotal(cols []column, account string, value float64) {
	d.ensureRow(cols)
	p := d.pdf
	p.SetFont("Helvetica", "B", bodyFontSize-0.5)
	p.SetTextColor(70, 70, 70)
	p.CellFormat(cols[0].w+cols[1].w+cols[2].w+cols[3].w, rowH, d.tr(fit(p, "Total "+account, cols[0].w+cols[1].w+cols[2].w+cols[3].w)), "", 0, "R", false, 0, "")
	p.CellFormat(cols[4].w, rowH, d.tr(d.money(value)), "T", 0, "R", false, 0, "")
	p.Ln(rowH + 1)
	p.SetTextColor(30, 30, 30)
}

// transactions lists the period's transactions, oldest first.
func (d *doc) transactions() {
	d.heading("Transactions, "+d.period(), 30)
	p := d.pdf
	if len(d.r.Transactions) == 0 {
		p.SetFont("Helvetica", "", bodyFontSize)
		p.CellFormat(contentW, rowH, "There are no transactions available for the accounts and dates selected.", "", 1, "L", false, 0, "")
		return
	}
	cols := []column{{"Date", 19, "L"}, {"Account", 42, "L"}, {"Type", 29, "L"}, {"Security", 49, "L"}, {"Units", 20, "R"}, {"Amount", 21, "R"}}
	d.tableHeader(cols)
	for i, t := range d.r.Transactions {
		d.ensureRow(cols)
		d.zebra(i, p.GetY())
		date := t.Date
		if tm, err := calc.ParseDate(t.Date); err == nil {
			date = tm.Format("02/01/2006") // spec 2 §9: DD/MM/YYYY for transactions
		}
		units := ""
		if t.Units != 0 {
			units = calc.FormatNumber(t.Units, 4)
		}
		d.cell(cols[0], date, "")
		d.cell(cols[1], fit(p, t.Account, cols[1].w), "")
		d.cell(cols[2], fit(p, t.Type, cols[2].w), "")
		d.cell(cols[3], fit(p, t.Security, cols[3].w), "")
		d.cell(cols[4], units, "")
		d.cell(cols[5], moneyIn(t.Currency, t.Amount), "")
		p.Ln(rowH)
	}
	if len(d.r.Transactions) >= maxTransactions {
		p.SetFont("Helvetica", "I", smallFontSize)
		p.CellFormat(contentW, rowH, fmt.Sprintf("The first %d transactions of the period are listed.", maxTransactions), "", 1, "L", false, 0, "")
	}
}

// basis states how the report was valued.
func (d *doc) basis() {
	d.heading("Valuation basis", 40)
	p := d.pdf
	p.SetFont("Helvetica", "", bodyFontSize)
	p.SetTextColor(60, 60, 60)
	p.MultiCell(contentW, 4.5, d.tr(ValuationBasis), "", "L", false)
	p.Ln(2)
	p.MultiCell(contentW, 4.5, d.tr("This report was produced by "+d.r.FirmName+" for "+d.r.ClientName+
		". It is kept in your Messages and documents. If anything in it looks wrong, please contact your adviser."), "", "L", false)
}

type column struct {
	title string
	w     float64
	align string
}

func (d *doc) tableHeader(cols []column) {
	p := d.pdf
	p.SetFont("Helvetica", "B", bodyFontSize-0.5)
	p.SetFillColor(d.brand[0], d.brand[1], d.brand[2])
	p.SetTextColor(255, 255, 255)
	for _, c := range cols {
		p.CellFormat(c.w, rowH, d.tr(c.title), "", 0, c.align, true, 0, "")
	}
	p.Ln(rowH)
	p.SetTextColor(30, 30, 30)
	p.SetFont("Helvetica", "", bodyFontSize)
}

// ensureRow starts a new page, with the table's header again, when the next row would not fit.
func (d *doc) ensureRow(cols []column) {
	p := d.pdf
	if p.GetY()+rowH > pageH-footerSpace {
		p.AddPage()
		d.tableHeader(cols)
	}
	p.SetFont("Helvetica", "", bodyFontSize)
}

func (d *doc) zebra(i int, y float64) {
	if i%2 == 1 {
		d.pdf.SetFillColor(246, 247, 249)
		d.pdf.Rect(margin, y, contentW, rowH, "F")
	}
}

func (d *doc) cell(c column, s, style string) {
	d.pdf.SetFont("Helvetica", style, bodyFontSize)
	d.pdf.CellFormat(c.w, rowH, d.tr(s), "", 0, c.align, false, 0, "")
}

// fit shortens s with an ellipsis to fit w millimetres in the current font.
func fit(p *fpdf.Fpdf, s string, w float64) string {
	if p.GetStringWidth(s) <= w-2 {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && p.GetStringWidth(string(r)+"...") > w-2 {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "..."
}

func (d *doc) money(v float64) string { return moneyIn(d.r.Currency, v) }

// shortMoney is an axis label: £1.2m, £350k.
func (d *doc) shortMoney(v float64) string {
	sym := symbol(d.r.Currency)
	switch a := math.Abs(v); {
	case a >= 1e6:
		return sym + strconv.FormatFloat(v/1e6, 'f', 1, 64) + "m"
	case a >= 1e3:
		return sym + strconv.FormatFloat(v/1e3, 'f', 0, 64) + "k"
	}
	return sym + strconv.FormatFloat(v, 'f', 0, 64)
}

// moneyIn formats an amount with its currency's symbol (spec 2 §1) and 2 decimals (spec 2 §9).
func moneyIn(currency string, v float64) string {
	s := calc.FormatNumber(math.Abs(v), calc.MoneyDecimals)
	sym := symbol(currency)
	if sym == "" {
		sym = strings.ToUpper(currency) + " "
	}
	if calc.RoundMoney(v) < 0 {
		return "-" + sym + s
	}
	return sym + s
}

// priceIn is a unit price with its currency (4 decimals, as the platform sends prices); GBX is
// pence.
func priceIn(currency string, v float64) string {
	n := calc.FormatNumber(v, 4)
	if strings.EqualFold(currency, "GBX") {
		return n + "p"
	}
	if sym := symbol(currency); sym != "" {
		return sym + n
	}
	return strings.ToUpper(currency) + " " + n
}

// symbol is a currency's symbol (spec 2 §1: GBP £, GBX p, EUR €, USD/AUD/CAD $).
func symbol(currency string) string {
	switch strings.ToUpper(currency) {
	case "GBP":
		return "£"
	case "EUR":
		return "€"
	case "USD", "AUD", "CAD":
		return "$"
	}
	return ""
}

func percent(v float64) string { return calc.FormatNumber(v, calc.PercentDecimals) + "%" }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// niceScale rounds an axis to n steps of 1, 2 or 5 times a power of ten around [lo, hi].
func niceScale(lo, hi float64, n int) (float64, float64, float64) {
	if hi <= lo {
		hi = lo + 1
	}
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if raw <= m*mag {
			step = m * mag
			break
		}
	}
	return math.Floor(lo/step) * step, math.Ceil(hi/step) * step, step
}

// rgb reads #rrggbb (the default colour when it is not one).
func rgb(hex string) [3]int {
	if !hexColour.MatchString(hex) {
		hex = defaultColour
	}
	var out [3]int
	for i := range 3 {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		out[i] = int(v)
	}
	return out
}

// palette gives the allocation's bars: the brand colour, then lighter and complementary tones.
func palette(i int, brand [3]int) [3]int {
	tones := [][3]int{brand, {46, 134, 171}, {162, 59, 114}, {241, 143, 1}, {199, 62, 29}, {59, 31, 43}, {106, 153, 78}, {120, 120, 120}, {188, 168, 108}}
	return tones[i%len(tones)]
}
