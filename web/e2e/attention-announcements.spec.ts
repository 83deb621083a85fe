import type { Page, Response } from '@playwright/test';
import { checkA11y, expect, logIn, logins, openDashboard, test } from './fixtures';

// The attention panel and announcements (issue 18, deliverable 3; spec 3 §2.5, §2.7, §4.6) against
// the real portal, at a phone's, a tablet's and a desktop's width: demo.client's panel agrees with
// the platform's own answers and its links land on the filtered folders; the home announcement
// (hash 134) closes for the visit, or for good with 'Don't show this again' (a cookie that
// outlives a reload and a new login in the same browser); the documents page shows announcement
// 135; an adviser with demo.client in context gets no attention panel. Read-only for demo.client's
// documents: other specs sign and read them, so the expected counts are taken from the answers
// the page itself received, and the Important only folder (which opens, and so reads, its first
// document on wider screens) is opened at the phone's width only.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1280, height: 900 },
];

const HOME_ANNOUNCEMENT = 'Changes to our charges from 1 January 2027';
const DOCUMENTS_ANNOUNCEMENT = 'New: sign documents online';

/** The panel's texts, as spec 3 §2.5 is read in the README (pluralised; a full page reads n+). */
const importantText = (n: number) => `${n >= 20 ? '20+' : n} important ${n === 1 ? 'document' : 'documents'} to read`;
const toSignText = (n: number) => `${n >= 100 ? '100+' : n} ${n === 1 ? 'document' : 'documents'} to sign`;

interface Counts {
  important: number;
  toSign: number;
}

/** Waits for the home's two count answers (registered before the home loads) and counts them. */
function countsFromAnswers(page: Page): Promise<Counts> {
  const isImportant = (r: Response) => {
    const url = new URL(r.url());
    return url.pathname === '/xplanapi/docnote-v2' && url.searchParams.has('categories.0') && url.searchParams.get('page_size') === '20';
  };
  const isToSign = (r: Response) => new URL(r.url()).pathname === '/xplanapi/digital_signature' && r.request().method() === 'GET';
  return Promise.all([page.waitForResponse(isImportant), page.waitForResponse(isToSign)]).then(async ([important, toSign]) => {
    const docs = (await important.json()) as unknown[];
    const items = (await toSign.json()) as { status: number; duedate: string | null }[];
    return { important: docs.length, toSign: items.filter((i) => (i.status === 4 || i.status === 0) && !!i.duedate).length };
  });
}

const attention = (page: Page) => page.getByRole('region', { name: 'For your attention' });
const homeAnnouncement = (page: Page) => page.getByRole('region', { name: HOME_ANNOUNCEMENT });

async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.app-content__inner').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

for (const viewport of WIDTHS) {
  test.describe(`demo.client at ${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: viewport.width < 1024 });

    test('the attention panel counts what the platform says, and its links open the filtered folders', async ({ page }, testInfo) => {
      const answered = countsFromAnswers(page);
      await openDashboard(page, 'client');
      const counts = await answered;
      if (counts.important === 0 && counts.toSign === 0) {
        await expect(homeAnnouncement(page)).toBeVisible();
        await expect(attention(page)).toHaveCount(0);
        return;
      }
      const panel = attention(page);
      await expect(panel).toBeVisible();
      // The panel is above the dashboard's heading from the first frame (nothing is pushed down later).
      const panelBox = (await panel.boundingBox())!;
      const headingBox = (await page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' }).boundingBox())!;
      expect(panelBox.y).toBeLessThan(headingBox.y);
      const important = panel.getByRole('link', { name: importantText(counts.important) });
      const toSign = panel.getByRole('link', { name: toSignText(counts.toSign) });
      await expect(important).toHaveCount(counts.important > 0 ? 1 : 0);
      await expect(toSign).toHaveCount(counts.toSign > 0 ? 1 : 0);
      await expect(panel.getByRole('link')).toHaveCount((counts.important > 0 ? 1 : 0) + (counts.toSign > 0 ? 1 : 0));
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`home-attention-${viewport.width}.png`));

      if (counts.toSign > 0) {
        await expect(toSign).toHaveAttribute('href', '/clients/documents-and-messages/?toBeSigned=true');
        await toSign.click();
        await expect(page).toHaveURL(/\/clients\/documents-and-messages\/\?toBeSigned=true$/);
        await expect(page.getByRole('heading', { level: 2, name: 'To be signed' })).toBeVisible();
        await expect(page.getByRole('list', { name: 'Documents to sign' }).getByRole('button', { name: /Awaiting signature/ }).first()).toBeVisible();
        await page.goBack();
        await expect(attention(page)).toBeVisible();
      }
      if (counts.important > 0) {
        await expect(important).toHaveAttribute('href', '/clients/documents-and-messages/?importantOnly=true');
        if (viewport.width < 768) {
          // On a phone the folder opens no document, so following the link reads nothing.
          await important.click();
          await expect(page).toHaveURL(/\/clients\/documents-and-messages\/\?importantOnly=true$/);
          const folder = page.getByRole('combobox', { name: /Folder/ }).or(page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: /^Important only/ }));
          await expect(folder.first()).toBeVisible();
          await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first()).toBeVisible();
        }
      }
    });

    test("'Don't show this again' and Close hide the home announcement for good; Close alone only for the visit", async ({ page, context }, testInfo) => {
      // What the page writes to document.cookie, as written (the browser may shorten the expiry).
      await page.addInitScript(() => {
        const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
        const w = window as unknown as { cookiesWritten: string[] };
        w.cookiesWritten = [];
        Object.defineProperty(document, 'cookie', {
          configurable: true,
          get: () => cookie.get!.call(document),
          set: (value: string) => {
            w.cookiesWritten.push(value);
            cookie.set!.call(document, value);
          },
        });
      });
      const written = () => page.evaluate(() => (window as unknown as { cookiesWritten: string[] }).cookiesWritten.filter((c) => c.startsWith('announcement-')));
      await openDashboard(page, 'client');
      const announcement = homeAnnouncement(page);
      await expect(announcement).toBeVisible();
      await expect(announcement.getByRole('link', { name: 'schedule of charges' })).toHaveAttribute('rel', 'noopener noreferrer');
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`home-announcement-${viewport.width}.png`));

      // Close alone: gone for this visit, back after a reload; no cookie.
      await announcement.getByRole('button', { name: 'Close' }).click();
      await expect(announcement).toHaveCount(0);
      await expect(page.locator('#main-content')).toBeFocused();
      expect((await context.cookies()).map((c) => c.name)).not.toContain('announcement-hidden-134');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
      await expect(announcement).toBeVisible();

      // With the box ticked: a cookie keyed on the hash, to 2099, and hidden from then on.
      await announcement.getByRole('checkbox', { name: "Don't show this again" }).check();
      await announcement.getByRole('button', { name: 'Close' }).click();
      await expect(announcement).toHaveCount(0);
      // Written keyed on the hash with an expiry in 2099 (spec 3 §4.6, §9), over plain http not Secure.
      expect(await written()).toEqual([expect.stringMatching(/^announcement-hidden-134=[0-9a-f]{8}; expires=Thu, 31 Dec 2099 23:59:59 GMT; path=\/; SameSite=Lax$/)]);
      const cookie = (await context.cookies()).find((c) => c.name === 'announcement-hidden-134');
      expect(cookie, 'the announcement cookie').toBeTruthy();
      // Chromium keeps no cookie longer than 400 days, whatever it asks for: it keeps this one that long.
      expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 24 * 3600 * 1000);
      expect(cookie!.secure).toBe(false);
      expect(cookie!.path).toBe('/');
      expect(cookie!.sameSite).toBe('Lax');
      expect(cookie!.httpOnly).toBe(false);
      expect(cookie!.value).toMatch(/^[0-9a-f]{8}$/);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
      await expect(announcement).toHaveCount(0);
      // Each visit writes it again, so the browser's cap starts again.
      await expect.poll(written).toHaveLength(1);
      // A new login in the same browser: still hidden.
      expect((await page.request.delete('/xplanapi/session')).ok()).toBe(true);
      await logIn(page, logins.client);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
      await expect(announcement).toHaveCount(0);
      await checkA11y(page);
    });

    test('the documents page shows announcement 135', async ({ page }, testInfo) => {
      await logIn(page, logins.client);
      await expect(page).toHaveURL(/\/clients\/home/);
      await page.goto('/clients/documents-and-messages/?toBeSigned=true');
      await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();
      const announcement = page.getByRole('region', { name: DOCUMENTS_ANNOUNCEMENT });
      await expect(announcement).toBeVisible();
      await expect(announcement.getByRole('listitem')).toHaveCount(3);
      await expect(page.getByRole('region', { name: HOME_ANNOUNCEMENT })).toHaveCount(0);
      await checkA11y(page);
      await page.screenshot({ path: testInfo.outputPath(`documents-announcement-${viewport.width}.png`) });
      await announcement.getByRole('button', { name: 'Close' }).click();
      await expect(announcement).toHaveCount(0);
    });
  });
}

test.describe('demo.adviser with demo.client in context (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('sees no attention panel and asks for no count', async ({ page }, testInfo) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/xplanapi/digital_signature' || path === '/xplanapi/docnote-v2/category') asked.push(path);
    });
    await openDashboard(page, 'adviser');
    await expect(page.locator('.account-tile[data-account] [data-figure="value"]').first()).toHaveText(/\d/);
    await expect(attention(page)).toHaveCount(0);
    // The firm's announcement is not the client's data: the adviser sees what the client sees.
    await expect(homeAnnouncement(page)).toBeVisible();
    expect(asked).toEqual([]);
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('home-adviser-1280.png') });
  });
});
