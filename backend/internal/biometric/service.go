package biometric

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// credentialBytes is the size of a device credential: 256 random bits.
const credentialBytes = 32

// maxNameLength bounds a device's name (shown in the list of devices).
const maxNameLength = 80

// MaxDevices is how many devices a login may have enrolled at once. An enrolment past it is
// refused rather than replacing the oldest device: the user decides which device to remove, and
// a stolen session cannot push the owner's own phones out.
const MaxDevices = 10

// keptRevoked is how many revoked devices of a login stay on record for support; enrolling
// deletes older ones, so enrolling and removing devices in a loop cannot fill the store.
const keptRevoked = 20

// Why a device was revoked (kept for support, never shown to the user).
const (
	ReasonUser       = "revoked by the user"
	ReasonPermission = "biometric permission withdrawn"
	ReasonChanged    = "password or second factor changed"
	ReasonReplayed   = "an old credential was presented"
)

// RefusedText is what the app shows when biometric login cannot be used: it falls back to the
// password form.
const RefusedText = "Biometric login is not set up on this device any more. Please log in with your username and password."

var (
	// ErrRefused answers every failed exchange alike (unknown device, wrong or old credential,
	// revoked), so that the answer tells an attacker nothing.
	ErrRefused = apierr.New(http.StatusUnauthorized, "Biometric login refused", RefusedText)
	// ErrPermissionRequired answers an enrolment without the permission.
	ErrPermissionRequired = apierr.New(http.StatusForbidden, "Permission Error: biometric permission is not granted",
		"Grant permission to login via a biometric check before setting up this device.")
	errNoDevice = apierr.New(http.StatusNotFound, "Resource Not Found", "The requested item was not found.")
	// ErrTooManyDevices answers an enrolment past MaxDevices.
	ErrTooManyDevices = apierr.New(http.StatusConflict, fmt.Sprintf("Too many devices: at most %d may be enrolled", MaxDevices),
		fmt.Sprintf("Biometric login is already set up on %d devices, the most allowed. Remove a device you no longer use, then try again.", MaxDevices))
)

// Service holds the rules of biometric devices.
type Service struct {
	Store SQLStore
	// Permission is the login's biometric permission (1 or 0), from account security.
	Permission func(ctx context.Context, userID int64) (int, error)
	Now        func() time.Time
	Rand       io.Reader
}

// Enrolment is a new device: its id and its first credential, shown once.
type Enrolment struct {
	DeviceID   string `json:"device_id"`
	Credential string `json:"credential"`
}

func hash(credential string) []byte {
	h := sha256.Sum256([]byte(credential))
	return h[:]
}

func bindingHash(binding string) []byte {
	h := sha256.Sum256([]byte("biometric-binding\x00" + binding))
	return h[:]
}

func (s *Service) random(n int) ([]byte, error) {
	b := make([]byte, n)
	_, err := io.ReadFull(s.Rand, b)
	return b, err
}

func (s *Service) newCredential() (string, error) {
	b, err := s.random(credentialBytes)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// DeviceName tidies the name the app gives its device: trimmed, at most 80 characters,
// "Mobile device" when empty.
func DeviceName(name string) string {
	name = strings.Join(strings.Fields(name), " ")
	for utf8.RuneCountInString(name) > maxNameLength {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	if name == "" {
		return "Mobile device"
	}
	return name
}

// Enrol registers a device for a login whose biometric permission is 1.
func (s *Service) Enrol(ctx context.Context, userID int64, name string) (Enrolment, error) {
	p, err := s.Permission(ctx, userID)
	if err != nil {
		return Enrolment{}, err
	}
	if p != 1 {
		return Enrolment{}, ErrPermissionRequired
	}
	binding, err := s.Store.Binding(ctx, userID)
	if err != nil {
		return Enrolment{}, err
	}
	idBytes, err := s.random(16)
	if err != nil {
		return Enrolment{}, err
	}
	credential, err := s.newCredential()
	if err != nil {
		return Enrolment{}, err
	}
	d := Device{ID: "bd-" + hex.EncodeToString(idBytes), UserID: userID, Name: DeviceName(name),
		CredentialHash: hash(credential), BoundTo: bindingHash(binding), CreatedAt: s.Now()}
	created, err := s.Store.Create(ctx, d, MaxDevices, keptRevoked)
	if err != nil {
		return Enrolment{}, err
	}
	if !created {
		return Enrolment{}, ErrTooManyDevices
	}
	return Enrolment{DeviceID: d.ID, Credential: credential}, nil
}

// Verify checks a device credential and returns its device. A replayed old credential revokes
// the device (it may have been copied); a device whose login has since changed its password or
// second factor, or withdrawn the permission, is revoked. Every refusal is ErrRefused.
func (s *Service) Verify(ctx context.Context, deviceID, credential string) (Device, error) {
	d, err := s.Store.Active(ctx, deviceID)
	if errors.Is(err, store.ErrNotFound) || credential == "" {
		return Device{}, ErrRefused
	}
	if err != nil {
		return Device{}, err
	}
	presented := hash(credential)
	if d.PreviousHash != nil && subtle.ConstantTimeCompare(presented, d.PreviousHash) == 1 {
		return Device{}, errOr(s.revoke(ctx, d, ReasonReplayed), ErrRefused)
	}
	if subtle.ConstantTimeCompare(presented, d.CredentialHash) != 1 {
		return Device{}, ErrRefused
	}
	binding, err := s.Store.Binding(ctx, d.UserID)
	if err != nil {
		return Device{}, err
	}
	if subtle.ConstantTimeCompare(bindingHash(binding), d.BoundTo) != 1 {
		return Device{}, errOr(s.revoke(ctx, d, ReasonChanged), ErrRefused)
	}
	p, err := s.Permission(ctx, d.UserID)
	if err != nil {
		return Device{}, err
	}
	if p != 1 {
		return Device{}, errOr(s.revoke(ctx, d, ReasonPermission), ErrRefused)
	}
	return d, nil
}

func (s *Service) revoke(ctx context.Context, d Device, reason string) error {
	_, err := s.Store.Revoke(ctx, d.UserID, d.ID, reason, s.Now())
	return err
}

func errOr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// Rotate gives a verified device its next credential; the one just used becomes "previous",
// so presenting it again revokes the device. Two exchanges racing with one credential: only
// one rotates, the other is refused.
func (s *Service) Rotate(ctx context.Context, d Device) (string, error) {
	next, err := s.newCredential()
	if err != nil {
		return "", err
	}
	ok, err := s.Store.Rotate(ctx, d.ID, d.CredentialHash, hash(next), s.Now())
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrRefused
	}
	return next, nil
}

// DeviceInfo is a device in the list a user manages.
type DeviceInfo struct {
	DeviceID   string  `json:"device_id"`
	DeviceName string  `json:"device_name"`
	CreatedAt  string  `json:"created_at"`
	LastUsedAt *string `json:"last_used_at"`
}

// List returns a login's active devices.
func (s *Service) List(ctx context.Context, userID int64) ([]DeviceInfo, error) {
	devices, err := s.Store.List(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]DeviceInfo, 0, len(devices))
	for _, d := range devices {
		info := DeviceInfo{DeviceID: d.ID, DeviceName: d.Name, CreatedAt: d.CreatedAt.UTC().Format(time.RFC3339)}
		if d.LastUsedAt != nil {
			t := d.LastUsedAt.UTC().Format(time.RFC3339)
			info.LastUsedAt = &t
		}
		out = append(out, info)
	}
	return out, nil
}

// Revoke ends one of a login's devices; another login's device is not found.
func (s *Service) Revoke(ctx context.Context, userID int64, deviceID string) error {
	ok, err := s.Store.Revoke(ctx, userID, deviceID, ReasonUser, s.Now())
	if err != nil {
		return err
	}
	if !ok {
		return errNoDevice
	}
	return nil
}

// RevokeAll ends every device of a login (the permission set to 0).
func (s *Service) RevokeAll(ctx context.Context, userID int64, reason string) error {
	return s.Store.RevokeAll(ctx, userID, reason, s.Now())
}
