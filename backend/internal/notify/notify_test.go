package notify

import "testing"

func TestMask(t *testing.T) {
	for in, want := range map[string]string{
		"+447700900123":       "***23",
		"aisha@example.co.uk": "***@example.co.uk",
		"7":                   "**",
	} {
		if got := Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
}
