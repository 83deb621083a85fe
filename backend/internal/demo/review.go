package demo

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/review"
	"wealthportal/backend/internal/store"
)

// reviewKey is the meta row that records that the demo's annual review was written.
const reviewKey = "demo_review"

// ReviewPages are the demo firm's annual review (spec 3 §2.3): what a UK adviser firm asks
// each year about goals, income, health, family, attitude to risk, contact and personal details.
func ReviewPages() []review.Page {
	q := func(order int, heading, client, partner, hint string) review.Page {
		return review.Page{Type: review.TypeQuestion, Order: order, Heading: heading, ClientQuestion: client, PartnerQuestion: partner,
			Hint: hint, ShowAdditionalInformation: true, ClientAccess: true}
	}
	return []review.Page{
		{Type: review.TypeIntroduction, Order: 0, Heading: "Your annual review", ClientAccess: true,
			SecondaryHeading: "A few minutes to keep your plan on track",
			IntroductionText: "<p>Each year we check that the advice we have given you still suits your circumstances. " +
				"Please answer the questions that follow: most need only a Yes or a No, and where something has changed " +
				"you can tell us about it in your own words.</p><p>It takes about five minutes. Your answers are sent " +
				"to your adviser, and a copy is kept in your documents.</p>",
			SpeakToAdviserConfirmation: "You have opted for your adviser to contact you instead of completing the review"},
		q(1, "Your goals", "Have your financial goals or plans changed since your last review?",
			"Have your partner's financial goals or plans changed since their last review?",
			"For example retiring earlier or later, helping children with a house deposit, or planning a large purchase."),
		q(2, "Income and spending", "Has your income or regular spending changed significantly in the last year?",
			"Has your partner's income or regular spending changed significantly in the last year?",
			"A new job, a pay rise, retirement, redundancy, an inheritance, or new regular costs such as care fees."),
		q(3, "Your health", "Has there been any change in your health that could affect your plans?",
			"Has there been any change in your partner's health that could affect their plans?",
			"Anything that could affect your ability to work, your life expectancy or the care you may need."),
		q(4, "Family circumstances", "Have there been any changes in your family circumstances?",
			"Have there been any changes in your partner's family circumstances?",
			"Marriage, separation, a birth or a death in the family, or someone new depending on you financially."),
		{Type: review.TypeRisk, Order: 5, Heading: "Your attitude to risk", ClientAccess: true, ShowAdditionalInformation: true,
			ClientQuestion:           "Has your attitude to investment risk changed from the profile shown above?",
			PartnerQuestion:          "Has your partner's attitude to investment risk changed from the profile shown above?",
			AlternateClientQuestion:  "We do not hold a current risk profile for you. Would you like your adviser to assess your attitude to investment risk?",
			AlternatePartnerQuestion: "We do not hold a current risk profile for your partner. Would they like their adviser to assess their attitude to investment risk?",
			Hint:                     "Your risk profile guides how your investments are spread between shares, bonds, property and cash."},
		{Type: review.TypeContactDetailsQuestion, Order: 6, Heading: "Your contact details", ClientAccess: true, ShowAdditionalInformation: true,
			SecondaryHeading: "These are the details we hold for you.",
			ClientQuestion:   "Do any of your contact details need updating?", PartnerQuestion: "Do any of your partner's contact details need updating?",
			Fields: []review.Field{{FieldName: review.FieldPreferredEmail, Description: "Email address", Enabled: true},
				{FieldName: review.FieldPreferredPhone, Description: "Phone number", Enabled: true},
				{FieldName: review.FieldAddress, Description: "Home address", Enabled: true}}},
		{Type: review.TypePersonalDetailsQuestion, Order: 7, Heading: "Your personal details", ClientAccess: true, ShowAdditionalInformation: true,
			SecondaryHeading: "These are the details we hold for you.",
			ClientQuestion:   "Do any of your personal details need updating?", PartnerQuestion: "Do any of your partner's personal details need updating?",
			Fields: []review.Field{{FieldName: review.FieldFirstName, Description: "First name", Enabled: true},
				{FieldName: review.FieldLastName, Description: "Last name", Enabled: true},
				{FieldName: review.FieldDOB, Description: "Date of birth", Enabled: true},
				{FieldName: review.FieldMaritalStatus, Description: "Marital status", Enabled: true},
				{FieldName: review.FieldDependents, Description: "Dependants", Enabled: true}}},
		{Type: review.TypeSubmission, Order: 8, Heading: "Submit your review", ClientAccess: true,
			ChangesText: "You have told us that some things have changed. When you submit your review, your adviser will " +
				"look at your answers and contact you to talk about what the changes mean for your plan.",
			NoChangesText: "You have told us that nothing has changed. When you submit your review, your adviser will record " +
				"that your plan still suits you and will be in touch if anything needs your attention."},
		{Type: review.TypeCompletion, Order: 9, Heading: "Thank you", ClientAccess: true,
			SuccessText: "Thank you for completing your annual review. Your adviser has your answers, and a copy is in your " +
				"Messages and documents.",
			ErrorText:            "While submitting your response an error has occurred",
			DisplayAdviserDetail: true, AdviserDetailsHeader: "Your adviser"},
	}
}

// demoRiskProfiles are the demo clients' risk profiles by external id (the others have none,
// and are asked the alternate question).
var demoRiskProfiles = []struct {
	external    string
	index       int
	name, descr string
}{
	{"HV-000101", 5, "Balanced", "<p>You are prepared to accept <strong>moderate ups and downs</strong> in the value of your " +
		"investments for the chance of better returns over the long term.</p><ul><li>Typically around 60% in shares and " +
		"40% in bonds, property and cash</li><li>Suited to a time horizon of at least five years</li></ul>"},
	{"HV-000102", 6, "Moderately Adventurous", "<p>You are comfortable with <strong>larger falls</strong> in value in " +
		"return for higher expected growth.</p><ul><li>Typically around 75% in shares</li><li>Suited to a time horizon " +
		"of at least eight years</li></ul>"},
}

// demoDependents are Eleanor and James's children (both of theirs).
var demoDependents = []struct {
	external, first, last, dob, relationship string
}{
	{"HV-000101", "Harriet", "Whitfield", "2003-05-14", "daughter"},
	{"HV-000101", "George", "Whitfield", "2007-10-02", "son"},
}

// seedReview writes the demo firm's review pages, risk profiles and dependents once, in one
// transaction with its meta mark.
func seedReview(ctx context.Context, db *store.DB, now time.Time) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		q := resourceful.OnTx(db, tx)
		var done int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM meta WHERE key = ?`, reviewKey).Scan(&done); err != nil || done > 0 {
			return err
		}
		var firm int64
		err := q.QueryRowContext(ctx, `SELECT id FROM firm WHERE name = ? ORDER BY id LIMIT 1`, FirmName).Scan(&firm)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		pages, err := json.Marshal(ReviewPages())
		if err != nil {
			return err
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO review_definition (firm_id, pages, updated_at) VALUES (?, ?, ?)`,
			firm, string(pages), store.FormatTime(now)); err != nil {
			return err
		}
		entity := func(external string) (int64, error) {
			var id int64
			err := q.QueryRowContext(ctx, `SELECT id FROM entity WHERE firm_id = ? AND external_id = ?`, firm, external).Scan(&id)
			return id, err
		}
		for _, r := range demoRiskProfiles {
			id, err := entity(r.external)
			if err != nil {
				return err
			}
			if _, err := q.ExecContext(ctx, `INSERT INTO risk_profile (entity_id, risk_index, name, description, updated_at) VALUES (?, ?, ?, ?, ?)`,
				id, r.index, r.name, r.descr, store.FormatTime(now)); err != nil {
				return err
			}
		}
		for _, d := range demoDependents {
			id, err := entity(d.external)
			if err != nil {
				return err
			}
			if _, err := resourceful.Insert(ctx, q, "dependent", []string{"entity_id", "first_name", "last_name", "dob", "relationship", "dep_related_to"},
				id, d.first, d.last, d.dob, d.relationship, "both"); err != nil {
				return err
			}
		}
		_, err = q.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES (?, ?)`, reviewKey, store.FormatTime(now))
		return err
	})
}
