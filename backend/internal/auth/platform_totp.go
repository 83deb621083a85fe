package auth

import (
	"bytes"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"image/png"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"
	"github.com/pquerna/otp/totp"
)

// Software tokens are RFC 6238 TOTP as authenticator apps implement it by default: SHA-1, six
// digits, 30-second steps, a 160-bit secret. A code is accepted one step either side of the
// platform's clock, and never for a step at or before the last one accepted (no replay).
const (
	totpPeriod     = 30
	totpSkew       = 1
	totpSecretSize = 20
	qrCodeSize     = 240
)

var totpOptions = hotp.ValidateOpts{Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// totpStep is the RFC 6238 time step of t (T = floor(unix time / period)).
func totpStep(t time.Time) int64 {
	sec := t.Unix()
	if sec < 0 {
		return (sec - totpPeriod + 1) / totpPeriod
	}
	return sec / totpPeriod
}

// totpCode is the code of a step; the HMAC and truncation are the otp library's.
func totpCode(secret string, step int64, opts hotp.ValidateOpts) (string, error) {
	return hotp.GenerateCodeCustom(secret, uint64(step), opts)
}

// matchTOTP finds the step, within the skew of now and after lastStep, whose code is code.
func matchTOTP(secret, code string, now time.Time, lastStep int64) (int64, bool, error) {
	if secret == "" || len(code) != totpOptions.Digits.Length() {
		return 0, false, nil
	}
	var steps []int64
	current := totpStep(now)
	for step := current - totpSkew; step <= current+totpSkew; step++ {
		if step > lastStep && step >= 0 {
			steps = append(steps, step)
		}
	}
	return matchStep(code, steps, func(step int64) (string, error) { return totpCode(secret, step, totpOptions) })
}

// matchStep compares code with the code of every candidate step, in constant time and without
// stopping at a match, so the time taken does not tell which step (if any) matched.
func matchStep(code string, steps []int64, codeOf func(int64) (string, error)) (int64, bool, error) {
	var found int64
	ok := false
	for _, step := range steps {
		want, err := codeOf(step)
		if err != nil {
			return 0, false, err
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 && !ok {
			found, ok = step, true
		}
	}
	return found, ok, nil
}

// TOTPCode is the code an authenticator app shows at t for a base32 secret (for tests and the
// demo's documentation; the platform itself only checks codes).
func TOTPCode(secret string, t time.Time) (string, error) {
	return totpCode(secret, totpStep(t), totpOptions)
}

// newTOTPKey makes a new secret for an authenticator app, with its otpauth:// URI (issuer and
// account name label it in the app) and the same URI as a PNG QR code data URL. The secret is
// the otp library's; the URI is written here because the library leaves an "&" in the issuer
// unescaped ("Harbour & Vale" would end the issuer early).
func newTOTPKey(issuer, account string, rnd io.Reader) (secret, uri, qr string, err error) {
	generated, err := totp.Generate(totp.GenerateOpts{
		Issuer: issuer, AccountName: account, Period: totpPeriod, SecretSize: totpSecretSize,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1, Rand: rnd,
	})
	if err != nil {
		return "", "", "", err
	}
	secret = generated.Secret()
	uri = otpauthURI(issuer, account, secret)
	key, err := otp.NewKeyFromURL(uri)
	if err != nil {
		return "", "", "", err
	}
	img, err := key.Image(qrCodeSize, qrCodeSize)
	if err != nil {
		return "", "", "", err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", "", "", err
	}
	return secret, uri, "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// otpauthURI is the Key URI of a TOTP secret (the format authenticator apps read): label
// "issuer:account" and the parameters, spaces as %20.
func otpauthURI(issuer, account, secret string) string {
	esc := func(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }
	return fmt.Sprintf("otpauth://totp/%s:%s?secret=%s&issuer=%s&algorithm=SHA1&digits=6&period=%d",
		esc(issuer), esc(account), secret, esc(issuer), totpPeriod)
}
