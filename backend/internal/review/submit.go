package review

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/journeys"
	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Limits of a submission.
const (
	maxSubmissionBytes = 256 << 10
	// MaxAdditionalText is the longest 'Please tell us about your changes' answer kept.
	MaxAdditionalText = 4000
)

// SubtypeAnnualReview is the docsubtype of the PDF of a submitted review.
const SubtypeAnnualReview = "Annual Review"

// The answers a submission is refused with (docs/api-contract.md, "Annual review").
var (
	ErrAlreadySubmitted = apierr.New(http.StatusConflict, "Review already submitted",
		"Your annual review has already been submitted. Thank you: your adviser will be in touch.")
	ErrNotInProgress = apierr.New(http.StatusConflict, "Review not in progress",
		"Your annual review is not open for answers at the moment. Please contact your adviser.")
	ErrPartnerNotInProgress = apierr.New(http.StatusConflict, "Partner review not in progress",
		"Your partner's annual review is not open for answers, so you cannot answer for them. Please go back and choose No.")
	ErrNotYourPartner = apierr.New(http.StatusBadRequest, "Invalid partnerId: not the client's partner",
		"You can only answer for your own partner.")
	ErrUnanswered = apierr.New(http.StatusBadRequest, "This question requires an answer",
		"This question requires an answer. Please answer every question before you submit your review.")
	ErrStale = apierr.New(http.StatusBadRequest, "Unknown question id",
		"Your review has changed since you started it. Please reload the page and check your answers.")
	errNotJSON = apierr.BadRequest("The review must be a JSON object: {id, name, partnerId, responses, status}")
)

// Response is one answer (spec 3 §3.3: question, response, additionalText, id = page order).
type Response struct {
	ID             int    `json:"id"`
	Question       string `json:"question"`
	Response       *bool  `json:"response"`
	AdditionalText string `json:"additionalText"`
}

// Submission is the body of POST review (spec 3 §3.3: id, name, partnerId, responses, status)
// with, when the client answers for its partner, the partner's answers beside its own.
type Submission struct {
	ID               int64      `json:"id"`
	Name             string     `json:"name"`
	PartnerID        *int64     `json:"partnerId"`
	Responses        []Response `json:"responses"`
	Status           int        `json:"status"`
	PartnerResponses []Response `json:"partnerResponses"`
	PartnerStatus    *int       `json:"partnerStatus"`
}

// Answer is one stored answer: the page's heading and the question the person was asked.
type Answer struct {
	ID             int    `json:"id"`
	Heading        string `json:"heading"`
	Question       string `json:"question"`
	Response       bool   `json:"response"`
	AdditionalText string `json:"additionalText,omitempty"`
}

// Person is one person's part of a stored review.
type Person struct {
	ID        int64    `json:"id"`
	Name      string   `json:"name"`
	Status    int      `json:"status"`
	Responses []Answer `json:"responses"`
}

// Stored is a submitted review as GET review answers it.
type Stored struct {
	ID          int64   `json:"id"`
	SubmittedAt string  `json:"submittedAt"`
	DocumentID  *int64  `json:"documentId"`
	Client      Person  `json:"client"`
	Partner     *Person `json:"partner"`
}

// StatusOf is spec 3 §4.4's status of one person's answers: ChangesReported when any answer is
// Yes, else NoChangesReported.
func StatusOf(answers []Answer) journeys.ReviewStatus {
	for _, a := range answers {
		if a.Response {
			return journeys.ReviewChangesReported
		}
	}
	return journeys.ReviewNoChangesReported
}

// POST /resourceful/entity/client-v4/:id/review {id, name, partnerId, responses, status,
// partnerResponses}: submits the client's annual review (see the package doc).
func (m *Module) submit(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return apierr.ErrNotFound
	}
	if !p.IsClient() {
		if err := access.CanReachEntity(ctx, q, p, id); err != nil {
			return err
		}
		return apierr.ErrForbidden
	}
	if id != p.EntityID {
		return apierr.ErrNotFound // another client's review, reachable or not, answers as missing
	}
	s, err := readSubmission(c.Request)
	if err != nil {
		return err
	}
	if s.ID != 0 && s.ID != id {
		return apierr.BadRequest("Invalid id: the review is submitted on the client's own path")
	}
	var out *Stored
	err = resourceful.WithTx(c, m.db, func(q resourceful.Querier) error {
		var err error
		out, err = m.Submit(ctx, q, p, s)
		return err
	})
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, map[string]any{"id": id, "submission": out})
	return nil
}

// Submit checks and stores p's review s (p a client) and returns it as stored. q must be a
// transaction: nothing lands unless everything does.
func (m *Module) Submit(ctx context.Context, q resourceful.Querier, p access.Principal, s Submission) (*Stored, error) {
	clientID := p.EntityID
	partnerID, err := partnerOf(ctx, q, clientID)
	if err != nil {
		return nil, err
	}
	answering := s.PartnerID != nil && *s.PartnerID != 0 && len(s.PartnerResponses) > 0
	if answering {
		if partnerID == 0 || *s.PartnerID != partnerID || access.CanReachEntity(ctx, q, p, partnerID) != nil {
			return nil, ErrNotYourPartner
		}
	} else if len(s.PartnerResponses) > 0 {
		return nil, ErrNotYourPartner
	}
	// Lock the rows first (ascending ids): a second submit of the same review waits here and
	// then finds it submitted.
	locked := []int64{clientID}
	if answering {
		locked = append(locked, partnerID)
		if partnerID < clientID {
			locked[0], locked[1] = partnerID, clientID
		}
	}
	for _, e := range locked {
		if _, err := q.ExecContext(ctx, `UPDATE entity SET id = id WHERE id = ?`, e); err != nil {
			return nil, err
		}
	}
	switch st, err := journeys.ReviewStatusOf(ctx, q, clientID); {
	case err != nil:
		return nil, err
	case st == journeys.ReviewChangesReported || st == journeys.ReviewNoChangesReported:
		return nil, ErrAlreadySubmitted
	case st != journeys.ReviewInProgress:
		return nil, ErrNotInProgress
	}
	if answering {
		if st, err := journeys.ReviewStatusOf(ctx, q, partnerID); err != nil {
			return nil, err
		} else if st != journeys.ReviewInProgress {
			return nil, ErrPartnerNotInProgress
		}
	}
	pages, err := Definition(ctx, q, p.FirmID)
	if err != nil {
		return nil, err
	}
	questions := QuestionsOf(pages)
	if len(questions) == 0 {
		return nil, ErrNotInProgress // a firm without a review has nothing to submit
	}
	client, err := m.person(ctx, q, clientID, questions, s.Responses, false)
	if err != nil {
		return nil, err
	}
	stored := &Stored{Client: client, SubmittedAt: store.FormatTime(m.now())}
	var partnerCol, partnerStatus any
	if answering {
		partner, err := m.person(ctx, q, partnerID, questions, s.PartnerResponses, true)
		if err != nil {
			return nil, err
		}
		stored.Partner = &partner
		partnerCol, partnerStatus = partnerID, partner.Status
	}
	raw, err := json.Marshal(map[string]any{"client": stored.Client, "partner": stored.Partner})
	if err != nil {
		return nil, err
	}
	pdf, err := RenderPDF(ctx, q, p.FirmID, *stored, m.now())
	if err != nil {
		return nil, err
	}
	docID, err := messages.StoreSystemDocument(ctx, q, messages.SystemDocument{
		FirmID: p.FirmID, EntityID: clientID, Subject: "Your annual review answers, " + m.now().UTC().Format("2 January 2006"),
		Subtype: SubtypeAnnualReview, DocType: "REVIEW", Category: "General",
		FileName: "Annual review " + m.now().UTC().Format("2006-01-02") + ".pdf", ContentType: "application/pdf", Content: pdf,
	}, m.now())
	if err != nil {
		return nil, err
	}
	stored.DocumentID = &docID
	stored.ID, err = resourceful.Insert(ctx, q, "review_submission",
		[]string{"firm_id", "entity_id", "partner_entity_id", "status", "partner_status", "responses", "document_id", "submitted_by", "created_at"},
		p.FirmID, clientID, partnerCol, stored.Client.Status, partnerStatus, string(raw), docID, p.UserID, stored.SubmittedAt)
	if err != nil {
		return nil, err
	}
	if err := journeys.SetReviewStatus(ctx, q, clientID, journeys.ReviewStatus(stored.Client.Status)); err != nil {
		return nil, err
	}
	if stored.Partner != nil {
		if err := journeys.SetReviewStatus(ctx, q, partnerID, journeys.ReviewStatus(stored.Partner.Status)); err != nil {
			return nil, err
		}
	}
	return stored, nil
}

// person checks one person's answers against the question pages: each page answered Yes or No
// exactly once, no other ids; the question is the page's (the alternate one on a risk page when
// the person's profile is empty).
func (m *Module) person(ctx context.Context, q resourceful.Querier, entityID int64, questions []Page, given []Response, partner bool) (Person, error) {
	var first, last string
	if err := q.QueryRowContext(ctx, `SELECT first_name, last_name FROM entity WHERE id = ?`, entityID).Scan(&first, &last); err != nil {
		return Person{}, err
	}
	byID := map[int]Response{}
	for _, r := range given {
		if _, dup := byID[r.ID]; dup {
			return Person{}, ErrStale
		}
		byID[r.ID] = r
	}
	out := Person{ID: entityID, Name: strings.TrimSpace(first + " " + last)}
	for _, page := range questions {
		r, ok := byID[page.Order]
		if !ok || r.Response == nil {
			return Person{}, ErrUnanswered
		}
		delete(byID, page.Order)
		question := page.ClientQuestion
		if partner {
			question = page.PartnerQuestion
		}
		if page.Type == TypeRisk {
			rp, err := RiskProfileOf(ctx, q, entityID)
			if err != nil {
				return Person{}, err
			}
			if rp.IsEmpty {
				question = page.AlternateClientQuestion
				if partner {
					question = page.AlternatePartnerQuestion
				}
			}
		}
		a := Answer{ID: page.Order, Heading: page.Heading, Question: question, Response: *r.Response}
		if a.Response && page.ShowAdditionalInformation {
			text := strings.TrimSpace(r.AdditionalText)
			if utf8.RuneCountInString(text) > MaxAdditionalText {
				return Person{}, apierr.BadRequest("Please keep your description of the changes under " + strconv.Itoa(MaxAdditionalText) + " characters.")
			}
			a.AdditionalText = text
		}
		out.Responses = append(out.Responses, a)
	}
	if len(byID) > 0 {
		return Person{}, ErrStale
	}
	out.Status = int(StatusOf(out.Responses))
	return out, nil
}

// readSubmission decodes the body strictly: one JSON object of the submission's shape.
func readSubmission(r *http.Request) (Submission, error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxSubmissionBytes+1))
	if err != nil {
		return Submission{}, apierr.BodyError(err, errNotJSON)
	}
	if len(raw) > maxSubmissionBytes {
		return Submission{}, apierr.ErrTooLarge
	}
	if !utf8.Valid(raw) {
		return Submission{}, errNotJSON
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var s Submission
	if err := dec.Decode(&s); err != nil || dec.More() {
		return Submission{}, errNotJSON
	}
	return s, nil
}

// latestSubmission is the newest review the entity submitted or was answered for, or nil.
func latestSubmission(ctx context.Context, q resourceful.Querier, entityID int64) (*Stored, error) {
	var s Stored
	var raw string
	var doc sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT id, responses, document_id, created_at FROM review_submission
		WHERE entity_id = ? OR partner_entity_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`, entityID, entityID).
		Scan(&s.ID, &raw, &doc, &s.SubmittedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var parts struct {
		Client  Person  `json:"client"`
		Partner *Person `json:"partner"`
	}
	if err := json.Unmarshal([]byte(raw), &parts); err != nil {
		return nil, err
	}
	s.Client, s.Partner = parts.Client, parts.Partner
	if doc.Valid {
		s.DocumentID = &doc.Int64
	}
	return &s, nil
}
