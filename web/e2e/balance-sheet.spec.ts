import type { Locator, Page } from '@playwright/test';
import { checkA11y, expect, openDashboard, test, viewedEntity, type Viewer } from './fixtures';

// The balance sheet (issue 17, spec 2 §2.5): demo.client (Eleanor Whitfield) opens it from her
// home's 'View assets', sees the three views of 'Your wealth:' with the tabs' counts and the
// figures the platform's asset calls give (asked for here, in the same session), the currency
// menu of her euro apartment (multi-currency mode), and her husband's pension by a deep link
// ?id=&asset=; laid out at 1280, 820 and 390 px (screenshots saved in the output; cards on the
// phone, nothing scrolls sideways) and accessible. demo.adviser with Eleanor in context sees the
// same figures, read-only.

type Typed = { _type: string; _val: string };
type Row = Record<string, unknown> & { index: number; currency: string };

const LISTS = [
  { list: 'asset', field: 'amount', report: 'amount_in_report_currency', one: 'Asset', many: 'Assets' },
  { list: 'fund_za', field: 'fund_value', report: 'fund_value_in_report_currency', one: 'Pension asset', many: 'Pension assets' },
  { list: 'annuity', field: 'current_value', report: 'current_value_in_report_currency', one: 'Annuity', many: 'Annuities' },
  { list: 'liability', field: 'amount', report: 'amount_in_report_currency', one: 'Liability', many: 'Liabilities' },
] as const;

/** Spec 2 §9: balance sheet values with 0 decimals, the spec's symbols. */
const money = (text: string, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(Number(text));

async function platform(page: Page, entity: number, view: string) {
  const out = [];
  for (const type of LISTS) {
    const total = (await (await page.request.get(`/xplanapi/entity/client-v4/${entity}/total_amount?list_name=${type.list}&amount_field=${type.field}&list_filter=${view}`)).json()) as {
      total_amount: Typed;
      currency: string;
      count: number;
    };
    const rows = (await (await page.request.get(`/xplanapi/entity/client/${entity}/${type.list}?list_filter=${view}&page=1&page_size=50`)).json()) as Row[];
    expect(rows.length).toBe(total.count);
    out.push({ ...type, total, rows });
  }
  return out;
}

/**
 * The tabs carry the platform's counts, and every tab's table its records' values (in the
 * reporting currency, or each record's own in the plan view) and the platform's total.
 */
async function expectPlatformFigures(page: Page, entity: number, view: string, currencyView: 'plan' | 'report') {
  const lists = await platform(page, entity, view);
  const tabs = page.getByRole('tablist', { name: 'Asset types' });
  for (const [i, l] of lists.entries()) {
    await expect(tabs.getByRole('tab').nth(i)).toHaveText(`${l.total.count} ${l.total.count === 1 ? l.one : l.many}`);
  }
  for (const [i, l] of lists.entries()) {
    if (l.total.count === 0) continue;
    await tabs.getByRole('tab').nth(i).click();
    await expect(tabs.getByRole('tab').nth(i)).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    for (const row of l.rows) {
      const shown = currencyView === 'plan' ? { text: (row[l.field] as Typed)._val, currency: row.currency } : { text: (row[l.report] as Typed)._val, currency: l.total.currency };
      await expect(panel.locator(`[data-asset="${l.list}-${row.index}"] [data-figure="value"]`)).toHaveText(money(shown.text, shown.currency));
    }
    await expect(panel.locator('[data-figure="total"]')).toHaveText(money(l.total.total_amount._val, l.total.currency));
  }
}

/** A view's button of the 'Your wealth:' segment (its tab role is on the button inside Ionic's shadow root). */
const segment = (page: Page, label: string): Locator => page.locator('ion-segment').getByRole('tab', { name: label, exact: true });
/** Chooses a view: the click goes to the segment button's host element, which Ionic listens on. */
const choose = (page: Page, view: string) => page.locator(`ion-segment-button[data-view="${view}"]`).click();

/** The whole page: it scrolls inside Ionic's content, so the window is made tall enough for it. */
async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.balance-sheet').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 300) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

async function openBalanceSheet(page: Page, viewer: Viewer): Promise<number> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDashboard(page, viewer);
  await page.getByRole('region', { name: 'Your assets' }).getByRole('link', { name: 'View assets' }).click();
  await expect(page).toHaveURL(/\/clients\/balance-sheet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance Sheet' })).toBeVisible();
  await expect(segment(page, 'Managed')).toHaveAttribute('aria-selected', 'true');
  return viewedEntity(page);
}

test('demo.client sees her balance sheet in the three views with the platform’s figures, her husband’s by a deep link, at three widths', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const entity = await openBalanceSheet(page, 'client');
  await expectPlatformFigures(page, entity, 'managed', 'report');
  await expect(page.getByText('Currency', { exact: true })).toHaveCount(0);

  // Non-managed holds her euro apartment: multi-currency mode, values first in their own currency.
  await choose(page, 'non_managed');
  await expect(segment(page, 'Non-managed')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Currency', { exact: true })).toBeVisible();
  await expectPlatformFigures(page, entity, 'non_managed', 'plan');
  await page.getByText('Currency', { exact: true }).click();
  await page.getByRole('button', { name: 'Convert to GBP' }).click();
  await expectPlatformFigures(page, entity, 'non_managed', 'report');

  await choose(page, 'everything');
  await expect(segment(page, 'Everything')).toHaveAttribute('aria-selected', 'true');
  await expectPlatformFigures(page, entity, 'everything', 'report');
  await page.getByRole('tablist', { name: 'Asset types' }).getByRole('tab').first().click();
  await checkA11y(page);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 820, height: 1180 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(page.locator(viewport.width < 768 ? '.asset-card' : '.asset-table tbody tr').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.querySelector('.balance-sheet')!.scrollWidth - document.querySelector('.balance-sheet')!.clientWidth);
    expect(overflow, `sideways overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath(`balance-sheet-${viewport.width}.png`));
  }

  // Her husband's pensions by a deep link: ?id={member}&asset=1.
  await page.setViewportSize({ width: 1280, height: 900 });
  const members = await page.getByRole('combobox', { name: 'Show assets of' }).locator('option').allTextContents();
  expect(members).toEqual(['Me', 'James Whitfield']);
  const james = Number(await page.getByRole('combobox', { name: 'Show assets of' }).locator('option').nth(1).getAttribute('value'));
  await page.goto(`/clients/balance-sheet?id=${james}&asset=1`);
  await expect(page.getByRole('combobox', { name: 'Show assets of' })).toHaveValue(String(james));
  await expect(page.getByRole('tablist', { name: 'Asset types' }).getByRole('tab', { name: /Pension asset/ })).toHaveAttribute('aria-selected', 'true');
  await expectPlatformFigures(page, james, 'managed', 'report');
});

test('demo.adviser with demo.client in context sees the same balance sheet, read-only', async ({ page }) => {
  test.setTimeout(90_000);
  const writes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/xplanapi/')) return;
    if (request.method() === 'POST' && url.pathname === '/xplanapi/') {
      const items = (JSON.parse(request.postData() ?? '{}') as { batch?: { method: string; url: string }[] }).batch ?? [];
      writes.push(...items.filter((i) => i.method !== 'GET').map((i) => `${i.method} ${i.url}`));
    } else if (request.method() !== 'GET') writes.push(`${request.method()} ${url.pathname}`);
  });
  const entity = await openBalanceSheet(page, 'adviser');
  await expect(page.getByText('Viewing Eleanor Whitfield')).toBeVisible();
  writes.length = 0;
  await expectPlatformFigures(page, entity, 'managed', 'report');
  await choose(page, 'everything');
  await expectPlatformFigures(page, entity, 'everything', 'plan');
  expect(await page.getByRole('combobox', { name: 'Show assets of' }).locator('option').allTextContents()).toEqual(['Eleanor Whitfield', 'James Whitfield']);
  expect(writes, 'the balance sheet writes nothing').toEqual([]);
  await checkA11y(page);
});
