package demo

import (
	"strings"

	"wealthportal/backend/internal/firmdata"
)

// SecurityQuestions are the demo client logins' security questions and answers (the forgotten
// password asks for them after the reset code), keyed by username. Every demo client login has
// them, so none is asked to set them at login.
var SecurityQuestions = map[string][]firmdata.SecurityQuestion{
	"demo.client": {
		{Question: "What was the name of your first pet?", Answer: "Biscuit the spaniel"},
		{Question: "In what city were you born?", Answer: "Bristol"},
	},
	"demo.assets": {
		{Question: "What was the name of your first school?", Answer: "Cherwell Primary"},
		{Question: "What is your mother's maiden name?", Answer: "Krishnan"},
	},
	"demo.messages": {
		{Question: "What was the make of your first car?", Answer: "Vauxhall Nova"},
		{Question: "In what city were you born?", Answer: "Manchester"},
	},
	"demo.forgot": {
		{Question: "What was the name of your first pet?", Answer: "Marmalade"},
		{Question: "What was the name of your first school?", Answer: "Redland Green"},
	},
	"demo.mfa": {
		{Question: "What was the name of your first pet?", Answer: "Pepper the cat"},
		{Question: "What is your favourite book?", Answer: "Middlemarch"},
	},
}

// securityQuestions gives the demo client logins their questions.
func (b *builder) securityQuestions() {
	for i := range b.f.Clients {
		if l := b.f.Clients[i].Login; l != nil {
			if qs, ok := SecurityQuestions[strings.ToLower(l.Username)]; ok {
				l.SecurityQuestions = qs
			}
		}
	}
}
