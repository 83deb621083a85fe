package loadrun

import (
	"os"
	"testing"
	"time"
)

// A command name with spaces and a parenthesis must not shift the fields: ppid 812, utime 250 +
// stime 50 ticks = 3 s, cutime 1000 + cstime 200 = 12 s (100 ticks a second).
func TestParseStat(t *testing.T) {
	raw := "4242 (postgres: a (b) c) S 812 4242 4242 0 -1 4194560 1 0 0 0 250 50 1000 200 20 0 1 0 100 1000 10\n"
	st, err := parseStat(raw)
	if err != nil {
		t.Fatal(err)
	}
	if st.ppid != 812 || st.cpu != 3*time.Second || st.childrenCPU != 12*time.Second {
		t.Fatalf("%+v", st)
	}
	if _, err := parseStat("garbage"); err == nil {
		t.Fatal("garbage parsed")
	}
}

func TestParseHWM(t *testing.T) {
	got, err := parseHWM("Name:\tportal\nVmPeak:\t  900 kB\nVmHWM:\t   123456 kB\nVmRSS:\t 100 kB\n")
	if err != nil || got != 123456*1024 {
		t.Fatalf("%d %v", got, err)
	}
	if _, err := parseHWM("Name:\tportal\n"); err == nil {
		t.Fatal("no VmHWM accepted")
	}
	// This process has one.
	if n, err := peakRSS(os.Getpid()); err != nil || n <= 0 {
		t.Fatalf("own peak RSS: %d %v", n, err)
	}
}
