package auth

import (
	"encoding/base32"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
)

// RFC 6238 Appendix B: the test vectors (eight digits) for SHA-1, SHA-256 and SHA-512.
func TestTOTPAgainstRFC6238Vectors(t *testing.T) {
	secrets := map[otp.Algorithm]string{
		otp.AlgorithmSHA1:   "12345678901234567890",
		otp.AlgorithmSHA256: "12345678901234567890123456789012",
		otp.AlgorithmSHA512: "1234567890123456789012345678901234567890123456789012345678901234",
	}
	vectors := []struct {
		unix                 int64
		sha1, sha256, sha512 string
	}{
		{59, "94287082", "46119246", "90693936"},
		{1111111109, "07081804", "68084774", "25091201"},
		{1111111111, "14050471", "67062674", "99943326"},
		{1234567890, "89005924", "91819424", "93441116"},
		{2000000000, "69279037", "90698825", "38618901"},
		{20000000000, "65353130", "77737706", "47863826"},
	}
	for _, v := range vectors {
		for alg, want := range map[otp.Algorithm]string{otp.AlgorithmSHA1: v.sha1, otp.AlgorithmSHA256: v.sha256, otp.AlgorithmSHA512: v.sha512} {
			secret := base32.StdEncoding.EncodeToString([]byte(secrets[alg]))
			got, err := totpCode(secret, totpStep(time.Unix(v.unix, 0)), hotp.ValidateOpts{Digits: otp.DigitsEight, Algorithm: alg})
			if err != nil || got != want {
				t.Errorf("%s at %d: %q %v, want %s", alg, v.unix, got, err, want)
			}
		}
		// The portal's six-digit SHA-1 codes are the same truncation, last six digits.
		six, err := TOTPCode(base32.StdEncoding.EncodeToString([]byte(secrets[otp.AlgorithmSHA1])), time.Unix(v.unix, 0))
		if err != nil || six != v.sha1[2:] {
			t.Errorf("six digits at %d: %q %v", v.unix, six, err)
		}
	}
}

func TestTOTPStep(t *testing.T) {
	for unix, want := range map[int64]int64{0: 0, 29: 0, 30: 1, 59: 1, 60: 2, 1111111109: 37037036, -1: -1, -30: -1, -31: -2} {
		if got := totpStep(time.Unix(unix, 0)); got != want {
			t.Errorf("step(%d) = %d, want %d", unix, got, want)
		}
	}
}

// A code is accepted one step either side of now, never for a step at or before the last one
// accepted, and not at all two steps away.
func TestMatchTOTPSkewAndReplay(t *testing.T) {
	secret := "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
	now := time.Date(2026, 11, 22, 9, 0, 10, 0, time.UTC)
	step := totpStep(now)
	code := func(offset time.Duration) string {
		c, err := TOTPCode(secret, now.Add(offset))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, tc := range []struct {
		name     string
		code     string
		lastStep int64
		want     int64
		ok       bool
	}{
		{"current", code(0), 0, step, true},
		{"previous step", code(-30 * time.Second), 0, step - 1, true},
		{"next step", code(30 * time.Second), 0, step + 1, true},
		{"two steps back", code(-60 * time.Second), 0, 0, false},
		{"two steps ahead", code(60 * time.Second), 0, 0, false},
		{"current, already used", code(0), step, 0, false},
		{"previous, after the current was used", code(-30 * time.Second), step, 0, false},
		{"next, after the current was used", code(30 * time.Second), step, step + 1, true},
		{"wrong length", code(0)[:5], 0, 0, false},
		{"not a code", "abcdef", 0, 0, false},
	} {
		got, ok, err := matchTOTP(secret, tc.code, now, tc.lastStep)
		if err != nil || ok != tc.ok || got != tc.want {
			t.Errorf("%s: %d %v %v, want %d %v", tc.name, got, ok, err, tc.want, tc.ok)
		}
	}
	if _, ok, _ := matchTOTP("", code(0), now, 0); ok {
		t.Error("no secret matched")
	}
}

// Every candidate step is computed and compared even when the first one matches, so the time
// taken does not depend on which step matched.
func TestMatchStepComparesEveryCandidate(t *testing.T) {
	codes := map[int64]string{10: "111111", 11: "222222", 12: "333333"}
	for _, code := range []string{"111111", "333333", "999999"} {
		calls := 0
		_, _, err := matchStep(code, []int64{10, 11, 12}, func(s int64) (string, error) { calls++; return codes[s], nil })
		if err != nil || calls != 3 {
			t.Errorf("%s: %d of 3 steps computed", code, calls)
		}
	}
	if step, ok, _ := matchStep("222222", []int64{10, 11, 12}, func(s int64) (string, error) { return codes[s], nil }); !ok || step != 11 {
		t.Errorf("matched %d %v", step, ok)
	}
}

// The enrolment key: a 160-bit secret, a URI authenticator apps read (an "&" in the issuer
// escaped), and a QR code of it.
func TestNewTOTPKey(t *testing.T) {
	secret, uri, qr, err := newTOTPKey("Harbour & Vale Online", "demo.client", strings.NewReader(strings.Repeat("k", 64)))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret); err != nil || len(b) != 20 {
		t.Fatalf("secret %q: %d bytes %v", secret, len(b), err)
	}
	want := "otpauth://totp/Harbour%20%26%20Vale%20Online:demo.client?secret=" + secret + "&issuer=Harbour%20%26%20Vale%20Online&algorithm=SHA1&digits=6&period=30"
	if uri != want {
		t.Fatalf("uri %s\nwant %s", uri, want)
	}
	u, _ := url.Parse(uri)
	if u.Query().Get("issuer") != "Harbour & Vale Online" || u.Query().Get("secret") != secret {
		t.Fatalf("parsed %v", u.Query())
	}
	if !strings.HasPrefix(qr, "data:image/png;base64,iVBORw0KGgo") {
		t.Fatalf("qr %.40s", qr)
	}
}
