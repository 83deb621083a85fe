package firmdata

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unicode/utf8"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/store"
)

// SecurityQuestion is one of a login's two security questions, with its answer in clear (hashed
// on load) or already hashed (accountsec.HashAnswer's form).
type SecurityQuestion struct {
	Question   string `json:"question"`
	Answer     string `json:"answer,omitempty"`
	AnswerHash string `json:"answer_hash,omitempty"`
}

func (v *validator) securityQuestions(path string, qs []SecurityQuestion) {
	if len(qs) == 0 {
		return
	}
	if len(qs) != 2 {
		v.add(path, "want two security questions, got %d", len(qs))
		return
	}
	for i, q := range qs {
		p := fmt.Sprintf("%s[%d]", path, i)
		if v.required(p+".question", strings.TrimSpace(q.Question)) && utf8.RuneCountInString(q.Question) > accountsec.MaxQuestionLength {
			v.add(p+".question", "longer than %d characters", accountsec.MaxQuestionLength)
		}
		switch {
		case q.Answer != "" && q.AnswerHash != "":
			v.add(p, "give answer or answer_hash, not both")
		case q.AnswerHash != "":
			if !bcryptRe.MatchString(q.AnswerHash) {
				v.add(p+".answer_hash", "not a bcrypt hash ($2a$, $2b$ or $2y$)")
			}
		case strings.TrimSpace(q.Answer) == "":
			v.add(p+".answer", "required")
		case utf8.RuneCountInString(q.Answer) > accountsec.MaxAnswerLength:
			v.add(p+".answer", "longer than %d characters", accountsec.MaxAnswerLength)
		}
	}
	if accountsec.NormaliseAnswer(qs[0].Question) == accountsec.NormaliseAnswer(qs[1].Question) {
		v.add(path, "the two questions must differ")
	}
}

// securityQuestions stores the logins' security questions, hashing clear answers (spread over
// the CPUs: bcrypt is slow by design).
func (l *loader) securityQuestions() error {
	type row struct {
		username, question, answer, hash string
		position                         int
	}
	var logins []*Login
	for i := range l.f.Advisers {
		logins = append(logins, l.f.Advisers[i].Login)
	}
	for i := range l.f.Clients {
		logins = append(logins, l.f.Clients[i].Login)
	}
	var rows []row
	for _, lg := range logins {
		if lg == nil {
			continue
		}
		for i, q := range lg.SecurityQuestions {
			rows = append(rows, row{lg.Username, strings.TrimSpace(q.Question), q.Answer, q.AnswerHash, i + 1})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	errs := make([]error, len(rows))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Go(func() {
			for i := range next {
				if rows[i].hash == "" {
					rows[i].hash, errs[i] = accountsec.HashAnswer(rows[i].answer, l.opts.HashCost)
				}
			}
		})
	}
	for i := range rows {
		next <- i
	}
	close(next)
	wg.Wait()
	now := store.FormatTime(l.opts.Now)
	for i, r := range rows {
		if errs[i] != nil {
			return errs[i]
		}
		if err := l.exec(insertSecurityQuestionSQL, r.position, r.question, r.hash, now, r.username); err != nil {
			return err
		}
	}
	return nil
}

// insertSecurityQuestionSQL stores one of a login's security questions; the username is matched
// by lower(username), as the store keeps usernames unique (and indexes them) on both dialects.
const insertSecurityQuestionSQL = `INSERT INTO security_question (user_id, position, question, answer_hash, set_at)
	SELECT id, ?, ?, ?, ? FROM app_user WHERE lower(username) = lower(?)`
