import type { Locator, Page, Request } from '@playwright/test';
import { checkA11y, expect, openDashboard, test } from './fixtures';

// The dashboard of an adviser with demo.client in context (issue 15, spec 2 §2.1 read-only for
// advisers, spec 3 §2.6, §4.5): demo.adviser opens Eleanor Whitfield from Your Clients; her
// dashboard shows the figures the platform's profit analysis gives (asked for here, in the
// adviser's session, to the penny) after two data round trips, under 'Viewing Eleanor Whitfield',
// with nothing that writes; axe at each width, screenshots at 1280, 820 and 390 px (saved in the
// test output). Then another client (Aisha Patel, demo.mfa) with nothing of Eleanor's left.

type Typed = { _type: string; _val: unknown };
type Total = Record<string, Typed> & { accounts_count: number };
const money = (v: Typed) => (v._val as { value: { _val: string } }).value._val;
const gbp = (text: string, decimals: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(text));
const pct = (v: Typed) => {
  const n = Number(v._val);
  return `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;
};

/** Requests that carry portfolio data: batches with portfolio items and direct portfolio calls. */
function isDataRequest(request: Request): boolean {
  const url = new URL(request.url());
  if (url.pathname === '/xplanapi/' && request.method() === 'POST') {
    return /portfolio|account_user_visibility_link|profit_analysis/.test(request.postData() ?? '');
  }
  return /^\/xplanapi\/(portfolio|entity\/client\/\d+\/portfolio)/.test(url.pathname);
}

/** The client in context, as the adviser's session on the portal holds it. */
async function clientInContext(page: Page): Promise<{ entity_id: number; display_name: string }> {
  const answer = (await (await page.request.get('/api/client-context')).json()) as { client_in_context: { entity_id: number; display_name: string } | null };
  expect(answer.client_in_context, 'a client in context').not.toBeNull();
  return answer.client_in_context!;
}

/** The accounts the overview covers, worked out here from the platform: mine, managed, visible. */
async function overviewAccounts(page: Page, entity: number): Promise<number[]> {
  const accounts = (await (await page.request.get(`/xplanapi/portfolio/account?entityid=${entity}`)).json()) as {
    accountid: number;
    service_type: string;
    isLinked: boolean;
    sortOrder: number;
  }[];
  const links = (await (await page.request.get(`/xplanapi/entity/client-v4/${entity}/account_user_visibility_link`)).json()) as { accountid: number; visible: boolean }[];
  const hidden = new Set(links.filter((l) => !l.visible).map((l) => l.accountid));
  return accounts.filter((a) => a.service_type !== 'Not managed' && !a.isLinked && a.sortOrder <= 3 && !hidden.has(a.accountid)).map((a) => a.accountid);
}

/** The platform's profit analysis of the overview's accounts: the total, and each account. */
async function profitAnalysis(page: Page, entity: number, accounts: number[]) {
  const query = `entityid=${entity}&accountid=${accounts.join(',')}&fees_and_taxes=1`;
  const total = await page.request.get(`/xplanapi/portfolio/profit_analysis/detail?${query}&include_twrr=1&include_irr=1`);
  expect(total.status()).toBe(200);
  const rows = await page.request.get(`/xplanapi/portfolio/profit_analysis/detail?${query}&grouping=account`);
  expect(rows.status()).toBe(200);
  return {
    total: ((await total.json()) as { total: Total }).total,
    accounts: ((await rows.json()) as { accounts: (Record<string, Typed> & { accountid: number })[] }).accounts,
  };
}

/** The overview tiles and each account tile show exactly the platform's figures. */
async function expectPlatformFigures(page: Page, overview: Locator, pa: Awaited<ReturnType<typeof profitAnalysis>>): Promise<void> {
  await expect(overview.locator('[data-figure="value"]')).toHaveText(gbp(money(pa.total.value!), 0));
  await expect(overview.locator('[data-figure="value"]')).toHaveAttribute('data-exact', money(pa.total.value!));
  await expect(overview.getByText(`across ${pa.total.accounts_count} account${pa.total.accounts_count === 1 ? '' : 's'}`)).toBeVisible();
  await expect(overview.locator('[data-figure="value-change"]')).toHaveText(gbp(money(pa.total.value_change!), 2));
  await expect(overview.locator('[data-figure="twrr"]')).toHaveText(pct(pa.total.twrr!));
  await expect(overview.locator('[data-figure="irr"]')).toHaveText(pct(pa.total.irr!));
  for (const row of pa.accounts) {
    const tile = page.locator(`.account-tile[data-account="${row.accountid}"]`);
    await expect(tile.locator('[data-figure="value"]')).toHaveText(gbp(money(row.value!), 2));
    await expect(tile).toHaveAttribute('href', `/clients/analysis?id=${row.accountid}`);
  }
}

/** The whole dashboard: the page scrolls inside Ionic's content, so the window is made tall enough for it. */
async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.dashboard').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 400) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

/** Nothing on the page writes the client's data: no compose link, no form field to change, no client-only page offered. */
async function expectNothingWritable(page: Page): Promise<void> {
  await expect(page.locator('a[href*="compose=true"]')).toHaveCount(0);
  await expect(page.locator('.dashboard').locator('input, textarea, [contenteditable="true"], form')).toHaveCount(0);
}

test.describe('an adviser with demo.client in context', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('sees her dashboard read-only with the platform’s figures to the penny, then another client with none of hers', async ({ page }, testInfo) => {
    // A long walk on a shared 2-core machine: three times the usual limit.
    test.slow();
    const data: Request[] = [];
    await openDashboard(page, 'adviser', () =>
      page.on('request', (request) => {
        if (isDataRequest(request)) data.push(request);
      }),
    );
    await expect(page.getByRole('link', { name: 'Viewing Eleanor Whitfield' })).toHaveAttribute('href', '/advisers/');
    const overview = page.getByRole('region', { name: 'Portfolio overview' });
    await expect(overview.locator('[data-figure="value"]')).toBeVisible();
    await expect(page.locator('.account-tile[data-account]').first()).toBeVisible();
    await expect(page.locator('.line-chart .highcharts-container')).toBeVisible();
    expect(data.length, 'data round trips to show the dashboard').toBe(2);

    // The figures: the platform's profit analysis of her overview, asked in this adviser's session.
    const eleanor = await clientInContext(page);
    expect(eleanor.display_name).toBe('Eleanor Whitfield');
    const mine = await overviewAccounts(page, eleanor.entity_id);
    expect(mine.length).toBeGreaterThan(0);
    const pa = await profitAnalysis(page, eleanor.entity_id, mine);
    await expectPlatformFigures(page, overview, pa);
    await expect(page.getByRole('heading', { name: 'Linked accounts' })).toBeVisible();
    const eleanorFigures = [gbp(money(pa.total.value!), 0), ...pa.accounts.map((row) => gbp(money(row.value!), 2))];
    const eleanorAccounts = await page.locator('.account-tile[data-account]').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-account')));

    // Read-only: nothing that writes, and My Account offers none of the client's own account
    // pages, only the pages an adviser sees read-only (issue 17, spec 2 §2.7-§2.9) and the
    // valuation report, which is the adviser's too (spec 2 §6: the Adviser templates).
    await expectNothingWritable(page);
    await page.getByRole('button', { name: 'My Account' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Personal details', 'Adviser details', 'Preferences', 'Valuation report', 'Log out']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('dashboard-adviser-1280.png'));

    // A tablet in portrait and a phone: the same read-only dashboard under the banner.
    for (const viewport of [
      { width: 820, height: 1180 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await expect(page.getByRole('link', { name: 'Viewing Eleanor Whitfield' })).toBeVisible();
      await expect(overview.locator('[data-figure="value"]')).toHaveText(gbp(money(pa.total.value!), 0));
      await expect(page.locator('.line-chart .highcharts-container')).toBeVisible();
      // The chart redraws for the new width once the resize has settled.
      await expect
        .poll(() => page.locator('.dashboard').evaluate((el) => el.scrollWidth - el.clientWidth), { message: `the dashboard scrolls sideways at ${viewport.width} px` })
        .toBeLessThanOrEqual(0);
      await expectNothingWritable(page);
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`dashboard-adviser-${viewport.width}.png`));
      await page.screenshot({ path: testInfo.outputPath(`dashboard-adviser-${viewport.width}-first-screen.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Back to the list by the banner, then another client: Aisha Patel, with her own figures.
    await page.getByRole('link', { name: 'Viewing Eleanor Whitfield' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeVisible();
    await page.getByLabel('Client name').fill('Patel');
    await expect(page.locator('.client-table tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: 'Patel, Aisha' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Aisha' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Viewing Aisha Patel' })).toBeVisible();
    await expect(overview.locator('[data-figure="value"]')).toBeVisible();
    await expect(page.locator('.account-tile[data-account]').first()).toBeVisible();
    const aisha = await clientInContext(page);
    expect(aisha.entity_id).not.toBe(eleanor.entity_id);
    await expectPlatformFigures(page, overview, await profitAnalysis(page, aisha.entity_id, await overviewAccounts(page, aisha.entity_id)));

    // Nothing of Eleanor's: not her name, not one of her figures, not one of her accounts.
    const body = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
    expect(body).not.toMatch(/Eleanor|Whitfield|Linked accounts/);
    for (const figure of eleanorFigures) expect(body, `Eleanor's figure ${figure}`).not.toContain(figure);
    const aishaAccounts = await page.locator('.account-tile[data-account]').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-account')));
    expect(aishaAccounts.filter((id) => eleanorAccounts.includes(id))).toEqual([]);
    // Her accounts are out of reach now too: the portal's session has only Aisha in context.
    const foreign = await page.request.get(`/xplanapi/portfolio/account?entityid=${eleanor.entity_id}`);
    expect(foreign.status()).toBe(404);
    await expectNothingWritable(page);
    await checkA11y(page);
  });
});
