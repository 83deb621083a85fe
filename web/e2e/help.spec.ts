import type { Page } from '@playwright/test';
import { checkA11y, expect, logIn, nextOutbox, outbox, test } from './fixtures';

// Help with logging in (spec 1 §2, §5, §8). Serial: the reset codes of both users go to
// addresses the outbox log masks alike (***@example.co.uk), so one reset runs at a time.
test.describe.configure({ mode: 'serial' });

const forgottenPassword = (page: Page) => page.getByRole('form', { name: 'Forgotten password' });
const forgottenUsername = (page: Page) => page.getByRole('form', { name: 'Forgotten username' });

/** From the login page to the reset-code field, with the code the outbox received. */
async function requestResetCode(page: Page, username: string): Promise<string> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Help with logging in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help with logging in' })).toBeVisible();
  await checkA11y(page);
  const form = forgottenPassword(page);
  await form.getByRole('button', { name: 'Send reset code' }).click();
  await expect(form.getByText('Please enter a username')).toBeVisible();
  const before = outbox('password reset code').length;
  await form.getByLabel('Username').fill(username);
  await form.getByRole('button', { name: 'Send reset code' }).click();
  await expect(form.getByLabel('Reset code')).toBeVisible();
  return nextOutbox('password reset code', before);
}

async function logInWorks(page: Page, username: string, password: string) {
  await logIn(page, { username, password });
  await expect(page).toHaveURL(/\/clients\//);
}

test('a client without security questions resets the password with the emailed code alone', async ({ page }) => {
  const code = await requestResetCode(page, 'demo.reset');
  const form = forgottenPassword(page);
  // A wrong code: the incorrect-code panel, and the toast.
  await form.getByLabel('Reset code').fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('The reset code you entered is incorrect or has expired.')).toBeVisible();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Reset code incorrect' }).first()).toBeVisible();
  await form.getByLabel('Reset code').fill(code);
  await form.getByRole('button', { name: 'Continue' }).click();

  await expect(form.getByLabel('New password', { exact: true })).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('Kingsdown-Ferry-Biscuit-31');
  await form.getByLabel('Confirm new password').fill('Kingsdown-Ferry-Biscuit-32');
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await checkA11y(page);
  await form.getByLabel('Confirm new password').fill('Kingsdown-Ferry-Biscuit-31');
  await form.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login\?passwordChanged=true/);
  await expect(page.getByText('Your password has been changed. Please log in with your new password.')).toBeVisible();
  await checkA11y(page);
  await logInWorks(page, 'demo.reset', 'Kingsdown-Ferry-Biscuit-31');
});

test('a client with security questions resets the password with the code and both answers', async ({ page }) => {
  const code = await requestResetCode(page, 'demo.forgot');
  const form = forgottenPassword(page);
  await form.getByLabel('Reset code').fill(code);
  await form.getByRole('button', { name: 'Continue' }).click();
  const first = form.getByLabel('What was the name of your first pet?');
  const second = form.getByLabel('What was the name of your first school?');
  await expect(first).toBeVisible();
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(form.getByText('Answer required')).toHaveCount(2);
  await expect(form.getByText('Password is required')).toBeVisible();

  await first.fill('Marmalade');
  await second.fill('Cotham Grammar');
  await form.getByLabel('New password', { exact: true }).fill('Royal-York-Crescent-1964');
  await form.getByLabel('Confirm new password').fill('Royal-York-Crescent-1964');
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(form.getByText('One or both of your security answers are incorrect, please try again or contact us')).toBeVisible();
  await checkA11y(page);

  await second.fill('redland green'); // answers are compared without regard to case
  await form.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login\?passwordChanged=true/);
  await logInWorks(page, 'demo.forgot', 'Royal-York-Crescent-1964');
});

test('a client who forgot their username gets it by email, and a mismatch says so', async ({ page }) => {
  await page.goto('/help-with-logging-in');
  const form = forgottenUsername(page);
  await form.getByRole('button', { name: 'Send my username' }).click();
  await expect(form.getByText('Please enter an email address')).toBeVisible();
  await expect(form.getByText('Please enter a date of birth')).toBeVisible();
  await form.getByLabel('Email address').fill('kwame.mensah');
  await form.getByLabel('Date of birth').fill('1983-04-21');
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Please enter a date in a valid format of DD/MM/YYYY')).toBeVisible();
  await checkA11y(page);

  await form.getByLabel('Email address').fill('kwame.mensah@example.co.uk');
  await form.getByLabel('Date of birth').fill('22/04/1983');
  await form.getByRole('button', { name: 'Send my username' }).click();
  await expect(form.getByText('The supplied email and date of birth does not match our records. Please contact our office.')).toBeVisible();

  const before = outbox('username').length;
  await form.getByLabel('Date of birth').fill('21/04/1983');
  await form.getByRole('button', { name: 'Send my username' }).click();
  await expect(page.getByText('Your username has been sent to your email address.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await nextOutbox('username', before)).toBe('demo.reset');
});
