import { type Page, type Request } from '@playwright/test';
import { checkA11y, expect, logIn, logins, smallScreens, test } from './fixtures';

// The dashboard of demo.client (spec 2 §2.1, §2.2): figures equal the platform's profit
// analysis asked for by this test (to the penny), two data round trips, tiles linking with
// ?id=, pull to refresh, axe, and screenshots at 390, 820 and 1280 px (saved in the output).

type Typed = { _type: string; _val: unknown };
const money = (v: Typed) => (v._val as { value: { _val: string } }).value._val;
const gbp = (text: string, decimals: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(text));

/** Requests that carry portfolio data: batches with portfolio items and direct portfolio calls. */
function isDataRequest(request: Request): boolean {
  const url = new URL(request.url());
  if (url.pathname === '/xplanapi/' && request.method() === 'POST') {
    return /portfolio|account_user_visibility_link|profit_analysis/.test(request.postData() ?? '');
  }
  return /^\/xplanapi\/(portfolio|entity\/client\/\d+\/portfolio)/.test(url.pathname);
}

/** The accounts the overview covers, worked out here from the platform: mine, managed, visible. */
async function myAccounts(page: Page, entity: number): Promise<number[]> {
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

/** The whole dashboard: the page scrolls inside Ionic's content, so the window is made tall enough for it. */
async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.dashboard').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 400) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('demo.client sees the platform’s figures to the penny after two data round trips', async ({ page }, testInfo) => {
    const data: Request[] = [];
    page.on('request', (request) => {
      if (isDataRequest(request)) data.push(request);
    });
    await logIn(page, logins.client);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
    const overview = page.getByRole('region', { name: 'Portfolio overview' });
    await expect(overview.locator('[data-figure="value"]')).toBeVisible();
    await expect(page.locator('.account-tile[data-account]').first()).toBeVisible();
    // The chart draws once on screen; the firm's announcement above the greeting can push it below the first screen.
    await page.locator('.performance-chart').first().scrollIntoViewIfNeeded();
    await expect(page.locator('.line-chart svg, .performance-chart__empty').first()).toBeVisible();
    expect(data.length, 'data round trips to show the dashboard').toBe(2);

    const user = (await (await page.request.get('/xplanapi/session/user')).json()) as { entity_id: number };
    const mine = await myAccounts(page, user.entity_id);
    const period = (await page.locator('[data-period]').textContent()) ?? '';
    expect(period).toMatch(/^\d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}$/);
    const answer = await page.request.get(
      `/xplanapi/portfolio/profit_analysis/detail?entityid=${user.entity_id}&accountid=${mine.join(',')}&fees_and_taxes=1&include_twrr=1&include_irr=1`,
    );
    expect(answer.status()).toBe(200);
    const pa = (await answer.json()) as { total: Record<string, Typed> & { accounts_count: number } };
    // Total value: 0 decimals on the tile, the exact figure beside it.
    await expect(overview.locator('[data-figure="value"]')).toHaveText(gbp(money(pa.total.value), 0));
    await expect(overview.locator('[data-figure="value"]')).toHaveAttribute('data-exact', money(pa.total.value));
    await expect(overview.getByText(`across ${pa.total.accounts_count} accounts`)).toBeVisible();
    await expect(overview.locator('[data-figure="value-change"]')).toHaveText(gbp(money(pa.total.value_change), 2));
    const pct = (v: Typed) => {
      const n = Number(v._val);
      return `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;
    };
    await expect(overview.locator('[data-figure="performance"]')).toHaveText(pct(pa.total.twrr!));
    await expect(overview.locator('[data-figure="twrr"]')).toHaveText(pct(pa.total.twrr!));
    await expect(overview.locator('[data-figure="irr"]')).toHaveText(pct(pa.total.irr!));
    await expect(overview.getByText(/^Time-weighted return: /)).toBeVisible();

    // Each account tile: the platform's value of that account, linking with ?id=.
    const rows = (await (
      await page.request.get(`/xplanapi/portfolio/profit_analysis/detail?entityid=${user.entity_id}&accountid=${mine.join(',')}&grouping=account&fees_and_taxes=1`)
    ).json()) as { accounts: (Record<string, Typed> & { accountid: number })[] };
    for (const row of rows.accounts) {
      const tile = page.locator(`.account-tile[data-account="${row.accountid}"]`);
      await expect(tile.locator('[data-figure="value"]')).toHaveText(gbp(money(row.value), 2));
      await expect(tile).toHaveAttribute('href', `/clients/analysis?id=${row.accountid}`);
    }
    // The partner's accounts are linked, in their own section.
    await expect(page.getByRole('heading', { name: 'Linked accounts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View portfolio analysis' })).toHaveAttribute('href', '/clients/analysis');

    // The chart: Highcharts drew it, 400 px high, with the data table beside it.
    await expect(page.locator('.line-chart .highcharts-container')).toBeVisible();
    expect(Math.round((await page.locator('.line-chart .highcharts-root').boundingBox())!.height)).toBe(400);
    await page.getByText('Show the chart as a table').click();
    await expect(page.getByRole('table', { name: 'Value of your portfolio' })).toBeVisible();
    await page.getByRole('group', { name: 'Chart type' }).getByRole('button', { name: 'Performance' }).click();
    await expect(page.getByRole('heading', { name: 'Portfolio performance' })).toBeVisible();

    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('dashboard-1280.png'));

    // The second time frame is fetched on first switch to it: one more round trip.
    await page.getByRole('group', { name: 'Time frame' }).getByRole('button', { name: 'Since inception' }).click();
    await expect(page.getByRole('group', { name: 'Time frame' }).getByRole('button', { name: 'Since inception' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => data.length).toBe(3);
    await expect(page.locator('[data-period]')).not.toHaveText(period);

    // With filter persistence on, a tile stores the account filter and goes to the analysis page.
    const first = rows.accounts[0]!.accountid;
    await page.locator(`.account-tile[data-account="${first}"]`).click();
    await expect(page).toHaveURL(/\/clients\/analysis$/);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('coa_filter'))) ?? 'null') as { accountIds: number[] } | null;
    expect(stored?.accountIds).toEqual([first]);
  });
});

for (const [name, use] of smallScreens) {
  test.describe(`on a ${name}`, () => {
    test.use(use);

    test('the dashboard lays out, pulls to refresh and stays accessible', async ({ page }, testInfo) => {
      await logIn(page, logins.client);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
      // The chart draws when its box comes on screen (below the first screen on a phone).
      await page.locator('.performance-chart').scrollIntoViewIfNeeded();
      await expect(page.locator('.line-chart .highcharts-container')).toBeVisible();
      await expect(page.locator('.account-tile[data-account]').first()).toBeVisible();
      // Nothing sticks out sideways.
      const overflow = await page.evaluate(() => document.querySelector('.dashboard')!.scrollWidth - document.querySelector('.dashboard')!.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`dashboard-${use.viewport.width}.png`));

      // Pull to refresh: Ionic's refresher fires and the figures are fetched again.
      const refetched = page.waitForRequest((r) => isDataRequest(r));
      await page.locator('ion-refresher').evaluate((el: HTMLElement & { disabled: boolean }) => {
        el.dispatchEvent(new CustomEvent('ionRefresh', { detail: { complete: () => el.setAttribute('data-completed', 'true') } }));
      });
      await refetched;
      await expect(page.locator('ion-refresher')).toHaveAttribute('data-completed', 'true');
      await expect(page.getByRole('region', { name: 'Portfolio overview' }).locator('[data-figure="value"]')).toBeVisible();
    });
  });
}
