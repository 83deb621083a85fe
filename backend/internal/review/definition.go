package review

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"wealthportal/backend/internal/resourceful"
)

// Page types of a review (spec 3 §2.3).
const (
	TypeIntroduction            = "introduction"
	TypeQuestion                = "question"
	TypeRisk                    = "risk"
	TypeContactDetailsQuestion  = "contactDetailsQuestion"
	TypePersonalDetailsQuestion = "personalDetailsQuestion"
	TypeSubmission              = "submission"
	TypeCompletion              = "completion"
)

// Page is one page of the firm's review definition (spec 3 §3.3 "Review page definition").
// Question pages (question, risk and the two playback pages) are numbered 1..n by Order; the
// introduction is 0 and the submission and completion follow the last question.
type Page struct {
	Type                       string  `json:"type"`
	Order                      int     `json:"order"`
	Heading                    string  `json:"heading"`
	SecondaryHeading           string  `json:"secondaryHeading,omitempty"`
	IntroductionText           string  `json:"introductionText,omitempty"`
	SpeakToAdviserConfirmation string  `json:"speakToAdviserConfirmation,omitempty"`
	ClientQuestion             string  `json:"clientQuestion,omitempty"`
	PartnerQuestion            string  `json:"partnerQuestion,omitempty"`
	AlternateClientQuestion    string  `json:"alternateClientQuestion,omitempty"`
	AlternatePartnerQuestion   string  `json:"alternatePartnerQuestion,omitempty"`
	ShowAdditionalInformation  bool    `json:"showAdditionalInformation"`
	Hint                       string  `json:"hint,omitempty"`
	Fields                     []Field `json:"fields,omitempty"`
	ChangesText                string  `json:"changesText,omitempty"`
	NoChangesText              string  `json:"noChangesText,omitempty"`
	// ClientAccess false hides the page from clients (a page the firm keeps for later).
	ClientAccess         bool   `json:"clientAccess"`
	SuccessText          string `json:"successText,omitempty"`
	ErrorText            string `json:"errorText,omitempty"`
	DisplayAdviserDetail bool   `json:"displayAdviserDetail"`
	AdviserDetailsHeader string `json:"adviserDetailsHeader,omitempty"`
}

// Field is a playback page's field (spec 3 §3.3: fieldName, description, enabled).
type Field struct {
	FieldName   string `json:"fieldName"`
	Description string `json:"description"`
	Enabled     bool   `json:"enabled"`
}

// IsQuestion reports whether the page asks a Yes/No question.
func (p Page) IsQuestion() bool {
	switch p.Type {
	case TypeQuestion, TypeRisk, TypeContactDetailsQuestion, TypePersonalDetailsQuestion:
		return true
	}
	return false
}

// QuestionsOf are the question pages a client answers (ClientAccess), in order.
func QuestionsOf(pages []Page) []Page {
	var out []Page
	for _, p := range pages {
		if p.IsQuestion() && p.ClientAccess {
			out = append(out, p)
		}
	}
	return out
}

// Definition is the firm's review pages, in order; none when the firm has no review.
func Definition(ctx context.Context, q resourceful.Querier, firmID int64) ([]Page, error) {
	var raw string
	err := q.QueryRowContext(ctx, `SELECT pages FROM review_definition WHERE firm_id = ?`, firmID).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return []Page{}, nil
	}
	if err != nil {
		return nil, err
	}
	var pages []Page
	if err := json.Unmarshal([]byte(raw), &pages); err != nil {
		return nil, fmt.Errorf("review definition of firm %d: %w", firmID, err)
	}
	sort.SliceStable(pages, func(i, j int) bool { return pages[i].Order < pages[j].Order })
	return pages, nil
}
