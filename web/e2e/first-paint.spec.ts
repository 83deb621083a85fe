import type { Browser, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

// The login page paints before any script runs: the portal sends it inside index.html
// (backend/internal/spa/login_shell.go), and the app takes over without moving anything
// (issue 13, deliverable 5). Checked by geometry, never by time: the page as sent (JavaScript
// off) and the page once the app runs must put every part in the same place, and the app's own
// page records no layout shift at all.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1280, height: 800 },
];

// The parts whose place must not change: the cookie notice (a first visit: no consent stored),
// the form's frame, its fields and button, the footer.
const PARTS = ['.cookie-notice', '.login__logo', '.login__heading', '.login-tabs', 'form .field:nth-of-type(1) input', 'form .field:nth-of-type(2) input', 'form .checkbox', 'form .button', '.login__help', 'footer.site-footer'];

type Box = { x: number; y: number; width: number; height: number };

async function boxes(page: Page, scope: string): Promise<Record<string, Box>> {
  return page.evaluate(
    ({ parts, scope }) => {
      const out: Record<string, Box> = {};
      const root = document.querySelector(scope);
      for (const part of parts) {
        const el = root?.querySelector(part);
        if (!el) continue;
        const r = el.getBoundingClientRect();
        out[part] = { x: Math.round(r.x), y: Math.round(r.y + window.scrollY), width: Math.round(r.width), height: Math.round(r.height) };
      }
      return out;
    },
    { parts: PARTS, scope },
  );
}

/** From the next load on, the page sums every layout shift it records (from the first paint). */
async function observeLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Answers a font request after the first paint's wait for it (font-display optional: ~100 ms). */
async function lateFont(route: Route): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await route.continue();
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

/** A browser with JavaScript off: it sees what the portal sends, as the browser first paints it. */
async function withoutScript(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return {
    page,
    open: async (viewport: { width: number; height: number }, path = '/login') => {
      await page.setViewportSize(viewport);
      await page.goto(path);
    },
    close: () => context.close(),
  };
}

test('the login page is in the HTML the portal sends, and the app takes it over without moving anything', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  await observeLayoutShift(page);
  // The firm's font (font-display optional) is used only when it is there for the first paint,
  // so two browsers loading it race each other on a busy machine. The test takes the race away:
  // at the first width (a first visit) the font answers late in both, so both paint with the
  // fallback and the app must not swap it in; from then on both have it cached and paint with it.
  const sent = await withoutScript(browser, baseURL!);
  for (const target of [sent.page, page]) await target.route('**/branding/fonts/**', lateFont);
  for (const viewport of VIEWPORTS) {
    if (viewport === VIEWPORTS[1]) for (const target of [sent.page, page]) await target.unroute('**/branding/fonts/**', lateFont);
    await sent.open(viewport);
    await sent.page.evaluate(() => document.fonts.ready);
    // The shell is there without script: branding, texts of spec 1 §2, the footer; inert and
    // hidden from screen readers; the noscript notice says why nothing works.
    const shell = sent.page.locator('#login-shell');
    await expect(shell).toHaveAttribute('aria-hidden', 'true');
    await expect(shell).toHaveAttribute('inert', '');
    await expect(shell.locator('h1')).toHaveText('Log in to Harbour & Vale Online');
    await expect(shell.locator('.login-tabs__tab')).toHaveText(['Client', 'Adviser']);
    await expect(shell.locator('label')).toHaveText(['Username', 'Password', 'Show password']);
    await expect(shell.locator('form .button')).toHaveText('Login');
    await expect(shell.locator('.login__help a')).toHaveText('Help with logging in');
    await expect(shell.locator('footer .site-footer__copyright')).toContainText('Harbour & Vale Wealth Management Ltd');
    await expect(sent.page.locator('.noscript-notice')).toBeVisible();
    await sent.page.screenshot({ path: test.info().outputPath(`login-${viewport.width}-no-js.png`) });
    const before = await boxes(sent.page, '#login-shell');
    expect(Object.keys(before)).toHaveLength(PARTS.length);

    await page.setViewportSize(viewport);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(page.locator('#login-shell')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    // The font did arrive (late at the first width): both pages have it from here on.
    expect(await page.evaluate(() => document.fonts.check('16px "Open Sans"'))).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`login-${viewport.width}-js.png`) });
    expect(await boxes(page, '#root'), `at ${viewport.width} px`).toEqual(before);
    expect(await layoutShift(page), `layout shift at ${viewport.width} px`).toBe(0);
    // Screen readers hear the form once: the app's.
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveCount(1);
  }
  await sent.close();
});

test('a banner from the query is in the page as sent too (?error=LostSession)', async ({ browser, baseURL, page }) => {
  const sent = await withoutScript(browser, baseURL!);
  // A first visit in both, with the font answering late in both: both paint with the fallback.
  for (const target of [sent.page, page]) await target.route('**/branding/fonts/**', lateFont);
  await sent.open(VIEWPORTS[0], '/login?error=LostSession');
  await expect(sent.page.locator('#login-shell .notice')).toHaveText('Your session has ended. Please log in again.');
  const before = await boxes(sent.page, '#login-shell');
  await sent.close();
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/login?error=LostSession');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page.locator('#login-shell')).toHaveCount(0);
  expect(await boxes(page, '#root')).toEqual(before);
});

test('with cookie consent stored, neither the page as sent nor the app shows the notice: nothing moves', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'OK' }).click();
  await observeLayoutShift(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page.locator('#login-shell')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-cookie-consent', 'true');
  await expect(page.locator('.cookie-notice')).toHaveCount(0);
  expect(await layoutShift(page)).toBe(0);
});

test.describe('the console', () => {
  // A real visit: the service worker registers too (other specs block it).
  test.use({ serviceWorkers: 'allow' });

  test('an anonymous visit to /login leaves the console clean: no errors, no failed requests', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
    });
    page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`${res.status()}: ${new URL(res.url()).pathname}`);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await page.getByLabel('Username').fill('someone');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
