import { readFileSync } from 'node:fs';
import { type Page, type Request } from '@playwright/test';
import { checkA11y, expect, openDashboard, smallScreens, test } from './fixtures';

// "How was this calculated?" on demo.client's dashboard (issue 15, deliverable 5): opened by
// keyboard, the period's figures equal the platform's breakdown asked for by this test (to the
// penny), opening + flows + growth = closing on the screen, the CSV's rows are the API's daily
// sub-periods and chain-link to the TWR shown; axe clean with the modal open; screenshots at
// 390 and 1280 px in the test output.

type Typed = { _type: string; _val: unknown };
type Breakdown = {
  start_date: Typed;
  end_date: Typed;
  report_currency: string;
  total: Record<string, Typed | null>;
  subperiods: Record<string, Typed>[];
};
const val = (v: Typed | null | undefined): string => {
  if (!v) throw new Error('missing figure');
  return typeof v._val === 'string' ? v._val : (v._val as { value: { _val: string } }).value._val;
};
const gbp = (text: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(text));
const pct = (text: string) => {
  const n = Number(text);
  return `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;
};
/** "£1,234.56" or "-£1,234.50" as whole pennies. */
const pennies = (shown: string) => Math.round(Number(shown.replace(/[£,]/g, '')) * 100);

const isModalChunk = (r: Request) => /\/assets\/how-calculated-modal-[\w-]+\.js$/.test(r.url());

/** Tabs from the top of the page until the button has focus: it is reachable by keyboard. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((n) => document.activeElement?.textContent?.trim() === n, name)) return;
  }
  throw new Error(`${name} is not reachable with Tab`);
}

/** Opens the modal from the overview and returns the breakdown call it made, and its answer as the test fetches it. */
async function open(page: Page, byKeyboard: boolean): Promise<{ url: URL; answer: Breakdown }> {
  const overview = page.getByRole('region', { name: 'Portfolio overview' });
  const button = overview.getByRole('button', { name: 'How was this calculated?' });
  await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  const call = page.waitForRequest((r) => r.url().includes('/profit_analysis/breakdown'));
  if (byKeyboard) {
    await tabTo(page, 'How was this calculated?');
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  const url = new URL((await call).url());
  const response = await page.request.get(url.pathname + url.search);
  expect(response.status()).toBe(200);
  return { url, answer: (await response.json()) as Breakdown };
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('demo.client opens the breakdown by keyboard: the platform’s figures, the sum on screen, the CSV of the chain-link', async ({ page }, testInfo) => {
    const chunks: Request[] = [];
    page.on('request', (r) => {
      if (isModalChunk(r)) chunks.push(r);
    });
    await openDashboard(page, 'client');
    const overview = page.getByRole('region', { name: 'Portfolio overview' });
    await expect(overview.locator('[data-figure="twrr"]')).toBeVisible();
    expect(chunks, 'the modal’s chunk loads on the first click, not with the dashboard').toEqual([]);

    await overview.screenshot({ path: testInfo.outputPath('overview-1280.png') });
    const shownTWR = (await overview.locator('[data-figure="twrr"]').textContent()) ?? '';
    const { url, answer } = await open(page, true);
    // The same selection and dates as the figures it explains: the overview's period.
    const period = (await page.locator('.dashboard [data-period]').textContent()) ?? '';
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    expect(period).toBe(`${day(url.searchParams.get('start_date')!)} to ${day(url.searchParams.get('end_date')!)}`);
    expect(url.searchParams.get('accountid')).toMatch(/^\d+(,\d+)*$/);

    await expect(page.getByRole('dialog', { name: 'How was this calculated?' })).toBeVisible();
    // The dialog role sits in Ionic's shadow root; its content is the host's.
    const dialog = page.locator('ion-modal.how-calculated');
    const figure = (key: string) => dialog.locator(`[data-figure="${key}"]`);
    for (const key of ['value_start', 'contributions', 'withdrawals', 'growth', 'income', 'value']) {
      await expect(figure(key)).toHaveText(gbp(val(answer.total[key])));
      await expect(figure(key)).toHaveAttribute('data-exact', val(answer.total[key]));
    }
    // Opening + contributions + withdrawals + growth = closing, as the screen shows them.
    const shown = async (key: string) => pennies((await figure(key).textContent()) ?? '');
    expect((await shown('value_start')) + (await shown('contributions')) + (await shown('withdrawals')) + (await shown('growth'))).toBe(await shown('value'));
    await expect(figure('twrr')).toHaveText(new RegExp(`^${pct(val(answer.total.twrr)).replace('+', '\\+')}`));
    await expect(figure('irr')).toHaveText(new RegExp(`^${pct(val(answer.total.irr)).replace('+', '\\+')}`));
    expect(shownTWR).toBe(pct(val(answer.total.twrr)));
    await expect(dialog.getByText(/^Time-weighted return: /)).toBeVisible();
    await expect(dialog.getByText(/^Money-weighted return \(IRR\): /)).toBeVisible();

    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('how-calculated-1280.png') });

    // The CSV: BOM, ISO dates, unformatted values, one row per sub-period of the API.
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the daily figures (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`daily-figures-${val(answer.start_date)}-to-${val(answer.end_date)}.csv`);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = text.slice(1).trimEnd().split('\r\n').map((line) => line.split(','));
    expect(header).toEqual(['start_date', 'end_date', 'currency', 'start_value', 'flow', 'end_value', 'return_percent', 'cumulative_return_percent']);
    expect(rows.length).toBeGreaterThan(300); // a year of days
    expect(rows).toEqual(
      answer.subperiods.map((s) => [
        val(s.start_date),
        val(s.end_date),
        answer.report_currency,
        ...['value_start', 'flow', 'value', 'return', 'cumulative_return'].map((k) => String(Number(val(s[k])))),
      ]),
    );
    for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Chain-linked, the daily returns give the TWR on the screen, to its 2 decimals.
    const chained = (rows.reduce((g, row) => g * (1 + Number(row[6]) / 100), 1) - 1) * 100;
    expect(Math.abs(chained - Number(shownTWR.replace('%', '')))).toBeLessThanOrEqual(0.005 + 1e-9);
    expect(chunks).toHaveLength(1);

    // Escape closes it and focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(overview.getByRole('button', { name: 'How was this calculated?' })).toBeFocused();
  });
});

test.describe('on a phone (390 px)', () => {
  test.use(smallScreens[0][1]);

  test('the breakdown fits the screen and stays accessible', async ({ page }, testInfo) => {
    await openDashboard(page, 'client');
    await expect(page.getByRole('region', { name: 'Portfolio overview' }).locator('[data-figure="twrr"]')).toBeVisible();
    const { answer } = await open(page, false);
    await expect(page.getByRole('dialog', { name: 'How was this calculated?' })).toBeVisible();
    const dialog = page.locator('ion-modal.how-calculated');
    await expect(dialog.locator('[data-figure="value"]')).toHaveText(gbp(val(answer.total.value)));
    // Nothing sticks out sideways.
    const overflow = await dialog.locator('.breakdown').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('how-calculated-390.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
