import { devices, type Page } from '@playwright/test';
import { checkA11y, expect, logIn, test } from './fixtures';

// The app inside the native shell, as far as a browser can show it: the shell's user-agent
// marker makes the server serve mobileAppMode (spec 1 §3), and the web bridges stand in for the
// native ones (the biometric check passes; secure storage is IndexedDB).
test.use({ ...devices['Pixel 7'], userAgent: `${devices['Pixel 7'].userAgent} WealthPortalApp/1.0` });

const priya = { username: 'demo.assets', password: 'DemoAssets#2026' };

/** The device credential the app keeps (the web bridge's IndexedDB store). */
async function storedDevice(page: Page): Promise<{ device_id: string; credential: string } | null> {
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

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

test('in the app: no footer, biometric login only with permission, enrol, log in with biometrics, a replayed credential refused', async ({ page, playwright, baseURL }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-mobile-app-mode', 'True');
  expect(await page.evaluate(() => localStorage.getItem('runningInCordova'))).toBe('true');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login using biometrics' })).toHaveCount(0);

  // Grant the permission: the page enrols this device.
  await logIn(page, priya);
  await expect(page).toHaveURL(/\/clients\//);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Biometric login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Biometric permission' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Grant permission to login via a biometric check').check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Your permission choice has been set')).toBeVisible();
  const devicesList = page.getByRole('region', { name: 'Devices set up for biometric login' });
  await expect(devicesList.getByText('(this device)')).toBeVisible();
  await checkA11y(page);
  const enrolled = await storedDevice(page);
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
  const rotated = await storedDevice(page);
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
  expect(await storedDevice(page)).toBeNull();
});
