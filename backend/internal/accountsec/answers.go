package accountsec

import (
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/apierr"
)

// Texts of the security questions form (spec 1 §5). The server answers with the same words the
// browser checks with, so a request that slips past the browser reads the same.
const (
	QuestionRequired   = "Please enter a security question."
	QuestionTooLong    = "Question needs to be at most 256 characters"
	AnswerRequired     = "Please enter an answer to your security question."
	AnswerTooLong      = "Answer needs to be at most 256 characters"
	AnswerTooShort     = "Answer needs to be at least 8 characters"
	QuestionsNotUnique = "Please select two different security questions."
	// QuestionsCount answers a body without exactly two question and answer pairs.
	QuestionsCount = "Two security questions and answers are required"
)

// QuestionPlaceholder is the dropdown's "nothing chosen" entry; it is never a question.
const QuestionPlaceholder = "Please select"

// MaxQuestionLength and MaxAnswerLength are the limits of spec 1 §9, in characters.
const (
	MaxQuestionLength = 256
	MaxAnswerLength   = 256
	longAnswerMinimum = 8
)

// QuestionAndAnswer is one security question with its answer, as the browser sends it.
type QuestionAndAnswer struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// AnswerMinimum is the least number of characters an answer needs on a platform of the given
// version (spec 1 §5): 8 from 22.8.234 within 22.8 and from 22.9.0 to 22.9.237, otherwise 0.
// An unreadable version has no minimum, as in the browser.
func AnswerMinimum(version string) int {
	parts := strings.Split(strings.TrimSpace(version), ".")
	if len(parts) < 3 {
		return 0
	}
	var n [3]int
	for i := range n {
		v, err := strconv.Atoi(parts[i])
		if err != nil {
			return 0
		}
		n[i] = v
	}
	if n[0] == 22 && ((n[1] == 8 && n[2] >= 234) || (n[1] == 9 && n[2] <= 237)) {
		return longAnswerMinimum
	}
	return 0
}

// CheckQuestions applies the form's rules (spec 1 §5) to exactly two pairs; minimum is
// AnswerMinimum of the platform's version. Questions are compared ignoring case and spacing.
func CheckQuestions(pairs []QuestionAndAnswer, minimum int) error {
	if len(pairs) != 2 {
		return apierr.BadRequest(QuestionsCount)
	}
	for _, p := range pairs {
		q := strings.TrimSpace(p.Question)
		switch {
		case q == "" || q == QuestionPlaceholder:
			return apierr.BadRequest(QuestionRequired)
		case utf8.RuneCountInString(q) > MaxQuestionLength:
			return apierr.BadRequest(QuestionTooLong)
		}
	}
	for _, p := range pairs {
		a := strings.TrimSpace(p.Answer)
		switch {
		case a == "":
			return apierr.BadRequest(AnswerRequired)
		case utf8.RuneCountInString(p.Answer) > MaxAnswerLength:
			return apierr.BadRequest(AnswerTooLong)
		case utf8.RuneCountInString(a) < minimum:
			return apierr.BadRequest(AnswerTooShort)
		}
	}
	if NormaliseAnswer(pairs[0].Question) == NormaliseAnswer(pairs[1].Question) {
		return apierr.BadRequest(QuestionsNotUnique)
	}
	return nil
}

// NormaliseAnswer is the form an answer is hashed and compared in: lower case, inner runs of
// white space as one space, none at the ends. "  Bristol  Zoo" answers "bristol zoo".
func NormaliseAnswer(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// answerKey is what bcrypt sees: a digest of the normalised answer, because bcrypt reads at most
// 72 bytes and an answer may be 256 characters.
func answerKey(answer string) []byte {
	sum := sha256.Sum256([]byte("security-answer:" + NormaliseAnswer(answer)))
	return []byte(base64.RawStdEncoding.EncodeToString(sum[:]))
}

// HashAnswer hashes an answer for storage.
func HashAnswer(answer string, cost int) (string, error) {
	h, err := bcrypt.GenerateFromPassword(answerKey(answer), cost)
	return string(h), err
}

// AnswerMatches reports whether answer matches a stored hash (bcrypt's comparison takes the same
// time wherever the two differ).
func AnswerMatches(hash, answer string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), answerKey(answer)) == nil
}
