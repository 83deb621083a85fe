package auth

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"wealthportal/backend/internal/apierr"
)

// fakePlatform answers SignIn with a fixed answer.
type fakePlatform struct {
	token string
	su    SessionUser
	err   error
}

func (f fakePlatform) SignIn(context.Context, string, string) (string, SessionUser, error) {
	return f.token, f.su, f.err
}
func (fakePlatform) DoBasic(context.Context, string, string, string, string, any, any) error {
	return nil
}
func (fakePlatform) Do(context.Context, string, string, string, any, any) error { return nil }
func (f fakePlatform) SessionUser(context.Context, string) (SessionUser, error) {
	return f.su, f.err
}
func (fakePlatform) EndSession(context.Context, string) error { return nil }

func TestLoginMapsThePlatformAnswer(t *testing.T) {
	terms := &SiteTerms{Heading: "Terms", Disclaimer: "<p>Agree</p>"}
	challenge := func(api, method string, methods []string) error {
		return &Challenge{Err: apierr.New(http.StatusUnauthorized, api, ""), MfaMethod: method, TfaMethods: methods}
	}
	for _, tc := range []struct {
		name string
		p    fakePlatform
		want Result
	}{
		{"success", fakePlatform{token: "t", su: SessionUser{ID: 1}},
			Result{Status: StatusLoginSuccess, PlatformToken: "t", User: SessionUser{ID: 1}, Steps: []string{}}},
		{"steps, in the order they are taken, unknown ones dropped",
			fakePlatform{token: "t", su: SessionUser{ID: 1, AdditionalLoginSteps: []string{"ForceChangePassword", "Mystery", "SiteTerms"}, SiteTerms: terms}},
			Result{Status: StatusSiteTerms, PlatformToken: "t", User: SessionUser{ID: 1}, Steps: []string{"SiteTerms", "ForceChangePassword"}, SiteTerms: terms}},
		{"code sent", fakePlatform{err: challenge(MFARequiredAPI, "email", []string{"email"})},
			Result{Status: StatusMfaRequired, MfaMethod: "email", TfaMethods: []string{"email"}}},
		{"enrol first", fakePlatform{err: challenge(MFAEnrolmentRequiredAPI, "", nil)},
			Result{Status: StatusMfaEnrolmentLinkDevice, TfaMethods: []string{}}},
	} {
		got, err := Login(context.Background(), tc.p, Credentials{Username: "u", Password: "p"}, "")
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %+v %v\nwant %+v", tc.name, got, err, tc.want)
		}
	}
	bad := apierr.New(http.StatusUnauthorized, apierr.BadCredentials, apierr.BadCredentials)
	if _, err := Login(context.Background(), fakePlatform{err: bad}, Credentials{}, ""); err != bad {
		t.Errorf("bad credentials: %v", err)
	}
}
