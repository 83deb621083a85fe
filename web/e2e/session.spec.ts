import { checkA11y, expect, logIn, test } from './fixtures';

test('five wrong passwords lock the username, and the lock-out is said even to the right password', async ({ page }) => {
  const wrong = { username: 'demo.lockout', password: 'Fairbrother#1970' };
  for (let attempt = 1; attempt <= 5; attempt++) {
    await logIn(page, wrong);
    await expect(page.getByRole('alert')).toContainText('Either your username or your password is incorrect');
  }
  await logIn(page, { username: 'demo.lockout', password: 'DemoLockout#2026' });
  await expect(page.getByRole('alert')).toContainText('Too many login attempts. Please wait a few minutes and try again.');
  await expect(page).toHaveURL(/\/login/);
  await checkA11y(page);
});

// demo.timeout is on a login profile of 2 minutes (configuration), so the warning is due after
// 1 minute without activity; the browser's clock is moved on rather than waited for.
test('the session-timeout modal appears after the warning time, and Stay logged in keeps the session', async ({ page }) => {
  await page.clock.install();
  const profile = page.waitForResponse((r) => r.url().includes('/sysadmin/loginsetting/login_profile/'));
  await logIn(page, { username: 'demo.timeout', password: 'DemoTimeout#2026' });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Arjun' })).toBeVisible();
  // The shell has read the profile's timeout (2 minutes).
  expect(await (await profile).json()).toMatchObject({ inactive_session_timeout_client: 2 });
  const dialog = page.getByRole('alertdialog', { name: 'Session nearly ending' });
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('00:50');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('00:11');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('You are about to be logged out due to inactivity')).toBeVisible();
  await checkA11y(page);

  const heartbeat = page.waitForResponse((r) => r.url().endsWith('/api/session/heartbeat'));
  await dialog.getByRole('button', { name: 'Stay logged in' }).click();
  expect((await heartbeat).status()).toBe(200);
  await expect(dialog).toBeHidden();
  const user = await page.request.get('/xplanapi/session/user');
  expect(user.status()).toBe(200);

  // The timers started again from the click: no warning 50 seconds on, then the end logs out.
  await page.clock.fastForward('00:50');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('01:11');
  await expect(page).toHaveURL(/\/login\/?\?error=LostSession/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
  expect((await page.request.get('/xplanapi/session/user')).status()).toBe(401);
});
