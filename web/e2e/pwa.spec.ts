import { checkA11y, expect, logIn, logins, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });

test('the PWA: manifest from the site configuration, service worker, offline reload shows the app, no personal data cached', async ({ page, context }) => {
  await page.goto('/login');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: 'Harbour & Vale Online', display: 'standalone', start_url: '/', theme_color: '#0b3954' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toContain('512x512');

  // The service worker registers (after load) and takes control.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // Installable, as Chromium judges it (manifest, icons, service worker); a test browser's
  // context is an incognito one, which is the only objection allowed.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  await cdp.detach();

  // Sign in and out once online, so the API has been used through the worker.
  await logIn(page, logins.client);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => /^\/(xplanapi|api|bff)\//.test(path))).toEqual([]);
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // Offline: a reload still shows the app (the shell and the cached site configuration), which
  // says it is offline.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Harbour & Vale Online' })).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await checkA11y(page);
  await context.setOffline(false);
});
