package messages

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"wealthportal/backend/internal/apierr"
)

// Spec 3 §5 and §9: the subject is under 256 characters; a reply's is cut at 255.
const (
	maxSubject       = 255
	replyPrefix      = "RE: "
	maxBodyBytes     = 100_000
	maxAttachments   = 5
	maxFileBytes     = 10_000_000
	maxCreateRequest = 512 << 10
)

// The spec's texts (spec 3 §5) and ours (marked chosen in docs/api-contract.md).
var (
	errSubjectRequired = apierr.BadRequest("Please enter a message subject.")
	errSubjectTooLong  = apierr.BadRequest("Subject must be under 256 characters.")
	errInvalidUTF8     = apierr.BadRequest("The message must be valid UTF-8 text.")
	errBodyTooLong     = apierr.BadRequest("The message is too long.")
	errTooManyFiles    = apierr.BadRequest("You can upload a maximum of 5 attachments.")
)

// BodyPolicy is what a message body may hold (spec 3 §5): paragraphs, line breaks, bold,
// italic and lists; links to http, https and mailto URLs (opened in a new window, no
// referrer); images with data, http and https sources. Scripts, styles, event handlers and
// any other URL scheme (javascript: included) are removed.
func BodyPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "blockquote", "span", "div")
	p.AllowAttrs("href").OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(false)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	p.AllowAttrs("src", "alt", "width", "height").OnElements("img")
	p.AllowDataURIImages()
	return p
}

// latin1 keeps the characters of the Latin-1 range (spec 3 §5: those beyond it are stripped).
func latin1(s string) string {
	return strings.Map(func(r rune) rune {
		if r > 0xFF {
			return -1
		}
		return r
	}, s)
}

// cleanBody is a message body as it is stored: Latin-1 only, trimmed, sanitised, at most
// maxBodyBytes.
func cleanBody(policy *bluemonday.Policy, body string) (string, error) {
	if !utf8.ValidString(body) {
		return "", errInvalidUTF8
	}
	clean := strings.TrimSpace(policy.Sanitize(strings.TrimSpace(latin1(body))))
	if len(clean) > maxBodyBytes {
		return "", errBodyTooLong
	}
	return clean, nil
}

// controls are control characters a one-line subject has no use for.
var controls = regexp.MustCompile(`[\x00-\x08\x0b-\x1f\x7f]`)

// cleanSubject is a new message's subject: plain text (tags stay text, never HTML), trimmed,
// required and under 256 characters.
func cleanSubject(subject string) (string, error) {
	if !utf8.ValidString(subject) {
		return "", errInvalidUTF8
	}
	s := strings.TrimSpace(controls.ReplaceAllString(strings.NewReplacer("\r\n", " ", "\n", " ", "\t", " ").Replace(subject), ""))
	switch {
	case s == "":
		return "", errSubjectRequired
	case utf8.RuneCountInString(s) > maxSubject:
		return "", errSubjectTooLong
	}
	return s, nil
}

// replySubject is 'RE: ' and the original subject, cut to 255 characters (spec 3 §4.1).
func replySubject(original string) string {
	s := []rune(replyPrefix + original)
	if len(s) > maxSubject {
		s = s[:maxSubject]
	}
	return string(s)
}
