import { type Page } from '@playwright/test';
import { checkA11y, expect, logIn, logins, openAnalysis, shownAccounts, smallScreens, test, viewedEntity } from './fixtures';

// The analysis page (spec 2 §2.3, §2.4) for demo.client and, read-only, for demo.adviser with
// demo.client in context: figures equal the platform's profit analysis asked for by this test
// (to the penny), drill-down and back (breadcrumb and browser back), the date filter, the chart
// tabs and benchmark picker, demo.assets refused; axe on each state; screenshots at 390, 820 and
// 1280 px saved in the test output.

type Typed = { _type: string; _val: unknown };
type Figures = Record<string, Typed | null> & { accounts_count?: number };
const money = (v: Typed | null) => (v!._val as { value: { _val: string } }).value._val;
const gbp = (text: string, decimals: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(text));
const pct = (v: Typed | null) => {
  const n = Number(v!._val);
  return `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;
};

/** The platform's profit analysis of some accounts over the range the page's filter button shows. */
async function profitAnalysis(page: Page, entity: number, ids: number[]): Promise<{ total: Figures; portfolios?: (Figures & { portfolioid: number })[] }> {
  const [start, end] = ((await page.locator('.date-range-button').getAttribute('data-range')) ?? '').split('/');
  const capabilities = (await (await page.request.get(`/xplanapi/entity/client-v3/${entity}/capability`)).json()) as Record<string, boolean>;
  const pricing = capabilities.live_marketdata_access ? 'live' : capabilities.view_marketdata ? 'delayed' : 'close';
  const answer = await page.request.get(
    `/xplanapi/portfolio/profit_analysis/detail?entityid=${entity}&accountid=${ids.join(',')}&grouping=portfolio&start_date=${start}&end_date=${end}` +
      `&fees_and_taxes=1&from_pricing_type=${pricing}&to_pricing_type=${pricing}&include_twrr=1&include_irr=1&report_currency=GBP`,
  );
  expect(answer.status()).toBe(200);
  return answer.json();
}

/** The performance card shows exactly the platform's figures. */
async function expectCard(page: Page, total: Figures): Promise<void> {
  const card = page.locator('.analysis-card');
  await expect(card.locator('[data-figure="value"]')).toHaveText(gbp(money(total.value), 0));
  await expect(card.locator('[data-figure="value"]')).toHaveAttribute('data-exact', money(total.value));
  await expect(card.locator('[data-figure="value-change"]')).toHaveText(gbp(money(total.value_change), 2));
  await expect(card.locator('[data-figure="performance"]')).toHaveText(pct(total.twrr));
  await expect(card.locator('[data-figure="twrr"]')).toHaveText(pct(total.twrr));
  await expect(card.locator('[data-figure="irr"]')).toHaveText(pct(total.irr));
}

/** The whole page: it scrolls inside Ionic's content, so the window is made tall enough for it. */
async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.analysis').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 400) });
  await expect(page.locator('.line-chart .highcharts-container')).toBeVisible();
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('demo.client: figures to the penny, drill-down and back, the date filter and the chart', async ({ page }, testInfo) => {
    test.slow();
    // The chart's series batches as the platform answered them (the Value tab's cash flows are their net_flows).
    const seriesAnswers: Promise<string>[] = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && (res.request().postData() ?? '').includes('historic_time_series_twrr')) seriesAnswers.push(res.text());
    });
    await openAnalysis(page, 'client');
    const entity = await viewedEntity(page);
    const shown = await shownAccounts(page, entity);
    const all = await profitAnalysis(page, entity, shown.map((a) => a.accountid));
    await expectCard(page, all.total);
    await expect(page.locator('.date-range-button__name')).toHaveText('1 year');
    // "How was this calculated?" explains the card's own figures: its breakdown's closing value
    // is the card's total value.
    await page.getByRole('button', { name: 'How was this calculated?' }).click();
    const explainer = page.locator('ion-modal.how-calculated'); // the dialog role is in its shadow root
    await expect(page.getByRole('dialog', { name: 'How was this calculated?' })).toBeVisible();
    await expect(explainer.locator('[data-figure="value"]')).toHaveAttribute('data-exact', money(all.total.value));
    await page.keyboard.press('Escape');
    await expect(explainer).toBeHidden();

    // The Accounts tab: a row per portfolio with its figures; 'My' and 'Linked' tables.
    const tab = page.getByRole('tabpanel', { name: 'Accounts' });
    await expect(tab.getByRole('heading', { name: 'Portfolios' })).toBeVisible();
    await expect(tab.getByRole('table', { name: 'My portfolios' })).toBeVisible();
    await expect(tab.getByRole('table', { name: 'Linked portfolios' })).toBeVisible();
    for (const p of all.portfolios ?? []) {
      await expect(tab.locator(`[data-row="portfolio-${p.portfolioid}"] [data-figure="value"]`)).toHaveText(gbp(money(p.value), 2));
    }
    // The chart: Percentage first (TWRR), 300 px, with the zoom hint and the benchmark picker.
    const chartTabs = page.getByRole('tablist', { name: 'Chart' });
    await expect(chartTabs.getByRole('tab', { name: 'Percentage' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.line-chart .highcharts-container')).toBeVisible();
    expect(Math.round((await page.locator('.line-chart .highcharts-root').boundingBox())!.height)).toBe(300);
    await expect(page.getByText('Click and drag in the plot area to zoom in')).toBeVisible();
    await expect(page.getByText('Market data provided by')).toBeVisible();
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('analysis-1280.png'));

    // The demo has three benchmarks: the picker changes the series' benchmark_name.
    const benchmarks = (await (await page.request.get('/xplanapi/portfolio/benchmark')).json()) as { name: string }[];
    expect(benchmarks.length).toBeGreaterThan(1);
    const picker = page.getByLabel('Benchmark');
    const wanted = new URLSearchParams({ benchmark_name: benchmarks[1]!.name }).toString();
    const asked = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes(wanted));
    await picker.selectOption(benchmarks[1]!.name);
    await asked;
    await expect(page.locator('.line-chart .highcharts-legend')).toContainText(benchmarks[1]!.name);
    await chartTabs.getByRole('tab', { name: 'Value' }).click();
    await expect(chartTabs.getByRole('tab', { name: 'Value' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Benchmark')).toHaveCount(0);
    // Spec 2 §7: the period's net contributions and withdrawals as columns under the value; over
    // the range they add up to the platform's net flows of every series.
    await expect(page.locator('.line-chart .highcharts-legend')).toContainText('Net contributions and withdrawals');
    await expect(page.locator('.line-chart g.highcharts-series.highcharts-column-series')).toHaveCount(1);
    await page.locator('.analysis-chart').screenshot({ path: testInfo.outputPath('analysis-value-1280.png') });
    const answers = JSON.parse(await seriesAnswers[seriesAnswers.length - 1]!) as { code: number; body: string }[];
    const platformCents = answers
      .flatMap((a) => (JSON.parse(a.body) as { points: { net_flows: Typed | string | null }[] }).points)
      .reduce((sum, p) => sum + (p.net_flows && typeof p.net_flows === 'object' ? Math.round(Number(money(p.net_flows)) * 100) : 0), 0);
    const table = page.locator('.analysis-chart .chart-data-table');
    await table.locator('summary').click();
    const column = (await table.locator('thead th').allTextContents()).indexOf('Net contributions and withdrawals');
    expect(column, 'a cash-flow column in the data table').toBeGreaterThan(0);
    const cells = await table.locator(`tbody tr > :nth-child(${column + 1})`).allTextContents();
    const shownCents = cells.reduce((sum, text) => sum + Math.round(Number(text.replace(/[^0-9.-]/g, '') || 0) * 100), 0);
    expect(shownCents).toBe(platformCents);
    await table.locator('summary').click();
    await checkA11y(page);

    // Drill down: a portfolio, then one of its accounts.
    const portfolio = all.portfolios![0]!;
    const own = shown.filter((a) => a.portfolioid === portfolio.portfolioid);
    await tab.locator(`[data-row="portfolio-${portfolio.portfolioid}"] button`).click();
    await expect(page).toHaveURL(new RegExp(`\\?portfolio=${portfolio.portfolioid}$`));
    await expect(page.getByRole('heading', { level: 1, name: own[0]!.portfolioName })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'All portfolios' })).toBeVisible();
    await expect(tab.getByRole('heading', { name: 'Accounts' })).toBeVisible();
    await expectCard(page, (await profitAnalysis(page, entity, own.map((a) => a.accountid))).total);
    await checkA11y(page);

    const account = own[0]!;
    await tab.locator(`[data-row="account-${account.accountid}"] button`).click();
    await expect(page).toHaveURL(new RegExp(`\\?id=${account.accountid}$`));
    await expect(page.getByRole('heading', { level: 1, name: account.description })).toBeVisible();
    // One account: no Accounts tab.
    await expect(page.getByRole('tab', { name: 'Accounts' })).toHaveCount(0);
    await expectCard(page, (await profitAnalysis(page, entity, [account.accountid])).total);
    await checkA11y(page);

    // Back up by the breadcrumb, then with the browser's back button.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: account.portfolioName }).click();
    await expect(page).toHaveURL(new RegExp(`\\?portfolio=${portfolio.portfolioid}$`));
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: account.description })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: account.portfolioName })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'All portfolios' })).toBeVisible();
    await expectCard(page, all.total);

    // The date filter: 1 year → 3 years → a custom range, first invalid then valid.
    await page.locator('.date-range-button').click();
    const dialog = page.getByRole('dialog', { name: 'Date range' });
    await dialog.getByLabel('3 years').check();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('.date-range-button__name')).toHaveText('3 years');
    await expectCard(page, (await profitAnalysis(page, entity, shown.map((a) => a.accountid))).total);

    await page.locator('.date-range-button').click();
    await dialog.getByLabel('Custom').check();
    await dialog.getByLabel('Start date').fill('2024-06-30');
    await dialog.getByLabel('End date').fill('2024-01-01');
    await expect(dialog.getByText('You cannot select an End date earlier than the Start date.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await checkA11y(page);
    await dialog.getByLabel('End date').fill('2024-12-31');
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('.date-range-button')).toHaveAttribute('data-range', '2024-06-30/2024-12-31');
    await expect(page.locator('.date-range-button__dates')).toHaveText('30th June 2024 – 31st December 2024');
    await expectCard(page, (await profitAnalysis(page, entity, shown.map((a) => a.accountid))).total);
    await checkA11y(page);
  });
});

for (const [name, use] of smallScreens) {
  test.describe(`on a ${name}`, () => {
    test.use(use);

    test('the analysis page lays out and stays accessible', async ({ page }, testInfo) => {
      await openAnalysis(page, 'client');
      // The chart draws when its box comes near the screen (below the card on a phone).
      await page.locator('.analysis-chart .chart').scrollIntoViewIfNeeded();
      await expect(page.locator('.line-chart .highcharts-container')).toBeVisible();
      await expect(page.locator('.accounts-table tbody tr').first()).toBeVisible();
      // Spec 2 §2.3: fund performance and change in value hide at 767 px or less.
      const performanceColumn = page.getByRole('columnheader', { name: 'Fund performance' }).first();
      if (use.viewport.width <= 767) await expect(performanceColumn).toBeHidden();
      else await expect(performanceColumn).toBeVisible();
      const overflow = await page.evaluate(() => document.querySelector('.analysis')!.scrollWidth - document.querySelector('.analysis')!.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`analysis-${use.viewport.width}.png`));

      if (use.viewport.width <= 767) {
        // The mobile back link: one step back (the dashboard here, where the page was opened from).
        await page.getByRole('button', { name: 'Back' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
      } else {
        // A dashboard tile opens its account here (the stored filter, spec 2 §2.2), shown in the address.
        await page.getByRole('link', { name: 'Home', exact: true }).click();
        const tile = page.locator('.account-tile[data-account]').first();
        const id = await tile.getAttribute('data-account');
        const name = (await tile.locator('.account-tile__name').textContent())!.trim();
        await tile.click();
        await expect(page).toHaveURL(new RegExp(`/clients/analysis\\?id=${id}$`));
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Accounts' })).toHaveCount(0);
      }
      // An address with ?id= (the dashboard's links) opens that account.
      const entity = await viewedEntity(page);
      const account = (await shownAccounts(page, entity))[0]!;
      await page.goto(`/clients/analysis?id=${account.accountid}`);
      await expect(page.getByRole('heading', { level: 1, name: account.description })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(account.portfolioName);
    });
  });
}

test.describe('an adviser and a client without Portfolio access', () => {
  test.use({ viewport: { width: 1180, height: 820 }, hasTouch: true });

  test('demo.adviser with demo.client in context sees the same figures, read-only', async ({ page }, testInfo) => {
    test.slow();
    await openAnalysis(page, 'adviser');
    const entity = await viewedEntity(page);
    const shown = await shownAccounts(page, entity);
    await expectCard(page, (await profitAnalysis(page, entity, shown.map((a) => a.accountid))).total);
    // Read-only: nothing on the page writes (no form fields outside the date filter's dialog).
    await expect(page.locator('.analysis input, .analysis textarea')).toHaveCount(0);
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('analysis-adviser-1180.png'));
  });

  test('demo.assets (Assets access) is refused the analysis page', async ({ page }) => {
    await logIn(page, logins.assets);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeVisible();
    await page.goto('/clients/analysis');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.locator('.analysis')).toHaveCount(0);
    await checkA11y(page);
  });
});
