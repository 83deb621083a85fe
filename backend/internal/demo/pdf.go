package demo

import (
	"bytes"
	"fmt"
	"strings"
)

// minimalPDF is a one-page A4 PDF 1.4 with a title and lines of text in Helvetica: the
// smallest file a PDF viewer opens without complaint (catalog, page tree, page, content stream,
// font, and a cross-reference table whose offsets are counted as the file is written). Text
// is Latin-1; '£' is written as "GBP" so that the standard encoding needs no table.
func minimalPDF(title string, lines []string) []byte {
	var content bytes.Buffer
	content.WriteString("BT\n/F1 16 Tf\n72 770 Td\n(" + pdfText(title) + ") Tj\n/F1 11 Tf\n0 -30 Td\n")
	for _, l := range lines {
		content.WriteString("(" + pdfText(l) + ") Tj\n0 -16 Td\n")
	}
	content.WriteString("ET\n")
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", content.Len(), content.String()),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	var out bytes.Buffer
	out.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return out.Bytes()
}

// pdfText escapes a PDF string literal.
func pdfText(s string) string {
	s = strings.ReplaceAll(s, "£", "GBP ")
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(s)
}
