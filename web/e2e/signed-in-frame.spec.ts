import { expect, logins, test } from './fixtures';

// Issue 13 (Lighthouse on /clients/home): a signed-in browser's page of a section is sent with the
// signed-in shell's frame in it (backend/internal/spa/signed_in_frame.go): the header with the
// firm's logo and the cookie notice, the phone's largest paint, painted before any script runs.
// The app's own notice, painted when its shell takes over, must be no larger than the frame's,
// or it would be the largest paint again, as late as before. Checked by sizes, never by time.

const PHONE = { width: 412, height: 823 };

test('a signed-in section page paints the shell frame before any script, and the app takes it over', async ({ browser, baseURL, page }) => {
  const login = await page.request.post('/xplanapi/auth/login', { data: logins.client, headers: { Accept: 'application/json' } });
  expect(login.ok()).toBe(true);

  // The page as sent, without script: the frame, inert and hidden from screen readers.
  const sent = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE, storageState: await page.context().storageState() });
  const sentPage = await sent.newPage();
  await sentPage.goto('/clients/home');
  const frame = sentPage.locator('#signed-in-frame');
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  await expect(frame).toHaveAttribute('inert', '');
  await expect(frame.locator('img')).toHaveAttribute('src', /\/branding\//);
  const sentNotice = frame.locator('.cookie-notice p');
  await expect(sentNotice).toContainText('We use only the cookies needed to keep you securely logged in');
  const sentBox = (await sentNotice.boundingBox())!;
  await sent.close();

  // With script: the app's shell replaces the frame; its notice is no larger.
  await page.setViewportSize(PHONE);
  await page.goto('/clients/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
  await expect(page.locator('#signed-in-frame')).toHaveCount(0);
  const notice = page.getByRole('region', { name: 'Cookie notice' }).locator('p');
  await expect(notice).toHaveCount(1);
  const box = (await notice.boundingBox())!;
  expect(box.width * box.height, `the app's notice ${box.width}x${box.height}, the frame's ${sentBox.width}x${sentBox.height}`).toBeLessThanOrEqual(
    sentBox.width * sentBox.height,
  );

  // Not signed in: the page is sent as before, and the app sends the visitor to log in.
  const anonymous = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const anonymousPage = await anonymous.newPage();
  await anonymousPage.goto('/clients/home');
  await expect(anonymousPage.locator('#signed-in-frame')).toHaveCount(0);
  await anonymous.close();
});
