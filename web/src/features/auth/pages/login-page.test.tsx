import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'react-router-dom';
import { adviserUser, clientUser, jsonResponse, renderPage } from '../../../test/render-with-providers';
import LoginPage from './login-page';

// The app's web biometric bridge fails closed; the biometric tests below simulate a passing check.
vi.mock('@portal/mobile', async (original) => (await import('../../../test/simulated-biometric')).simulatedMobile(original));

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const destinations = [
  <Route key="c" path="/clients/*" element={<p>Client section</p>} />,
  <Route key="a" path="/advisers/*" element={<p>Adviser section</p>} />,
];

function renderLogin(path = '/login') {
  return renderPage(<LoginPage />, { path, route: '/login', extraRoutes: destinations });
}

const sentBody = (call = 0) => JSON.parse(fetchMock.mock.calls[call]![1].body as string) as Record<string, unknown>;

describe('LoginPage', () => {
  it('has a titled page, a heading and labelled fields', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to Harbour & Vale Online' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login - Harbour & Vale Online'));
  });

  it('has Client and Adviser tabs that work with the keyboard', async () => {
    const user = userEvent.setup();
    renderLogin();
    const tablist = screen.getByRole('tablist');
    const [client, adviser] = within(tablist).getAllByRole('tab');
    expect(client).toHaveTextContent('Client');
    expect(client).toHaveAttribute('aria-selected', 'true');
    expect(adviser).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', client!.id);
    expect(screen.getByRole('link', { name: 'Help with logging in' })).toHaveAttribute('href', '/help-with-logging-in');

    client!.focus();
    await user.keyboard('{ArrowRight}');
    expect(adviser).toHaveAttribute('aria-selected', 'true');
    expect(adviser).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', adviser!.id);
    // The help link is on the Client tab only.
    expect(screen.queryByRole('link', { name: 'Help with logging in' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(client).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(adviser).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(client).toHaveAttribute('aria-selected', 'true');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('requires both fields', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter a username')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Username'), '   ');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter a username')).toBeInTheDocument();
  });

  it('shows "Logging in..." while busy, then sends a client to the client section', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    await user.type(screen.getByLabelText('Username'), '  demo.client ');
    await user.type(screen.getByLabelText('Password'), 'DemoClient#2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    expect(fetchMock.mock.calls[0]![0]).toBe('/xplanapi/auth/login');
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('include');
    expect(sentBody()).toEqual({ username: 'demo.client', password: 'DemoClient#2026' });

    answer(jsonResponse(200, { loginStatus: 'LoginSuccess', user: clientUser }));
    expect(await screen.findByText('Client section')).toBeInTheDocument();
  });

  it('appends @client on the Adviser tab and sends an adviser to the adviser section', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => jsonResponse(200, { loginStatus: 'LoginSuccess', user: adviserUser }));
    renderLogin();
    await user.click(screen.getByRole('tab', { name: 'Adviser' }));
    await user.type(screen.getByLabelText('Username'), 's.hale');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Adviser section')).toBeInTheDocument();
    expect(sentBody()).toEqual({ username: 's.hale@client', password: 'secret' });
  });

  it.each([
    [401, 'Either your username or your password is incorrect'],
    [403, 'Account has been disabled'],
    [429, 'Too many login attempts. Please wait a few minutes and try again.'],
  ])('shows a %i api_message inline in role=alert, not as a toast', async (status, message) => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => jsonResponse(status, { api_message: message, user_message: 'x' }));
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'demo.client');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByText(message)).not.toBeInTheDocument();
    // Logins are never retried.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the banners of the query flags', () => {
    renderLogin('/login?passwordChanged=true&usernameSent=true&error=LostSession');
    expect(screen.getByText('Your password has been changed. Please log in with your new password.')).toBeInTheDocument();
    expect(screen.getByText('Your username has been sent to your email address.')).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });

  describe('security code (MfaRequired)', () => {
    async function reachMfa() {
      const user = userEvent.setup();
      fetchMock.mockImplementationOnce(async () => jsonResponse(200, { loginStatus: 'MfaRequired', mfaMethod: 'sms', tfaMethods: ['sms'] }));
      renderLogin();
      await user.type(screen.getByLabelText('Username'), 'demo.mfa');
      await user.type(screen.getByLabelText('Password'), 'pw');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await screen.findByRole('heading', { level: 1, name: 'Enter security code' });
      return user;
    }

    it('requires a code: Verify is disabled and the empty field is invalid once left', async () => {
      const user = await reachMfa();
      expect(screen.getByRole('heading', { level: 1, name: 'Enter security code' })).toHaveFocus();
      expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
      await user.click(screen.getByLabelText('Security code'));
      await user.tab();
      expect(screen.getByText('A security code is required')).toBeInTheDocument();
      expect(screen.getByLabelText('Security code')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Security code')).toHaveAccessibleDescription('A security code is required');
      await user.type(screen.getByLabelText('Security code'), '12');
      expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('shows a bad code inline and logs in with a good one', async () => {
      const user = await reachMfa();
      const badOtp =
        'There was an error with the authentication code you entered. A new code has been sent to you. Please try again.';
      fetchMock.mockImplementationOnce(async () => jsonResponse(401, { api_message: 'bad_otp', user_message: badOtp }));
      await user.type(screen.getByLabelText('Security code'), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(badOtp);
      expect(fetchMock.mock.calls[1]![0]).toBe('/xplanapi/auth/tfa/validate');
      expect(sentBody(1)).toEqual({ username: 'demo.mfa', password: 'pw', method: 'sms', code: '000000', loginOnSuccess: true });

      fetchMock.mockImplementationOnce(async () => jsonResponse(200, { loginStatus: 'LoginSuccess', user: clientUser }));
      await user.type(screen.getByLabelText('Security code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Client section')).toBeInTheDocument();
    });

    it('returns to the login form', async () => {
      const user = await reachMfa();
      await user.click(screen.getByRole('button', { name: 'Return to login' }));
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    });
  });
});

describe('Login using biometrics', () => {
  afterEach(() => {
    window.settings = { mobileAppMode: false, enableCaching: true, persistFilters: true };
    localStorage.clear();
  });

  it('is offered only inside the app and only with the biometric permission 1', () => {
    localStorage.setItem('permissionForBiometric', '1');
    const { unmount } = renderLogin();
    expect(screen.queryByRole('button', { name: 'Login using biometrics' })).not.toBeInTheDocument();
    unmount();
    window.settings = { mobileAppMode: true, enableCaching: true, persistFilters: true };
    const app = renderLogin();
    expect(screen.getByRole('button', { name: 'Login using biometrics' })).toBeInTheDocument();
    app.unmount();
    localStorage.setItem('permissionForBiometric', '0');
    renderLogin();
    expect(screen.queryByRole('button', { name: 'Login using biometrics' })).not.toBeInTheDocument();
  });

  it('says why when this device is not set up, and keeps the password form', async () => {
    window.settings = { mobileAppMode: true, enableCaching: true, persistFilters: true };
    localStorage.setItem('permissionForBiometric', '1');
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login using biometrics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Biometric login is not set up on this device any more.');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login using biometrics' })).toBeEnabled();
  });
});
