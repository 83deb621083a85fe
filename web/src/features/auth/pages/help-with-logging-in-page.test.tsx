import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, useLocation } from 'react-router-dom';
import { fail, noContent, ok, routeFetch } from '../../../test/fetch-routes';
import { renderPage } from '../../../test/render-with-providers';
import HelpWithLoggingInPage from './help-with-logging-in-page';

afterEach(() => vi.unstubAllGlobals());

function PageProbe({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} ${location.search}`}</p>;
}

function renderHelp() {
  const user = userEvent.setup();
  renderPage(<HelpWithLoggingInPage />, {
    path: '/help-with-logging-in',
    route: '/help-with-logging-in',
    extraRoutes: [
      <Route key="login" path="/login" element={<PageProbe name="Login page" />} />,
      <Route key="core" path="/core" element={<PageProbe name="Core" />} />,
    ],
  });
  return user;
}

const passwordForm = () => screen.getByRole('form', { name: 'Forgotten password' });
const usernameForm = () => screen.getByRole('form', { name: 'Forgotten username' });
const questions = ['What was the name of your first pet?', 'In what town or city were you born?'];

describe('Help with logging in: forgotten password', () => {
  it('goes from username to reset code to questions and a new password, then to login', async () => {
    const api = routeFetch({
      'POST /xplanapi/forgotten_password': noContent(),
      'GET /xplanapi/forgotten_password': ok({ questions }),
      'PUT /xplanapi/forgotten_password': noContent(),
    });
    const user = renderHelp();
    await waitFor(() => expect(document.title).toBe('Help with logging in - Harbour & Vale Online'));
    const form = passwordForm();
    await user.click(within(form).getByRole('button', { name: 'Send reset code' }));
    expect(within(form).getByText('Please enter a username')).toBeInTheDocument();
    expect(within(form).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText('Username'), 'demo.client');
    await user.click(within(form).getByRole('button', { name: 'Send reset code' }));
    expect(api.bodyOf('POST /xplanapi/forgotten_password')).toEqual({ user_id: 'demo.client' });

    // enterReset
    const code = await within(passwordForm()).findByLabelText('Reset code');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Continue' }));
    expect(within(passwordForm()).getByText('Please enter your reset code')).toBeInTheDocument();
    await user.type(code, '482913');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Continue' }));
    const checkUrl = api.calls().find((call) => call.key === 'GET /xplanapi/forgotten_password')!.url;
    expect(Object.fromEntries(checkUrl.searchParams)).toEqual({ user_id: 'demo.client', reset_code: '482913' });

    // secQNewPass
    const first = await within(passwordForm()).findByLabelText(questions[0]!);
    await user.click(within(passwordForm()).getByRole('button', { name: 'Reset password' }));
    expect(within(passwordForm()).getAllByText('Answer required')).toHaveLength(2);
    expect(within(passwordForm()).getByText('Password is required')).toBeInTheDocument();
    await user.type(first, 'Biscuit');
    await user.type(within(passwordForm()).getByLabelText(questions[1]!), 'Bath');
    await user.type(within(passwordForm()).getByLabelText('New password'), 'N3w-harbour-pass');
    await user.type(within(passwordForm()).getByLabelText('Confirm new password'), 'N3w-harbour-pas');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Reset password' }));
    expect(within(passwordForm()).getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(within(passwordForm()).getByLabelText('Confirm new password'), 's');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Login page ?passwordChanged=true')).toBeInTheDocument();
    expect(api.bodyOf('PUT /xplanapi/forgotten_password')).toEqual({
      user_id: 'demo.client',
      reset_code: '482913',
      new_password: 'N3w-harbour-pass',
      answers: ['Biscuit', 'Bath'],
    });
  });

  it('shows the reset-code panel and toast for a wrong code, and asks for a new code after three', async () => {
    routeFetch({
      'POST /xplanapi/forgotten_password': noContent(),
      'GET /xplanapi/forgotten_password': fail(400, { api_message: 'Password reset code incorrect or invalid for user' }),
    });
    const user = renderHelp();
    await user.type(within(passwordForm()).getByLabelText('Username'), 'demo.client');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Send reset code' }));
    await user.type(await within(passwordForm()).findByLabelText('Reset code'), '111111');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Continue' }));
    const alert = await within(passwordForm()).findByRole('alert');
    expect(alert).toHaveTextContent('Reset code incorrect');
    expect(alert).toHaveTextContent('The reset code you entered is incorrect or has expired.');
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(within(toasts).getByText('Reset code incorrect')).toBeInTheDocument();
    // What was typed stays.
    expect(within(passwordForm()).getByLabelText('Reset code')).toHaveValue('111111');

    await user.click(within(passwordForm()).getByRole('button', { name: 'Continue' }));
    await user.click(within(passwordForm()).getByRole('button', { name: 'Continue' }));
    expect(await within(passwordForm()).findByText(/entered incorrectly too many times/)).toBeInTheDocument();
    expect(within(passwordForm()).getByLabelText('Username')).toHaveValue('demo.client');
  });

  it('says when a security answer is wrong, and shows other refusals as they are', async () => {
    routeFetch({
      'POST /xplanapi/forgotten_password': noContent(),
      'GET /xplanapi/forgotten_password': ok({ questions }),
      'PUT /xplanapi/forgotten_password': [
        fail(400, { api_message: 'One or more of the arguments are missing or incorrect.' }),
        fail(400, { api_message: 'New password must be at least 8 characters' }),
      ],
    });
    const user = renderHelp();
    await user.type(within(passwordForm()).getByLabelText('Username'), 'demo.client');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Send reset code' }));
    await user.type(await within(passwordForm()).findByLabelText('Reset code'), '482913');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Continue' }));
    await user.type(await within(passwordForm()).findByLabelText(questions[0]!), 'Wrong');
    await user.type(within(passwordForm()).getByLabelText(questions[1]!), 'Bath');
    await user.type(within(passwordForm()).getByLabelText('New password'), 'short');
    await user.type(within(passwordForm()).getByLabelText('Confirm new password'), 'short');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Reset password' }));
    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent(
      'One or both of your security answers are incorrect, please try again or contact us',
    );
    expect(within(passwordForm()).getByLabelText(questions[0]!)).toHaveValue('Wrong');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Reset password' }));
    expect(await within(passwordForm()).findByText('New password must be at least 8 characters')).toBeInTheDocument();
  });
});

describe('Help with logging in: forgotten username', () => {
  it('validates, sends the date as YYYY-MM-DD and goes to /core/ with the usernameSent flag', async () => {
    const api = routeFetch({ 'POST /xplanapi/forgot/username': noContent() });
    const user = renderHelp();
    const form = usernameForm();
    expect(within(form).getByLabelText('Date of birth')).toHaveAccessibleDescription('DD/MM/YYYY, for example 23/04/1961');
    await user.click(within(form).getByRole('button', { name: 'Send my username' }));
    expect(within(form).getByText('Please enter an email address')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a date of birth')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('Email address')).toHaveFocus());
    await user.type(within(form).getByLabelText('Email address'), 'eleanor@example');
    await user.type(within(form).getByLabelText('Date of birth'), '1961-04-23');
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a date in a valid format of DD/MM/YYYY')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Email address'), '.com');
    await user.clear(within(form).getByLabelText('Date of birth'));
    await user.type(within(form).getByLabelText('Date of birth'), '23/04/1961');
    await user.click(within(form).getByRole('button', { name: 'Send my username' }));
    expect(await screen.findByText('Core ?usernameSent=true')).toBeInTheDocument();
    expect(api.bodyOf('POST /xplanapi/forgot/username')).toEqual({
      preferred_email: 'eleanor@example.com',
      role_type: 'client',
      dob: '1961-04-23',
    });
  });

  it('shows the mismatch text and keeps what was typed', async () => {
    routeFetch({ 'POST /xplanapi/forgot/username': fail(400, { api_message: 'email_dob_mismatch' }) });
    const user = renderHelp();
    const form = usernameForm();
    await user.type(within(form).getByLabelText('Email address'), 'eleanor@example.com');
    await user.type(within(form).getByLabelText('Date of birth'), '23/04/1961');
    await user.click(within(form).getByRole('button', { name: 'Send my username' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The supplied email and date of birth does not match our records. Please contact our office.',
    );
    expect(within(form).getByLabelText('Date of birth')).toHaveValue('23/04/1961');
  });
});
