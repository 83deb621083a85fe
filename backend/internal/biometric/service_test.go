package biometric

import (
	"strings"
	"testing"
)

func TestDeviceName(t *testing.T) {
	for in, want := range map[string]string{
		"  Eleanor's\t iPhone  ": "Eleanor's iPhone",
		"":                       "Mobile device",
		"   ":                    "Mobile device",
		strings.Repeat("é", 90):  strings.Repeat("é", 80),
	} {
		if got := DeviceName(in); got != want {
			t.Errorf("DeviceName(%q) = %q, want %q", in, got, want)
		}
	}
}
