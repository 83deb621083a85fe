package accountsec

import (
	"errors"
	"strings"
	"testing"

	"wealthportal/backend/internal/apierr"
)

func TestAnswerMinimum(t *testing.T) {
	for _, tc := range []struct {
		version string
		want    int
	}{
		{"22.8.233", 0}, {"22.8.234", 8}, {"22.8.240", 8}, {"22.8.9999", 8},
		{"22.9.0", 8}, {"22.9.237", 8}, {"22.9.238", 0},
		{"22.7.500", 0}, {"22.10.1", 0}, {"23.8.240", 0}, {"24.1.100", 0}, {"21.9.100", 0},
		{"22.8.240.5", 8}, {"", 0}, {"22.8", 0}, {"22.x.240", 0}, {" 22.9.1 ", 8},
	} {
		if got := AnswerMinimum(tc.version); got != tc.want {
			t.Errorf("AnswerMinimum(%q) = %d, want %d", tc.version, got, tc.want)
		}
	}
}

func TestCheckQuestions(t *testing.T) {
	pet, city := "What was the name of your first pet?", "In what city were you born?"
	pair := func(q1, a1, q2, a2 string) []QuestionAndAnswer {
		return []QuestionAndAnswer{{q1, a1}, {q2, a2}}
	}
	long := strings.Repeat("é", 257)
	for _, tc := range []struct {
		name    string
		pairs   []QuestionAndAnswer
		minimum int
		want    string // api_message, "" for none
	}{
		{"valid", pair(pet, "Biscuit", city, "Bristol"), 0, ""},
		{"valid at the 8-character minimum", pair(pet, "Biscuits", city, "Bristol!"), 8, ""},
		{"custom questions", pair("Favourite walk?", "Leigh Woods", "First concert?", "Blur 1995"), 0, ""},
		{"one pair", pair(pet, "Biscuit", city, "Bristol")[:1], 0, QuestionsCount},
		{"three pairs", append(pair(pet, "a", city, "b"), QuestionAndAnswer{"x", "y"}), 0, QuestionsCount},
		{"no question", pair("  ", "Biscuit", city, "Bristol"), 0, QuestionRequired},
		{"placeholder", pair(pet, "Biscuit", QuestionPlaceholder, "Bristol"), 0, QuestionRequired},
		{"question too long", pair(long, "Biscuit", city, "Bristol"), 0, QuestionTooLong},
		{"question of 256", pair(long[:2*256], "Biscuit", city, "Bristol"), 0, ""},
		{"no answer", pair(pet, " ", city, "Bristol"), 0, AnswerRequired},
		{"answer too long", pair(pet, "Biscuit", city, long), 0, AnswerTooLong},
		{"answer too short", pair(pet, "Biscuit", city, "Bristol"), 8, AnswerTooShort},
		{"short answer without a minimum", pair(pet, "B", city, "B"), 0, ""},
		{"same question", pair(pet, "Biscuit", pet, "Bristol"), 0, QuestionsNotUnique},
		{"same custom question, other case and spacing", pair("First  concert?", "Blur", "first concert? ", "Oasis"), 0, QuestionsNotUnique},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckQuestions(tc.pairs, tc.minimum)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			var ae *apierr.Error
			if !errors.As(err, &ae) || ae.Status != 400 || ae.APIMessage != tc.want {
				t.Fatalf("got %v, want 400 %q", err, tc.want)
			}
		})
	}
}

func TestAnswersAreNormalisedAndHashed(t *testing.T) {
	h, err := HashAnswer("  Biscuit   the Spaniel ", 4)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(strings.ToLower(h), "biscuit") {
		t.Fatal("answer kept in clear")
	}
	for answer, want := range map[string]bool{
		"biscuit the spaniel": true, "BISCUIT THE SPANIEL": true, "Biscuit\tthe spaniel": true,
		"biscuit the spanie": false, "biscuitthe spaniel": false, "": false,
	} {
		if got := AnswerMatches(h, answer); got != want {
			t.Errorf("AnswerMatches(%q) = %v", answer, got)
		}
	}
	// 256 characters of a multi-byte script are over bcrypt's 72 bytes: still hashed whole.
	long := strings.Repeat("é", 255)
	h, err = HashAnswer(long+"a", 4)
	if err != nil {
		t.Fatal(err)
	}
	if AnswerMatches(h, long+"b") {
		t.Fatal("the end of a long answer was not compared")
	}
}
