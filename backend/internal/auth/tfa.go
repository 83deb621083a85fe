package auth

import (
	"net/http"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
)

// Second-factor devices: enrolling one during login (MfaEnrolmentLinkDevice, no session yet:
// each call carries the username and password) and changing the method on the signed-in
// Additional verification page (spec 1 §2, §4).

// methods are the second-factor methods (spec 1 §3).
var methods = []string{MethodSMS, MethodEmail, MethodToken}

var (
	errUnknownMethod = apierr.New(http.StatusBadRequest, "Unknown verification method", "Please select an additional verification method.")
	// errCodeRequest is the answer to a code submitted without its method, code or device
	// (spec 1 §5).
	errCodeRequest = apierr.BadRequest("An error occurred whilst requesting additional verification code.")
)

// enrolmentAnswer is a device being enrolled: the login's answer (loginStatus, method) and the
// Additional verification page's (mfaMethod).
type enrolmentAnswer struct {
	LoginStatus string `json:"loginStatus,omitempty"`
	DeviceID    string `json:"deviceId"`
	Method      string `json:"method,omitempty"`
	MfaMethod   string `json:"mfaMethod,omitempty"`
	OTPAuthURI  string `json:"otpauthUri,omitempty"`
	QRCode      string `json:"qrCode,omitempty"`
}

// linkResult is the platform's answer to a device's first code.
type linkResult struct {
	Result    string `json:"result"`
	MfaMethod string `json:"mfa_method"`
}

type deviceInput struct {
	Credentials
	Method string `json:"method"`
}

// POST /xplanapi/auth/tfa/device: enrols a device during login (and "Request new code": a new
// device and code each time). A code goes to the registered mobile or email address; for token
// the answer carries the secret as an otpauth:// URI and a QR code.
func (h *Handler) enrolDevice(c *gin.Context) error {
	var in deviceInput
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BodyError(err, apierr.BadRequest("Username and password are required"))
	}
	if err := in.Normalise(); err != nil {
		return err
	}
	if !slices.Contains(methods, in.Method) {
		return errUnknownMethod
	}
	// Each enrolment sends a code: limited per account and address, and per sends.
	settle, err := h.guard(c, in.Username, ratelimit.CodeSendKey(in.Username))
	if err != nil {
		return err
	}
	var e Enrolment
	err = h.Platform.DoBasic(c.Request.Context(), in.Username, in.Password, http.MethodPost, "auth/tfa/device",
		map[string]string{"method": in.Method}, &e)
	settle(err)
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, enrolmentAnswer{LoginStatus: StatusMfaEnrolmentValidateDevice, DeviceID: e.DeviceID, Method: e.Method,
		OTPAuthURI: e.OTPAuthURI, QRCode: e.QRCode})
	return nil
}

// validateEnrolment is POST /xplanapi/auth/tfa/validate with a device_id: a right code links
// the device and the login goes on at MfaRequired with a fresh code (for token, the app's next
// code); a wrong one is MfaEnrolmentLinkDeviceInvalidOtp and the device stays unlinked.
func (h *Handler) validateEnrolment(c *gin.Context, in codeInput) error {
	var res linkResult
	body := map[string]string{"device_id": in.DeviceID, "method": in.Method, "code": in.Code}
	if err := h.Platform.DoBasic(c.Request.Context(), in.Username, in.Password, http.MethodPost, "auth/tfa/validate", body, &res); err != nil {
		return err
	}
	if res.Result != ResultDeviceLinked {
		apierr.JSON(c, http.StatusOK, loginAnswer{LoginStatus: StatusMfaEnrolmentLinkDeviceInvalidOtp})
		return nil
	}
	apierr.JSON(c, http.StatusOK, loginAnswer{LoginStatus: StatusMfaRequired, DeviceEnrolled: true, MfaMethod: res.MfaMethod,
		TfaMethods: &[]string{res.MfaMethod}})
	return nil
}

// requireClient refuses the Additional verification calls to anyone but a client (spec 1 §2).
func requireClient(c *gin.Context) {
	if s := session.From(c); s == nil || s.RoleName != RoleClient {
		apierr.Write(c, apierr.ErrForbidden)
		return
	}
	c.Next()
}

// GET /api/tfa/details: the current method (null when none) and the methods the client may
// switch to, the current one included.
func (h *Handler) tfaDetails(c *gin.Context) error {
	var d struct {
		MfaMethod  *string  `json:"mfa_method"`
		TfaMethods []string `json:"tfa_methods"`
	}
	if err := h.call(c, session.From(c), http.MethodGet, "session/tfa", nil, &d); err != nil {
		return err
	}
	if d.TfaMethods == nil {
		d.TfaMethods = []string{}
	}
	apierr.JSON(c, http.StatusOK, gin.H{"mfaMethod": d.MfaMethod, "tfaMethods": d.TfaMethods})
	return nil
}

// PUT /api/tfa/method: starts a change of method; "Request new code" sends it again (a new
// device and code each time).
func (h *Handler) changeTfaMethod(c *gin.Context) error {
	var in struct {
		MfaMethod string `json:"mfaMethod"`
	}
	if err := c.ShouldBindJSON(&in); err != nil || strings.TrimSpace(in.MfaMethod) == "" {
		return apierr.BodyError(err, apierr.BadRequest("Please select an additional verification method."))
	}
	if !slices.Contains(methods, in.MfaMethod) {
		return errUnknownMethod
	}
	// Each request sends a code: limited per user and client address.
	settle, err := h.guardSignedIn(c, ratelimit.CodeSendKey)
	if err != nil {
		return err
	}
	var e Enrolment
	err = h.call(c, session.From(c), http.MethodPost, "session/tfa/device", map[string]string{"method": in.MfaMethod}, &e)
	settle(err)
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, enrolmentAnswer{DeviceID: e.DeviceID, MfaMethod: e.Method, OTPAuthURI: e.OTPAuthURI, QRCode: e.QRCode})
	return nil
}

// POST /api/tfa/validate: {"result": "device_linked"} switches the method; any other result is
// an incorrect code. A change of second factor ends the user's other sessions, and this one
// goes on under a new id.
func (h *Handler) validateTfaMethod(c *gin.Context) error {
	var in struct {
		MfaMethod string `json:"mfaMethod"`
		MfaCode   string `json:"mfaCode"`
		DeviceID  string `json:"deviceId"`
	}
	if err := c.ShouldBindJSON(&in); err != nil {
		return apierr.BodyError(err, errCodeRequest)
	}
	in.MfaCode = strings.TrimSpace(in.MfaCode)
	if in.MfaMethod == "" || in.MfaCode == "" || in.DeviceID == "" {
		return errCodeRequest
	}
	// Wrong codes are limited per user and client address.
	settle, err := h.guardSignedIn(c, ratelimit.CodeKey)
	if err != nil {
		return err
	}
	s := session.From(c)
	var res linkResult
	body := map[string]string{"device_id": in.DeviceID, "method": in.MfaMethod, "code": in.MfaCode}
	err = h.call(c, s, http.MethodPost, "session/tfa/validate", body, &res)
	if err == nil && res.Result != ResultDeviceLinked {
		settle(errWrongCode)
	} else {
		settle(err)
	}
	if err != nil {
		return err
	}
	if res.Result == ResultDeviceLinked {
		if err := h.reissue(c, s, nil, true); err != nil {
			return err
		}
	}
	apierr.JSON(c, http.StatusOK, gin.H{"result": res.Result})
	return nil
}
