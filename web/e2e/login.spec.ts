import { checkA11y, expect, latestOutboxCode, logIn, logins, test } from './fixtures';

const product = 'Harbour & Vale Online';

test('a client logs in and lands under /clients/ with the greeting', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page).toHaveTitle(`Login - ${product}`);
  await checkA11y(page);
  await logIn(page, logins.client);
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
  await expect(page).toHaveTitle(`Home - ${product}`);
  await checkA11y(page);
});

test('an adviser logs in on the Adviser tab and lands under /advisers/', async ({ page }) => {
  await logIn(page, logins.adviser, 'Adviser');
  await expect(page).toHaveURL(/\/advisers\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeVisible();
  await expect(page).toHaveTitle(`Your Clients - ${product}`);
  await checkA11y(page);
});

test('a wrong password is refused with the spec text and nothing else happens', async ({ page }) => {
  await logIn(page, { username: 'demo.client', password: 'not-the-password' });
  await expect(page.getByRole('alert')).toContainText('Either your username or your password is incorrect');
  await expect(page).toHaveURL(/\/login/);
  // The username stays so the user can try again.
  await expect(page.getByLabel('Username')).toHaveValue('demo.client');
  await checkA11y(page);
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page that you asked for doesn't exist or has been moved. Please contact your adviser if this problem persists.")).toBeVisible();
  await checkA11y(page);
});

test('Log out returns to the login page and the old session cookie no longer works', async ({ page, context, playwright, baseURL }) => {
  await logIn(page, logins.client);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'portal_session');
  expect(cookie?.httpOnly).toBe(true);
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // Replay the cookie the browser had before logging out: the server has revoked its session.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `portal_session=${cookie?.value}` } });
  const res = await api.get('/xplanapi/session/user');
  expect(res.status()).toBe(401);
  expect((await res.json()).api_message).toBe('This feature is not available without a valid session');
  await api.dispose();
});

test('a client whose login needs an SMS code logs in with the code from the outbox', async ({ page }) => {
  await logIn(page, logins.mfa);
  const code = page.getByLabel('Security code');
  await expect(code).toBeVisible();
  await checkA11y(page);
  await code.fill(latestOutboxCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Aisha' })).toBeVisible();
});

test('a client is refused the adviser section', async ({ page }) => {
  await logIn(page, logins.client);
  await expect(page).toHaveURL(/\/clients\//);
  await page.goto('/advisers/');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You are not authorised to view the page that you requested. Please contact your adviser if this problem persists.')).toBeVisible();
  await checkA11y(page);
});

test('a Messages-access client lands on documents and messages', async ({ page }) => {
  await logIn(page, logins.messages);
  await expect(page).toHaveURL(/\/clients\/documents-and-messages/);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();
});
