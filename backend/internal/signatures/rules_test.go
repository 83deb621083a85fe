package signatures_test

import (
	"testing"

	"wealthportal/backend/internal/signatures"
)

func TestMaskPhoneKeepsPlusCountryAndLastThree(t *testing.T) {
	for in, want := range map[string]string{
		"+44 7700 900417": "+44 ••• ••• 417",
		"+447700900123":   "+44 ••• ••• 123",
		"07700 900555":    "••• ••• 555",
		"12":              "•••",
	} {
		if got := signatures.MaskPhone(in); got != want {
			t.Errorf("MaskPhone(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCanSignAndStatusAfter(t *testing.T) {
	for _, c := range []struct {
		status             int
		canSign, hasMethod bool
		want               bool
	}{
		{signatures.StatusAwaitingSignature, true, false, true},
		{signatures.StatusPartSigned, true, false, true},
		{signatures.StatusPartSigned, true, true, false},
		{signatures.StatusPartSigned, false, false, false},
		{signatures.StatusSigned, true, false, false},
		{signatures.StatusDeclined, true, false, false},
		{signatures.StatusPending, true, false, false},
	} {
		if got := signatures.CanSign(c.status, c.canSign, c.hasMethod); got != c.want {
			t.Errorf("CanSign(%d, %v, %v) = %v", c.status, c.canSign, c.hasMethod, got)
		}
	}
	if signatures.StatusAfter(signatures.MethodDecline, 3) != signatures.StatusDeclined ||
		signatures.StatusAfter(signatures.MethodSign, 1) != signatures.StatusPartSigned ||
		signatures.StatusAfter(signatures.MethodSign, 0) != signatures.StatusSigned {
		t.Error("StatusAfter")
	}
	if signatures.ValidPhone("07700 900555") || !signatures.ValidPhone("+44 7700 900417") {
		t.Error("ValidPhone")
	}
}
