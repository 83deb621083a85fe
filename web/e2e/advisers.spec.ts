import type { Page, TestInfo } from '@playwright/test';
import { checkA11y, expect, logIn, logins, test } from './fixtures';

// An adviser on a tablet (issue 14): 'Your Clients' in both orientations, then a client's view
// (client in context) and back, and another client's view with nothing of the first left.
// demo.adviser has 67 clients (README, "Demo logins").

const rows = (page: Page) => page.locator('.client-table tbody tr');
const caption = (page: Page) => page.locator('.your-clients__results [role="status"]').last();

/** The dates of birth of the rows shown, as YYYY-MM-DD for comparing. */
async function shownBirthDates(page: Page): Promise<string[]> {
  const texts = await page.locator('.client-row__dob').allTextContents();
  return texts.map((text) => new Date(`${text} UTC`).toISOString().slice(0, 10));
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false });
}

const tablets = [
  { name: 'portrait', viewport: { width: 820, height: 1180 } },
  { name: 'landscape', viewport: { width: 1180, height: 820 } },
];

for (const { name, viewport } of tablets) {
  test.describe(`an adviser on a tablet in ${name}`, () => {
    test.use({ viewport, hasTouch: true });

    test('searches as the adviser types, sorts by date of birth and loads more to the end', async ({ page }, testInfo) => {
      // A long walk on a shared 2-core machine: three times the usual limit.
      test.slow();
      await logIn(page, logins.adviser, 'Adviser');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeVisible();
      await expect(caption(page)).toHaveText('Showing the first 20 clients...');
      await expect(rows(page)).toHaveCount(20);
      await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
      await checkA11y(page);
      await screenshot(page, testInfo, `your-clients-${viewport.width}`);

      // Sort by date of birth, both ways.
      const dob = page.getByRole('columnheader', { name: /Date of birth/ });
      await dob.getByRole('button').click();
      await expect(dob).toHaveAttribute('aria-sort', 'ascending');
      await expect(page.locator('.client-table[aria-busy]')).toHaveCount(0);
      const ascending = await shownBirthDates(page);
      expect(ascending).toEqual([...ascending].sort());
      await dob.getByRole('button').click();
      await expect(dob).toHaveAttribute('aria-sort', 'descending');
      await expect(page.locator('.client-table[aria-busy]')).toHaveCount(0);
      const descending = await shownBirthDates(page);
      expect(descending).toEqual([...descending].sort().reverse());
      expect(descending[0]! > ascending[0]!).toBe(true);

      // Load more by bookmark until the end: 67 clients in pages of 20.
      for (const shown of [40, 60]) {
        await page.getByRole('button', { name: 'Load more...' }).click();
        await expect(caption(page)).toHaveText(`Showing the first ${shown} clients...`);
      }
      await page.getByRole('button', { name: 'Load more...' }).click();
      await expect(caption(page)).toHaveText('Showing all clients...');
      await expect(rows(page)).toHaveCount(67);
      await expect(page.getByRole('button', { name: 'Load more...' })).toHaveCount(0);
      const all = await shownBirthDates(page);
      expect(all).toEqual([...all].sort().reverse());

      // Search as the adviser types; the date must be in the locale's short format.
      await page.getByLabel('Client name').fill('Whitfield');
      await expect(rows(page)).toHaveCount(2);
      await expect(caption(page)).toHaveText('Showing all clients...');
      await page.getByLabel('Date of birth').fill('1968-04-17');
      await expect(page.getByText('Please enter a date in a valid format of DD/MM/YYYY')).toBeVisible();
      await checkA11y(page);
      await page.getByLabel('Date of birth').fill('17/04/1968');
      await expect(rows(page)).toHaveCount(1);
      await page.getByLabel('Client name').fill('Nobody');
      await expect(page.getByText('No clients were found. Try widening your search criteria.')).toBeVisible();
    });

    test('opens demo.client in context, returns to the list, opens another client with nothing of the first', async ({ page }, testInfo) => {
      test.slow();
      await logIn(page, logins.adviser, 'Adviser');
      await expect(caption(page)).toHaveText('Showing the first 20 clients...');

      // Open demo.client (Eleanor Whitfield): her home page, with the banner back to the list.
      await page.getByLabel('Client name').fill('Whitfield');
      await expect(rows(page)).toHaveCount(2);
      await page.getByRole('button', { name: 'Whitfield, Eleanor' }).click();
      await expect(page).toHaveURL(/\/clients\/home$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Viewing Eleanor Whitfield' })).toBeVisible();
      await checkA11y(page);
      await screenshot(page, testInfo, `client-home-${viewport.width}`);

      // A reload keeps the client: the portal's session holds it, not the browser.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/Eleanor|Whitfield/);

      // Back to the list, then another client (Priya Raman, demo.assets).
      await page.getByRole('link', { name: 'Viewing Eleanor Whitfield' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeVisible();
      await checkA11y(page);
      await page.getByLabel('Client name').fill('Raman');
      await expect(rows(page)).toHaveCount(1);
      await page.getByRole('button', { name: 'Raman, Priya' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Viewing Priya Raman' })).toBeVisible();
      await expect(page.locator('body')).not.toContainText('Eleanor');
      await expect(page.locator('body')).not.toContainText('Whitfield');
      await page.getByRole('link', { name: 'Messages and documents' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();
      await expect(page.locator('body')).not.toContainText('Whitfield');
      await checkA11y(page);
    });
  });
}

test.describe('a preview and the other widths', () => {
  test('a phone (390 px) and a desktop (1280 px): the list and a client in preview mode', async ({ page }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, logins.adviser, 'Adviser');
    await expect(caption(page)).toHaveText('Showing the first 20 clients...');
    // Cards, not a table: one labelled list item per client, nothing wider than the phone.
    const cards = page.getByRole('list', { name: 'Clients' }).getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = await page.locator('.your-clients').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'the list scrolls sideways').toBeLessThanOrEqual(0);
    for (const box of await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(390);
    await checkA11y(page);
    await screenshot(page, testInfo, 'your-clients-390');
    await cards.nth(1).screenshot({ path: testInfo.outputPath('your-clients-card-390.png') });

    // Sorting on a phone: the "Sort by" select, both ways by date of birth.
    await page.getByLabel('Sort by').selectOption('Date of birth (oldest first)');
    await expect(page.locator('.client-cards[aria-busy]')).toHaveCount(0);
    await expect.poll(async () => shownBirthDates(page).then((dates) => dates.join() === [...dates].sort().join())).toBe(true);
    await page.getByLabel('Sort by').selectOption('Date of birth (youngest first)');
    await expect.poll(async () => shownBirthDates(page).then((dates) => dates.join() === [...dates].sort().reverse().join())).toBe(true);
    await page.getByLabel('Sort by').selectOption('Name (A to Z)');

    // Eleanor seen with the Messages portal view: a preview, landing on messages and documents.
    await page.getByLabel('Client name').fill('Whitfield');
    await expect(cards).toHaveCount(2);
    const eleanor = cards.filter({ has: page.getByRole('heading', { name: 'Whitfield, Eleanor' }) });
    await eleanor.getByLabel('Portal view for Whitfield, Eleanor').selectOption('Messages');
    await expect(eleanor).toContainText('Preview');
    await checkA11y(page);
    await page.locator('.your-clients__results').screenshot({ path: testInfo.outputPath('your-clients-cards-390.png') });
    await eleanor.getByRole('button', { name: 'Open Whitfield, Eleanor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();
    await expect(page.getByText('Preview: Messages view')).toBeVisible();
    await checkA11y(page);
    await screenshot(page, testInfo, 'client-preview-390');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('link', { name: 'Viewing Eleanor Whitfield' })).toBeVisible();
    await checkA11y(page);
    await screenshot(page, testInfo, 'client-preview-1280');
    await page.getByRole('link', { name: 'Viewing Eleanor Whitfield' }).click();
    await expect(caption(page)).toHaveText('Showing the first 20 clients...');
    await expect(rows(page)).toHaveCount(20);
    await checkA11y(page);
    await screenshot(page, testInfo, 'your-clients-1280');
  });
});
