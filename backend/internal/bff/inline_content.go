package bff

import "github.com/gin-gonic/gin"

// inlinePaths are the calls whose answer the web app shows inside its own page: the signing
// viewer's PDF (spec 3 §2.2, an <iframe> on digital_signature/content).
var inlinePaths = map[string]bool{"digital_signature/content/{name}/{name}": true}

// inlineFrameCSP replaces the portal's policy on those answers: the document may be framed by
// the portal's own pages only (frame-ancestors 'self' instead of 'none') and loads nothing of
// its own but the browser's PDF viewer.
const inlineFrameCSP = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'"

// allowInlineFrame sets, before the answer is relayed, the headers of a document shown in the
// page: inline, framable by the same origin only (docs/security.md). Every other call keeps the
// strict defaults (X-Frame-Options DENY, frame-ancestors 'none').
func allowInlineFrame(c *gin.Context, route string) {
	if !inlinePaths[route] {
		return
	}
	c.Header("Content-Disposition", "inline")
	c.Header("X-Frame-Options", "SAMEORIGIN")
	c.Header("Content-Security-Policy", inlineFrameCSP)
}
