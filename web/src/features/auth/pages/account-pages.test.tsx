import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, useLocation } from 'react-router-dom';
import { fail, noContent, ok, routeFetch } from '../../../test/fetch-routes';
import { clientUser, renderPage } from '../../../test/render-with-providers';
import AdditionalVerificationPage, { browserNavigation } from './additional-verification-page';
import { thisDeviceId } from '../biometric-login';
import BiometricPermissionPage from './biometric-permission-page';
import ChangePasswordPage from './change-password-page';
import SecurityQuestionsPage from './security-questions-page';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

function renderSignedIn(page: React.ReactElement, path: string) {
  const user = userEvent.setup();
  renderPage(page, {
    path,
    route: path,
    session: { status: 'signed-in', user: clientUser },
    extraRoutes: [<Route key="home" path="/clients/" element={<Where />} />],
  });
  return user;
}

const toasts = () => screen.getByRole('region', { name: 'Notifications' });

describe('Change Password page', () => {
  it('requires both passwords, shows the strength, changes the password and says so', async () => {
    const api = routeFetch({
      'POST /xplanapi/session/password': [fail(400, { api_message: 'Previous password incorrect' }), noContent()],
    });
    const user = renderSignedIn(<ChangePasswordPage />, '/clients/change-password');
    await waitFor(() => expect(document.title).toBe('Change Password - Harbour & Vale Online'));
    const current = screen.getByLabelText('Please enter your current password');
    const next = screen.getByLabelText('Please enter a password');
    const confirm = screen.getByRole('button', { name: 'Confirm password' });
    expect(confirm).toBeDisabled();
    await user.click(current);
    await user.click(next);
    await user.tab();
    expect(screen.getByText('Previous password required')).toBeInTheDocument();
    expect(screen.getByText('Password required')).toBeInTheDocument();
    await user.type(current, 'Old#Pass1');
    await user.type(next, 'password');
    expect(await screen.findByText('Password strength: Very Weak', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Previous password incorrect');
    expect(next).toHaveValue('password');
    await user.click(screen.getByRole('button', { name: 'Confirm password' }));
    expect(await within(toasts()).findByText('Password changed')).toBeInTheDocument();
    expect(api.bodyOf('POST /xplanapi/session/password', 1)).toEqual({ user_id: 12, old_password: 'Old#Pass1', new_password: 'password' });
    expect(screen.getByLabelText('Please enter a password')).toHaveValue('');
  }, 15_000);
});

describe('Security questions page', () => {
  it('saves two questions, says so and goes to the configured page', async () => {
    const api = routeFetch({
      'GET /xplanapi/site': ok({ version: '23.1.10' }),
      'POST /xplanapi/session/password_reset_questions': noContent(),
    });
    const user = renderSignedIn(<SecurityQuestionsPage />, '/clients/security-questions');
    expect(screen.getByRole('heading', { level: 1, name: 'Set security questions' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Question 1'), "What is your mother's maiden name?");
    await user.type(screen.getByLabelText('Answer 1'), 'Hale');
    await user.selectOptions(screen.getByLabelText('Question 2'), 'What was your childhood nickname?');
    await user.type(screen.getByLabelText('Answer 2'), 'Nell');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('At /clients/')).toBeInTheDocument();
    expect(within(toasts()).getByText('Your security questions have been set')).toBeInTheDocument();
    expect(api.bodyOf('POST /xplanapi/session/password_reset_questions')).toEqual({
      questions: [
        { question: "What is your mother's maiden name?", answer: 'Hale' },
        { question: 'What was your childhood nickname?', answer: 'Nell' },
      ],
    });
  });
});

describe('Additional verification page', () => {
  const details = ok({ mfaMethod: 'sms', tfaMethods: ['sms', 'email', 'token'] });

  it('changes the method: select, validate the code, success', async () => {
    const api = routeFetch({
      'GET /api/tfa/details': details,
      'PUT /api/tfa/method': ok({ deviceId: 'dev-9', mfaMethod: 'email' }),
      'POST /api/tfa/validate': ok({ result: 'device_linked' }),
    });
    const user = renderSignedIn(<AdditionalVerificationPage />, '/clients/additional-verification');
    expect(screen.getByRole('heading', { level: 1, name: 'Additional verification' })).toBeInTheDocument();
    const sms = await screen.findByRole('radio', { name: 'Text message to your mobile phone (current)' });
    expect(sms).toBeChecked();
    // Save and Cancel stay disabled until another method is chosen.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Email to your email address' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sms).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Email to your email address' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.bodyOf('PUT /api/tfa/method')).toEqual({ mfaMethod: 'email' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Validate your device' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Validate' })).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await within(toasts()).findByText('Authentication method has been successfully changed')).toBeInTheDocument();
    expect(api.bodyOf('POST /api/tfa/validate')).toEqual({ mfaMethod: 'email', mfaCode: '246810', deviceId: 'dev-9' });
    expect(screen.getByRole('link', { name: 'Return' })).toHaveAttribute('href', '/clients/');
  });

  it('shows the invalid-code state and requests a new code; a token shows its QR code', async () => {
    const api = routeFetch({
      'GET /api/tfa/details': details,
      'PUT /api/tfa/method': ok({ deviceId: 'dev-1', mfaMethod: 'token', qrCode: 'data:image/png;base64,AAAA', otpauthUri: 'otpauth://totp/x?secret=ABCDEFGH' }),
      'POST /api/tfa/validate': ok({ result: 'bad_otp' }),
    });
    const user = renderSignedIn(<AdditionalVerificationPage />, '/clients/additional-verification');
    await user.click(await screen.findByRole('radio', { name: 'Authenticator app on your phone' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('ABCD EFGH')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, there was a problem with the authentication. You entered an incorrect code. Please request another code and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Request new code' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Validate your device' })).toBeInTheDocument();
    expect(api.calls().filter((call) => call.key === 'PUT /api/tfa/method')).toHaveLength(2);
  });

  it('follows a redirect URL', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    routeFetch({ 'GET /api/tfa/details': details, 'PUT /api/tfa/method': ok({ redirectUrl: 'https://id.example.com/enrol' }) });
    const user = renderSignedIn(<AdditionalVerificationPage />, '/clients/additional-verification');
    await user.click(await screen.findByRole('radio', { name: 'Email to your email address' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://id.example.com/enrol'));
  });

  it('reports a bad registered number with a link to message the adviser, and other failures as a toast', async () => {
    routeFetch({
      'GET /api/tfa/details': details,
      'PUT /api/tfa/method': [fail(400, { api_message: 'invalid_number' }), fail(500, {})],
    });
    const user = renderSignedIn(<AdditionalVerificationPage />, '/clients/additional-verification');
    await user.click(await screen.findByRole('radio', { name: 'Email to your email address' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'There is a problem with your registered Phone Number or Email Address. Please contact your adviser for assistance.',
    );
    expect(within(alert).getByRole('link', { name: 'Send a message to your adviser' })).toHaveAttribute(
      'href',
      '/clients/documents-and-messages/?compose=true',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(toasts()).findByText('An error occurred whilst requesting additional verification code.')).toBeInTheDocument();
  });

  it('says when there is no alternative method', async () => {
    routeFetch({ 'GET /api/tfa/details': ok({ mfaMethod: 'sms', tfaMethods: ['sms'] }) });
    renderSignedIn(<AdditionalVerificationPage />, '/clients/additional-verification');
    expect(await screen.findByText('There is no alternative method of verification available.')).toBeInTheDocument();
  });

  it('asks for a method when none is set yet', async () => {
    routeFetch({ 'GET /api/tfa/details': ok({ mfaMethod: null, tfaMethods: ['sms', 'email'] }) });
    renderSignedIn(<AdditionalVerificationPage />, '/clients/additional-verification');
    expect(await screen.findByText('Please select an additional verification method.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('Biometric permission page', () => {
  it('enables Save only after a change, saves 1 or 0 and says so', async () => {
    const api = routeFetch({
      'GET /api/biometric/permission': ok({ permission: 0 }),
      'PUT /api/biometric/permission': ok({ permission: 1 }),
      'GET /api/biometric/devices': ok([]),
    });
    const user = renderSignedIn(<BiometricPermissionPage />, '/clients/biometric-permission');
    const box = await screen.findByRole('checkbox', { name: 'Grant permission to login via a biometric check' });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(toasts()).findByText('Your permission choice has been set')).toBeInTheDocument();
    expect(api.bodyOf('PUT /api/biometric/permission')).toEqual({ permission: 1 });
    expect(localStorage.getItem('permissionForBiometric')).toBe('1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('in the app, sets this device up on grant, lists it, and forgets it when it is removed', async () => {
    window.settings = { mobileAppMode: true, enableCaching: true, persistFilters: true };
    const device = { device_id: 'bd-1', device_name: 'iPhone', created_at: '2026-11-24T10:00:00Z', last_used_at: null };
    const api = routeFetch({
      'GET /api/biometric/permission': ok({ permission: 0 }),
      'PUT /api/biometric/permission': ok({ permission: 1 }),
      'POST /api/biometric/devices': ok({ device_id: 'bd-1', credential: 'c'.repeat(43) }),
      'GET /api/biometric/devices': [ok([device]), ok([])],
      'DELETE /api/biometric/devices/bd-1': noContent(),
    });
    const user = renderSignedIn(<BiometricPermissionPage />, '/clients/biometric-permission');
    await user.click(await screen.findByRole('checkbox', { name: 'Grant permission to login via a biometric check' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const list = await screen.findByRole('region', { name: 'Devices set up for biometric login' });
    expect(api.bodyOf('POST /api/biometric/devices')).toEqual({ device_name: expect.any(String) });
    expect(await within(list).findByText('(this device)', { exact: false })).toBeInTheDocument();
    expect(JSON.stringify({ ...localStorage })).not.toContain('c'.repeat(43));
    expect(await thisDeviceId()).toBe('bd-1');
    await user.click(within(list).getByRole('button', { name: 'Remove iPhone' }));
    expect(await within(toasts()).findByText('The device can no longer log in with biometrics')).toBeInTheDocument();
    expect(await thisDeviceId()).toBeNull();
    expect(await within(list).findByText(/No devices are set up/)).toBeInTheDocument();
    window.settings = { mobileAppMode: false, enableCaching: true, persistFilters: true };
  });

  it('keeps permission and devices as server state: opening the page again asks nothing more', async () => {
    const device = { device_id: 'bd-1', device_name: 'iPad', created_at: '2026-11-24T10:00:00Z', last_used_at: null };
    const api = routeFetch({ 'GET /api/biometric/permission': ok({ permission: 1 }), 'GET /api/biometric/devices': ok([device]) });
    renderSignedIn(<BiometricPermissionPage />, '/clients/biometric-permission');
    expect(await screen.findByRole('button', { name: 'Remove iPad' })).toBeInTheDocument();
    cleanup();
    renderSignedIn(<BiometricPermissionPage />, '/clients/biometric-permission');
    expect(await screen.findByRole('button', { name: 'Remove iPad' })).toBeInTheDocument();
    const keys = api.calls().map((call) => call.key);
    expect(keys.filter((key) => key === 'GET /api/biometric/permission')).toHaveLength(1);
    expect(keys.filter((key) => key === 'GET /api/biometric/devices')).toHaveLength(1);
  });

  it('refuses answers of another shape: a device list without names is an error toast, not a broken list', async () => {
    routeFetch({
      'GET /api/biometric/permission': ok({ permission: 1 }),
      'GET /api/biometric/devices': ok([{ id: 7, name: 'iPad' }]),
    });
    renderSignedIn(<BiometricPermissionPage />, '/clients/biometric-permission');
    expect(await within(toasts()).findByText('Your devices could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('reads a permission of another shape as a load failure (not granted), never as a value', async () => {
    routeFetch({ 'GET /api/biometric/permission': ok({ permission: 'yes' }), 'GET /api/biometric/devices': ok([]) });
    renderSignedIn(<BiometricPermissionPage />, '/clients/biometric-permission');
    expect(await within(toasts()).findByText('Your permission choice could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Grant permission to login via a biometric check' })).not.toBeChecked();
  });

  it('reports a failed save', async () => {
    routeFetch({
      'GET /api/biometric/permission': ok({ permission: 1 }),
      'PUT /api/biometric/permission': fail(500, {}),
      'GET /api/biometric/devices': ok([]),
    });
    const user = renderSignedIn(<BiometricPermissionPage />, '/clients/biometric-permission');
    await user.click(await screen.findByRole('checkbox', { name: 'Grant permission to login via a biometric check' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(toasts()).findByText('Your permission choice could not be set.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
