import { devices, type Page } from '@playwright/test';
import { checkA11y, expect, logIn, test } from './fixtures';
import { FAKE_KEYCHAIN, fakeNativeShell } from './native-shell';

// The app as the native shell shows it, in a phone-sized Chromium: the shell's user-agent marker
// makes the server serve mobileAppMode (spec 1 §3). The real bundle runs unchanged; where a test
// needs the operating system's side (the biometric prompt, the Keychain) it fakes the shell's
// native plugins (native-shell.ts), because the browser's own biometric bridge never passes.
test.use({ ...devices['Pixel 7'], userAgent: `${devices['Pixel 7'].userAgent} WealthPortalApp/1.0` });

const priya = { username: 'demo.assets', password: 'DemoAssets#2026' };

type StoredDevice = { device_id: string; credential: string } | null;

/** The device credential the app keeps in the (fake) Keychain of the native shell. */
async function keychainDevice(page: Page): Promise<StoredDevice> {
  return page.evaluate((key) => {
    const item = (JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, string>)['capacitor-storage_biometric-device'];
    return item ? (JSON.parse(item) as { device_id: string; credential: string }) : null;
  }, FAKE_KEYCHAIN);
}

/** The device credential a browser keeps (the web bridge's IndexedDB store). */
async function browserDevice(page: Page): Promise<StoredDevice> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('portal-secure-store', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('secrets');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('secrets', 'readonly').objectStore('secrets').get('biometric-device');
          get.onsuccess = () => resolve(get.result ? JSON.parse(get.result as string) : null);
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Grants the biometric permission on its page, which enrols this device. */
async function grantBiometricPermission(page: Page) {
  // A phone has one menu (the signed-in shell's side menu), with My Account's links in it.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Biometric login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Biometric permission' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Grant permission to login via a biometric check').check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Your permission choice has been set')).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

test('in the app: no footer, biometric login only with permission, enrol, log in with biometrics, a replayed credential refused', async ({ page, playwright, baseURL }) => {
  await fakeNativeShell(page);
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-mobile-app-mode', 'True');
  expect(await page.evaluate(() => localStorage.getItem('runningInCordova'))).toBe('true');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login using biometrics' })).toHaveCount(0);

  // Grant the permission: the page enrols this device.
  await logIn(page, priya);
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // Inside the signed-in shell the footer is no landmark (it scrolls in the main content): its links are gone too.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Legal and help' })).toHaveCount(0);
  await grantBiometricPermission(page);
  const devicesList = page.getByRole('region', { name: 'Devices set up for biometric login' });
  await expect(devicesList.getByText('(this device)')).toBeVisible();
  await checkA11y(page);
  const enrolled = await keychainDevice(page);
  expect(enrolled?.credential.length).toBeGreaterThanOrEqual(43);
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(enrolled!.credential);

  // Log out; the login page now offers biometrics, which logs straight in.
  await logOut(page);
  const biometric = page.getByRole('button', { name: 'Login using biometrics' });
  await expect(biometric).toBeVisible();
  await checkA11y(page);
  await biometric.click();
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeVisible();
  const rotated = await keychainDevice(page);
  expect(rotated?.device_id).toBe(enrolled!.device_id);
  expect(rotated?.credential).not.toBe(enrolled!.credential);

  // The spent credential, replayed from elsewhere: refused, and the device is revoked.
  const thief = await playwright.request.newContext({ baseURL });
  const replay = await thief.post('/api/biometric/login', { data: { device_id: enrolled!.device_id, credential: enrolled!.credential } });
  expect(replay.status()).toBe(401);
  await thief.dispose();

  // So the app falls back to the password form with a clear message.
  await logOut(page);
  await page.getByRole('button', { name: 'Login using biometrics' }).click();
  await expect(page.getByRole('alert')).toContainText('Biometric login is not set up on this device any more. Please log in with your username and password.');
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(await keychainDevice(page)).toBeNull();
});

test('a browser posing as the app cannot pass the biometric check: the production bundle has no passing simulation', async ({ page }) => {
  // The shell's user agent but no native shell: the app's own (browser) bridges, as shipped.
  const exchanges: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/biometric/login') exchanges.push(request.method());
  });
  // What switched the old browser simulation to passing: the shipped bundle must ignore it.
  await page.addInitScript(() => Object.assign(window, { portalBiometricSimulation: 'pass' }));
  await logIn(page, { username: 'demo.client', password: 'DemoClient#2026' });
  await expect(page).toHaveURL(/\/clients\//);
  await grantBiometricPermission(page);
  await expect.poll(() => browserDevice(page)).not.toBeNull();
  const enrolled = await browserDevice(page);

  await logOut(page);
  await page.getByRole('button', { name: 'Login using biometrics' }).click();
  await expect(page.getByRole('alert')).toContainText('Your biometric check did not succeed. Please log in with your username and password.');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // The check failed before the device credential left the page: nothing was exchanged.
  expect(exchanges).toEqual([]);
  expect(await browserDevice(page)).toEqual(enrolled);
});
