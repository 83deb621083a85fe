package signatures

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// pdfLayout is the page description pdfcpu's create call reads (its JSON "create" format):
// A4 portrait, origin top left, text in the core Helvetica fonts, so nothing is embedded and
// the text stays readable in the content stream.
type pdfLayout struct {
	Paper  string             `json:"paper"`
	Origin string             `json:"origin"`
	Pages  map[string]pdfPage `json:"pages"`
}

type pdfPage struct {
	Content pdfContent `json:"content"`
}

type pdfContent struct {
	Text []pdfText `json:"text"`
}

type pdfText struct {
	Value string     `json:"value"`
	Pos   [2]float64 `json:"pos"`
	Font  pdfFont    `json:"font"`
}

type pdfFont struct {
	Name string  `json:"name"`
	Size float64 `json:"size"`
}

// init turns off pdfcpu's configuration directory before anything can use the library: by
// default it writes a config.yml under the user's home on first use, which a server must not
// do. pdfcpu keeps this switch in a global of its own; setting it here, before any goroutine
// starts, keeps this package free of state of its own. The core fonts need nothing from there.
func init() { api.DisableConfigDir() }

func pdfConfig() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	return conf
}

// Paragraph is one block of text of a generated document: a heading when Heading is set.
type Paragraph struct {
	Text    string
	Heading bool
}

// RenderDocument makes a PDF of pages of paragraphs (wrapped at the page's width), with the
// title on top of the first page. The demo's documents to sign are made with it.
func RenderDocument(title string, pages [][]Paragraph) ([]byte, error) {
	layout := pdfLayout{Paper: "A4P", Origin: "UpperLeft", Pages: map[string]pdfPage{}}
	for i, paragraphs := range pages {
		var text []pdfText
		y := 60.0
		if i == 0 {
			text = append(text, pdfText{Value: title, Pos: [2]float64{56, y}, Font: pdfFont{"Helvetica-Bold", 18}})
			y += 40
		}
		for _, p := range paragraphs {
			font, lineHeight, chars := pdfFont{"Helvetica", 11}, 15.0, 90
			if p.Heading {
				font, lineHeight, chars = pdfFont{"Helvetica-Bold", 13}, 18, 70
				y += 6
			}
			// One text item a line: pdfcpu anchors a multi-line box by its last line, so lines
			// placed one by one are where the layout expects them.
			for _, line := range wrap(p.Text, chars) {
				text = append(text, pdfText{Value: line, Pos: [2]float64{56, y}, Font: font})
				y += lineHeight
			}
			y += 10
		}
		text = append(text, pdfText{Value: fmt.Sprintf("Page %d of %d", i+1, len(pages)), Pos: [2]float64{56, 800}, Font: pdfFont{"Helvetica", 9}})
		layout.Pages[strconv.Itoa(i+1)] = pdfPage{Content: pdfContent{Text: text}}
	}
	return create(nil, layout)
}

// SignatureRecord is what a signature page states: who signed, when and how, and the document
// signed (its SHA-256 as it was before the page was added).
type SignatureRecord struct {
	Filename  string
	Signatory string
	// UTC and Local are the moment of signing, in UTC and in the firm's time zone.
	UTC, Local string
	// Method is how the signatory was identified, e.g. "One-time security code sent by SMS to
	// +44 ••• ••• 123".
	Method string
	SHA256 string
}

// AppendSignaturePage adds a page stating rec after the last page of doc.
func AppendSignaturePage(doc []byte, rec SignatureRecord) ([]byte, error) {
	n, err := PageCount(doc)
	if err != nil {
		return nil, err
	}
	lines := []struct{ label, value string }{
		{"Document", rec.Filename},
		{"Signed by", rec.Signatory},
		{"Signed at (UTC)", rec.UTC},
		{"Signed at (local time)", rec.Local},
		{"How", rec.Method},
		{"Document SHA-256", rec.SHA256},
	}
	text := []pdfText{
		{Value: "Electronic signature record", Pos: [2]float64{56, 60}, Font: pdfFont{"Helvetica-Bold", 18}},
		{Value: "This page was added when the document was signed in the client portal.", Pos: [2]float64{56, 95}, Font: pdfFont{"Helvetica", 11}},
	}
	y := 130.0
	for _, l := range lines {
		text = append(text, pdfText{Value: l.label, Pos: [2]float64{56, y}, Font: pdfFont{"Helvetica-Bold", 10}})
		y += 14
		for _, line := range wrap(l.value, 95) {
			text = append(text, pdfText{Value: line, Pos: [2]float64{56, y}, Font: pdfFont{"Helvetica", 10}})
			y += 14
		}
		y += 12
	}
	layout := pdfLayout{Paper: "A4P", Origin: "UpperLeft", Pages: map[string]pdfPage{
		strconv.Itoa(n + 1): {Content: pdfContent{Text: text}},
	}}
	return create(doc, layout)
}

// PageCount is the number of pages of a PDF.
func PageCount(doc []byte) (int, error) {
	return api.PageCount(bytes.NewReader(doc), pdfConfig())
}

// create renders layout, onto doc's pages (and new ones after them) when doc is not nil.
func create(doc []byte, layout pdfLayout) ([]byte, error) {
	js, err := json.Marshal(layout)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	var in *bytes.Reader
	if doc != nil {
		in = bytes.NewReader(doc)
	}
	if in == nil {
		err = api.Create(nil, bytes.NewReader(js), &out, pdfConfig())
	} else {
		err = api.Create(in, bytes.NewReader(js), &out, pdfConfig())
	}
	if err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	return out.Bytes(), nil
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(text string, width int) []string {
	var lines []string
	var line strings.Builder
	for _, word := range strings.Fields(text) {
		if line.Len() > 0 && line.Len()+1+len(word) > width {
			lines = append(lines, line.String())
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(word)
	}
	if line.Len() > 0 || len(lines) == 0 {
		lines = append(lines, line.String())
	}
	return lines
}
