import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router-dom';
import { fail, noContent, ok, routeFetch } from '../../../test/fetch-routes';
import { clientUser, renderPage } from '../../../test/render-with-providers';
import LoginPage from './login-page';

afterEach(() => vi.unstubAllGlobals());

const destinations = [<Route key="c" path="/clients/*" element={<p>Client section</p>} />];

async function logIn(routes: Parameters<typeof routeFetch>[0]) {
  const api = routeFetch(routes);
  const user = userEvent.setup();
  renderPage(<LoginPage />, { path: '/login', route: '/login', extraRoutes: destinations });
  await user.type(screen.getByLabelText('Username'), 'demo.client');
  await user.type(screen.getByLabelText('Password'), 'Old#Pass1');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return { api, user };
}

const pet = 'What was the name of your first pet?';
const city = 'In what town or city were you born?';

describe('additional login steps', () => {
  it('takes site terms, security questions and the password change in order, then logs in', async () => {
    const { api, user } = await logIn({
      'POST /xplanapi/auth/login': ok({
        loginStatus: 'SiteTerms',
        additionalLoginSteps: ['ForceChangePassword', 'SiteTerms', 'SetSecurityQuestions'],
        user: clientUser,
        siteTerms: { heading: 'Portal terms', disclaimer: '<p>Please read these terms.</p><script>alert(1)</script>' },
      }),
      'POST /xplanapi/entity/client-v3/1001/terms_and_conditions': noContent(),
      'GET /xplanapi/site': ok({ version: '22.8.240' }),
      'POST /xplanapi/session/password_reset_questions': noContent(),
      'POST /xplanapi/auth/password': noContent(),
      'GET /xplanapi/session/user': ok(clientUser),
    });

    // Site terms: sanitised, Agree and Continue.
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal terms' })).toHaveFocus();
    await waitFor(() => expect(document.title).toBe('Portal terms - Harbour & Vale Online'));
    expect(screen.getByRole('region', { name: 'Portal terms' })).toHaveTextContent('Please read these terms.');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agree and Continue' }));
    const terms = api.bodyOf('POST /xplanapi/entity/client-v3/1001/terms_and_conditions') as Record<string, string>;
    expect(terms.desc).toBe('Login Disclaimer');
    expect(terms.content).toContain('Please read these terms.');
    expect(new Date(terms.agreed_date!).toString()).not.toBe('Invalid Date');

    // Security questions (platform 22.8.240: answers of at least 8 characters).
    expect(await screen.findByRole('heading', { level: 1, name: 'Set security questions' })).toBeInTheDocument();
    const q1 = await screen.findByLabelText('Question 1');
    expect(within(q1).getAllByRole('option')).toHaveLength(10); // Please select, 8 presets, Other
    await user.selectOptions(q1, pet);
    await user.type(screen.getByLabelText('Answer 1'), 'Biscuits');
    await user.selectOptions(screen.getByLabelText('Question 2'), 'Other');
    await user.type(screen.getByLabelText('Your own question 2'), 'Name of my first boat?');
    await user.type(screen.getByLabelText('Answer 2'), 'Seafarer');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(api.bodyOf('POST /xplanapi/session/password_reset_questions')).toEqual({
        questions: [
          { question: pet, answer: 'Biscuits' },
          { question: 'Name of my first boat?', answer: 'Seafarer' },
        ],
      }),
    );

    // Forced password change with the strength meter.
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm password' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Please enter a password'), 'correct horse battery staple 1972!');
    expect(await screen.findByText('Password strength: Very Strong', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(screen.getByLabelText('Please enter a password')).toHaveAttribute('type', 'text');
    await user.click(confirm);
    expect(await screen.findByText('Client section')).toBeInTheDocument();
    expect(api.bodyOf('POST /xplanapi/auth/password')).toEqual({
      username: 'demo.client',
      password: 'Old#Pass1',
      new_password: 'correct horse battery staple 1972!',
    });
    expect(api.calls().map((call) => call.key).at(-1)).toBe('GET /xplanapi/session/user');
  }, 20_000);

  it('declining the terms ends the session and returns to the form with a message', async () => {
    const { api, user } = await logIn({
      'POST /xplanapi/auth/login': ok({ loginStatus: 'SiteTerms', additionalLoginSteps: ['SiteTerms'], user: clientUser }),
      'DELETE /xplanapi/session': noContent(),
    });
    // No terms in the answer: the configured site terms are shown.
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You need to agree to the terms of use to log in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls().some((call) => call.key === 'DELETE /xplanapi/session')).toBe(true));
  });

  it('validates the security questions with every message of spec 1 §5', async () => {
    const { user } = await logIn({
      'POST /xplanapi/auth/login': ok({ loginStatus: 'SetSecurityQuestions', additionalLoginSteps: ['SetSecurityQuestions'], user: clientUser }),
      'GET /xplanapi/site': ok({ version: '22.9.237' }),
      'POST /xplanapi/session/password_reset_questions': fail(400, { api_message: 'Answers must not contain your name' }),
    });
    const q1 = await screen.findByLabelText('Question 1');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    await user.click(q1);
    await user.tab();
    expect(screen.getByText('Please enter a security question.')).toBeInTheDocument();
    expect(q1).toHaveAttribute('aria-invalid', 'true');
    expect(q1).toHaveAccessibleDescription('Please enter a security question.');

    await user.selectOptions(q1, 'Other');
    await user.click(screen.getByLabelText('Your own question 1'));
    await user.tab();
    expect(screen.getByText('Please enter a security question.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Your own question 1'));
    await user.paste('x'.repeat(257));
    expect(screen.getByText('Question needs to be at most 256 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Your own question 1'));
    await user.type(screen.getByLabelText('Your own question 1'), 'My first car?');

    const a1 = screen.getByLabelText(/^Answer 1/);
    await user.click(a1);
    await user.tab();
    expect(screen.getByText('Please enter an answer to your security question.')).toBeInTheDocument();
    await user.type(a1, 'Mini');
    expect(screen.getByText('Answer needs to be at least 8 characters')).toBeInTheDocument();
    expect(a1).toHaveAccessibleDescription('At least 8 characters. Answer needs to be at least 8 characters');
    await user.clear(a1);
    await user.click(a1);
    await user.paste('a'.repeat(257));
    expect(screen.getByText('Answer needs to be at most 256 characters')).toBeInTheDocument();
    await user.clear(a1);
    await user.type(a1, 'Austin Mini');

    await user.selectOptions(screen.getByLabelText('Question 2'), 'Other');
    await user.type(screen.getByLabelText('Your own question 2'), 'my FIRST car? ');
    await user.tab();
    expect(screen.getByText('Please select two different security questions.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Question 2'), city);
    await user.type(screen.getByLabelText(/^Answer 2/), 'Bathwick Hill');
    expect(screen.queryByText('Please select two different security questions.')).not.toBeInTheDocument();
    expect(continueButton).toBeEnabled();

    // A refusal from the server is shown inline and nothing typed is lost.
    await user.click(continueButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('Answers must not contain your name');
    expect(screen.getByLabelText(/^Answer 2/)).toHaveValue('Bathwick Hill');
  });

  it('needs no minimum answer length on other platform versions', async () => {
    const { user } = await logIn({
      'POST /xplanapi/auth/login': ok({ loginStatus: 'SetSecurityQuestions', additionalLoginSteps: ['SetSecurityQuestions'], user: clientUser }),
      'GET /xplanapi/site': fail(403, {}),
    });
    await user.selectOptions(await screen.findByLabelText('Question 1'), pet);
    await user.type(screen.getByLabelText('Answer 1'), 'Rex');
    await user.selectOptions(screen.getByLabelText('Question 2'), city);
    await user.type(screen.getByLabelText('Answer 2'), 'Bath');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('shows a refused new password inline and keeps it', async () => {
    const { user } = await logIn({
      'POST /xplanapi/auth/login': ok({ loginStatus: 'ForceChangePassword', additionalLoginSteps: ['ForceChangePassword'], user: clientUser }),
      'POST /xplanapi/auth/password': fail(400, { api_message: 'New password must differ from the current password' }),
      'DELETE /xplanapi/session': noContent(),
    });
    await user.type(await screen.findByLabelText('Please enter a password'), 'Old#Pass1');
    await user.click(screen.getByRole('button', { name: 'Confirm password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('New password must differ from the current password');
    expect(screen.getByLabelText('Please enter a password')).toHaveValue('Old#Pass1');
    await user.click(screen.getByRole('button', { name: 'Return to login' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('device enrolment at login', () => {
  const enrolmentStart = ok({ loginStatus: 'MfaEnrolmentLinkDevice', tfaMethods: ['sms', 'email', 'token'] });

  it('enrols an authenticator app with the QR code, then asks for one more code and logs in', async () => {
    const { api, user } = await logIn({
      'POST /xplanapi/auth/login': enrolmentStart,
      'POST /xplanapi/auth/tfa/device': ok({
        loginStatus: 'MfaEnrolmentValidateDevice',
        deviceId: 'dev-1',
        method: 'token',
        otpauthUri: 'otpauth://totp/Harbour:demo.client?secret=JBSWY3DPEHPK3PXP&issuer=Harbour',
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      }),
      'POST /xplanapi/auth/tfa/validate': [
        ok({ loginStatus: 'MfaRequired', deviceEnrolled: true, mfaMethod: 'token', tfaMethods: ['token'] }),
        ok({ loginStatus: 'LoginSuccess', user: clientUser }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Additional verification' })).toBeInTheDocument();
    // Nothing chosen yet.
    await user.click(screen.getByRole('button', { name: 'Select and continue' }));
    expect(screen.getByText('Please select an additional verification method.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Authenticator app on your phone' }));
    await user.click(screen.getByRole('button', { name: 'Select and continue' }));
    expect(api.bodyOf('POST /xplanapi/auth/tfa/device')).toEqual({ username: 'demo.client', password: 'Old#Pass1', method: 'token' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Validate your device' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const validate = screen.getByRole('button', { name: 'Validate' });
    expect(validate).toBeDisabled();
    await user.click(screen.getByLabelText('Security code'));
    await user.tab();
    expect(screen.getByText('Please enter the verification code sent to you')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Security code'), '123 456');
    await user.click(validate);
    expect(api.bodyOf('POST /xplanapi/auth/tfa/validate')).toEqual({
      username: 'demo.client',
      password: 'Old#Pass1',
      method: 'token',
      code: '123456',
      device_id: 'dev-1',
      loginOnSuccess: false,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter security code' })).toBeInTheDocument();
    expect(screen.getByText(/Your device is now set up for additional verification/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Security code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Client section')).toBeInTheDocument();
    expect(api.bodyOf('POST /xplanapi/auth/tfa/validate', 1)).toMatchObject({ method: 'token', code: '654321', loginOnSuccess: true });
  });

  it('shows the incorrect-code screen and requests a new code', async () => {
    const { api, user } = await logIn({
      'POST /xplanapi/auth/login': enrolmentStart,
      'POST /xplanapi/auth/tfa/device': [ok({ deviceId: 'dev-1', method: 'sms' }), ok({ deviceId: 'dev-2', method: 'sms' })],
      'POST /xplanapi/auth/tfa/validate': ok({ loginStatus: 'MfaEnrolmentLinkDeviceInvalidOtp' }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Text message to your mobile phone' }));
    await user.click(screen.getByRole('button', { name: 'Select and continue' }));
    expect(await screen.findByText(/We have sent a security code by text message/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Security code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, there was a problem with the authentication. You entered an incorrect code. Please request another code and try again.',
    );
    expect(screen.getByRole('button', { name: 'Return to login' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request new code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Validate your device' })).toBeInTheDocument();
    expect(api.calls().filter((call) => call.key === 'POST /xplanapi/auth/tfa/device')).toHaveLength(2);
  });

  it('says when no method can be enrolled', async () => {
    await logIn({ 'POST /xplanapi/auth/login': ok({ loginStatus: 'MfaEnrolmentLinkDevice', tfaMethods: [] }) });
    expect(
      await screen.findByText('There is no available additional verification method. Please contact your advisor for assistance.'),
    ).toBeInTheDocument();
  });

  it('reports a problem with the registered number inline and other failures as a toast', async () => {
    const { user } = await logIn({
      'POST /xplanapi/auth/login': enrolmentStart,
      'POST /xplanapi/auth/tfa/device': [fail(400, { api_message: 'invalid_number' }), fail(500, {})],
    });
    await user.click(await screen.findByRole('radio', { name: 'Email to your email address' }));
    await user.click(screen.getByRole('button', { name: 'Select and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is a problem with your registered Phone Number or Email Address. Please contact your adviser for assistance.',
    );
    await user.click(screen.getByRole('button', { name: 'Select and continue' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('An error occurred whilst requesting additional verification code.')).toBeInTheDocument();
  });
});
