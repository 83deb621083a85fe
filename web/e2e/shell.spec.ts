import { devices, type Page } from '@playwright/test';
import { checkA11y, expect, logIn, logins, test } from './fixtures';

// The signed-in shell as a new user meets it: on a phone one menu (Ionic's side menu) and a
// readable logo; on a desktop the spec's top navigation; text pages open inside the shell with a
// way back; the cookie policy has one address.

/** The rendered height of the header logo, in CSS pixels. */
const logoHeight = (page: Page) => page.locator('.app-header__logo img').evaluate((img) => img.getBoundingClientRect().height);

test.describe('on a phone', () => {
  // A phone's size and touch, in the suite's Chromium.
  const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('one menu opens from the toolbar, its links work, text pages open inside the shell with a way back', async ({ page }) => {
    await logIn(page, logins.client);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
    // One menu: no My Account button competing with it, no top navigation.
    await expect(page.getByRole('button', { name: 'My Account' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    expect(await logoHeight(page)).toBeGreaterThanOrEqual(40);
    await checkA11y(page);

    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Change password' })).toBeVisible();
    await expect(menu.getByText(/^Last login: /)).toBeVisible();
    await checkA11y(page);

    await menu.getByRole('link', { name: 'Messages and documents' }).click();
    await expect(page).toHaveURL(/\/clients\/documents-and-messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();

    // The footer's text page opens inside the shell: the menu is still there, and Back goes home.
    await page.getByRole('navigation', { name: 'Legal and help' }).getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();

    // Log out from the menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the top navigation and My Account, and text pages inside the shell', async ({ page }) => {
    await logIn(page, logins.client);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    expect(await logoHeight(page)).toBeGreaterThanOrEqual(44);
    await main.getByRole('link', { name: 'Messages and documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Legal and help' }).getByRole('link', { name: 'Terms of use' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await expect(main).toBeVisible();
    await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
    await checkA11y(page);

    // The firm's font from branding is the one in use.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Open Sans"/);
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Open Sans"'))).toBe(true);
  });

  test('an adviser has the top navigation too', async ({ page }) => {
    await logIn(page, logins.adviser, 'Adviser');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
    await checkA11y(page);
  });
});

test('the cookie policy has one address: the others redirect to /core/cookie-policy', async ({ page }) => {
  for (const path of ['/cookie-policy', '/pages/cookie-policy', '/core/cookie-policy']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/core\/cookie-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Legal and help' }).getByRole('link', { name: 'Cookies' })).toHaveAttribute('href', '/core/cookie-policy');
});

test('a missing client page is Page Not Found for every client, whatever their site access', async ({ page }) => {
  for (const who of [logins.client, logins.messages]) {
    await logIn(page, who);
    await expect(page).toHaveURL(/\/clients\//);
    // Every client child has its page since the annual review (issue 18): an unknown segment.
    await page.goto('/clients/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  }
});
