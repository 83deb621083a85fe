import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { type Account, checkA11y, expect, openAnalysis, shownAccounts, smallScreens, test, viewedEntity } from './fixtures';

// The analysis page's lower tabs (spec 2 §2.3; issue 15, deliverable 8) for demo.client and,
// read-only, for demo.adviser with demo.client in context: Investments and Transactions equal the
// platform's answers asked for by this test (to the penny), both CSV downloads parsed and checked
// against the API, the Allocation charts and tables, Investment instructions and Payment
// information of single accounts, the phone list; axe on every tab state; screenshots at 390,
// 820 and 1280 px saved in the test output.

type Typed = { _type?: string; _val: unknown } | string | number | null | undefined;

/** A platform money value ({"_type":"Currency","_val":{code,value}}): its exact text and currency, or null. */
function moneyOf(v: Typed): { text: string; code: string } | null {
  if (!v || typeof v !== 'object') return null;
  const val = v._val as { code: string; value: { _val: string } };
  return { text: val.value._val, code: val.code };
}
/** A BigDecimal or number as a number, or null. */
function decimalOf(v: Typed): number | null {
  if (v === null || v === undefined || typeof v === 'string') return null;
  return typeof v === 'number' ? v : Number(v._val);
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
const units = (n: number) => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(n);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

interface Position {
  accountid: number;
  description?: string | null;
  code?: string | null;
  volume: Typed;
  split_index?: number | null;
  native_currency?: string | null;
  plan_currency?: string | null;
  native_cost: Typed;
  plan_currency_value: Typed;
  plan_currency_cost: Typed;
}

interface Transaction {
  id: number;
  accountId: number;
  transactionTypeDesc?: string | null;
  securityDescription?: string | null;
  tradeDate?: { _val: string } | null;
  nativeTransactionValue: Typed;
  grossAmount: Typed;
  netAmount: Typed;
  volume: Typed;
  bookmark?: string | null;
}

/** The date range the filter button shows: [start, end] as YYYY-MM-DD. */
async function range(page: Page): Promise<[string, string]> {
  const [start, end] = ((await page.locator('.date-range-button').getAttribute('data-range')) ?? '').split('/');
  return [start!, end!];
}

/** The platform's positions of the accounts at the range's end. */
async function positionsOf(page: Page, ids: number[]): Promise<Position[]> {
  const [, end] = await range(page);
  const answer = await page.request.get(`/xplanapi/portfolio/position?accountid=${ids.join(',')}&as_at_date=${end}`);
  expect(answer.status()).toBe(200);
  return answer.json();
}

/** Spec 2 §5: book cost is 'Not available' when zero, or when converted into the account currency. */
function expectedCost(p: Position): string {
  const native = (p.native_currency ?? '').toUpperCase();
  const plan = (p.plan_currency ?? native).toUpperCase();
  const fixed = native === plan || [native, plan].sort().join('/') === 'GBP/GBX';
  const nativeCost = moneyOf(p.native_cost);
  const cost = moneyOf(p.plan_currency_cost);
  if (!fixed || !cost || Number(nativeCost?.text ?? cost.text) === 0) return 'Not available';
  return money(Number(cost.text), cost.code);
}

/** RFC 4180 lines of a downloaded CSV, after checking and removing its byte-order mark. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), 'UTF-8 byte-order mark').toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  expect(cell + row.join(''), 'the file ends with CRLF').toBe('');
  return rows;
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; rows: string[][] }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), rows: parseCsv(readFileSync((await file.path())!, 'utf8')) };
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name, exact: true });
}

/** The whole page: it scrolls inside Ionic's content, so the window is made tall enough for it. */
async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.analysis').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 400) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

/**
 * The Investments tab with every row expanded shows each position as the platform gives it:
 * market value and book cost in the account currency (or 'Not available' by spec 2 §5's rule),
 * units to 4 decimals. Split positions show as their parts.
 */
async function expectHoldings(page: Page, positions: Position[]): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: 'Investments', exact: true });
  await panel.getByRole('button', { name: 'Expand all' }).click();
  const accounts = [...new Set(positions.map((p) => p.accountid))];
  await expect(panel.locator('.holdings-account')).toHaveCount(accounts.length);
  const tables = panel.locator('.holdings-table');
  await expect(tables).toHaveCount(accounts.length);
  const whole = positions.filter((p) => p.split_index === null || p.split_index === undefined);
  const parts = positions.filter((p) => !whole.includes(p));
  for (const p of whole) {
    const value = moneyOf(p.plan_currency_value)!;
    const row = tables
      .locator('tbody tr:not(.holdings-table__part)')
      .filter({ has: page.locator('th', { hasText: p.description ?? p.code ?? '' }) })
      .filter({ hasText: money(Number(value.text), value.code) });
    await expect(row, `${p.code} in account ${p.accountid}`).toHaveCount(1);
    const cells = row.locator('td');
    const volume = decimalOf(p.volume);
    await expect(cells.nth(1)).toHaveText(volume === null ? '–' : units(volume));
    await expect(cells.nth(2)).toHaveText(expectedCost(p));
  }
  const partRows = tables.locator('tr.holdings-table__part');
  await expect(partRows).toHaveCount(parts.length);
  const shown = (await partRows.locator('td:nth-of-type(1)').allTextContents()).sort();
  expect(shown).toEqual(parts.map((p) => money(Number(moneyOf(p.plan_currency_value)!.text), moneyOf(p.plan_currency_value)!.code)).sort());
}

/**
 * The demo's split holding (spec 2 §3 split_index; Eleanor's SIPP holds its global equity fund
 * in two parts): one row whose value and units are the parts' sums to the penny and to 4
 * decimals, opened and closed from the keyboard, its parts read out with the holding's name.
 */
async function expectSplitHolding(page: Page, positions: Position[]): Promise<void> {
  const parts = positions.filter((p) => p.split_index !== null && p.split_index !== undefined).sort((a, b) => a.split_index! - b.split_index!);
  expect(parts.map((p) => p.split_index), 'the demo has a holding in two parts').toEqual([0, 1]);
  expect(new Set(parts.map((p) => `${p.accountid}|${p.code}`)).size).toBe(1);
  const panel = page.getByRole('tabpanel', { name: 'Investments', exact: true });
  // 'Expand all' (asked for before) opens the holding's parts as well as the accounts.
  const toggle = panel.locator('.holdings-table__toggle');
  await expect(toggle).toHaveCount(1);
  await expect(toggle).toHaveText(parts[0]!.description!);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const table = toggle.locator('xpath=ancestor::table');
  const code = moneyOf(parts[0]!.plan_currency_value)!.code;
  const cents = parts.reduce((sum, p) => sum + Math.round(Number(moneyOf(p.plan_currency_value)!.text) * 100), 0);
  const tenThousandths = parts.reduce((sum, p) => sum + Math.round(decimalOf(p.volume)! * 10_000), 0);
  const holdingCells = toggle.locator('xpath=ancestor::tr').locator('td');
  await expect(holdingCells.nth(0)).toHaveText(money(cents / 100, code));
  await expect(holdingCells.nth(1)).toHaveText(units(tenThousandths / 10_000));
  // From the keyboard: Enter closes it, Space opens it again.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(table.locator('.holdings-table__part')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const [n, p] of parts.entries()) {
    const row = table.getByRole('rowheader', { name: `${p.description}, Part ${n + 1} of 2`, exact: true }).locator('xpath=ancestor::tr');
    await expect(row).toBeVisible();
    await expect(row.locator('td').nth(0)).toHaveText(money(Number(moneyOf(p.plan_currency_value)!.text), code));
    await expect(row.locator('td').nth(1)).toHaveText(units(decimalOf(p.volume)!));
  }
  expect((await toggle.getAttribute('aria-controls'))!.split(' ')).toHaveLength(2);
  await checkA11y(page);
}

/** Every page of the BFF's transactions for the tab's own query (its accounts and dates). */
async function allTransactions(page: Page, firstUrl: string): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let bookmark: string | null = null;
  for (;;) {
    const url = new URL(firstUrl);
    url.searchParams.set('page_size', '200');
    if (bookmark) url.searchParams.set('page_bookmark', bookmark);
    const answer = await page.request.get(url.pathname + url.search);
    expect(answer.status()).toBe(200);
    const items = (await answer.json()) as Transaction[];
    all.push(...items);
    if (items.length < 200) return all;
    bookmark = items[items.length - 1]!.bookmark!;
  }
}

/** Desktop rows equal the API's items in order: DD/MM/YYYY, type, security, units, amount. */
async function expectTransactionRows(page: Page, items: Transaction[], from = 0): Promise<void> {
  const rows = page.locator('.transactions-table tbody tr');
  await expect(rows).toHaveCount(from + items.length);
  const texts = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  items.forEach((t, i) => {
    const value = moneyOf(t.nativeTransactionValue);
    const volume = decimalOf(t.volume);
    expect(texts[from + i], `transaction ${t.id}`).toEqual([
      t.tradeDate ? ddmmyyyy(t.tradeDate._val) : '',
      t.transactionTypeDesc || 'Transaction',
      t.securityDescription || '-',
      volume ? units(volume) : '',
      value ? money(Number(value.text), value.code) : '',
    ]);
  });
}

/** The tab's first transactions call, as it sent it, and the API's answer to the same URL. */
async function firstTransactionsPage(page: Page, open: () => Promise<unknown>): Promise<{ url: string; items: Transaction[] }> {
  const request = page.waitForRequest((r) => r.url().includes('/bff/api/account/transactions') && !r.url().includes('page_bookmark'));
  await open();
  const url = (await request).url();
  const answer = await page.request.get(new URL(url).pathname + new URL(url).search);
  expect(answer.status()).toBe(200);
  return { url, items: await answer.json() };
}


/**
 * The Investment instructions tab of one account: a table per linked target set whose rows are
 * the API's securities in order, each weight with 2 decimals (spec 2 §9).
 */
async function expectInstructions(page: Page, accountId: number) {
  const links = (await (await page.request.get(`/xplanapi/portfolio/account/${accountId}/targetlink`)).json()) as { targetset_id: number }[];
  expect(links.length, 'the account follows a target set').toBeGreaterThan(0);
  const tab = await openTab(page, 'Investment instructions');
  const tables = tab.locator('table');
  await expect(tables).toHaveCount(new Set(links.map((l) => l.targetset_id)).size);
  const weight = (w: unknown) => Number(typeof w === 'object' && w !== null ? (w as { _val: unknown })._val : w);
  const securities = (await (await page.request.get(`/xplanapi/portfolio/targetset/${links[0]!.targetset_id}/allocation/security`)).json()) as { code: string; weight: unknown }[];
  const rows = tables.first().locator('tbody tr');
  await expect(rows).toHaveCount(securities.length);
  for (const [i, s] of securities.entries()) {
    await expect(rows.nth(i).locator('td').nth(1)).toHaveText(s.code);
    await expect(rows.nth(i).locator('td').nth(2)).toHaveText(`${weight(s.weight).toFixed(2)}%`);
  }
  await checkA11y(page);
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('demo.client: Investments, Allocation and Transactions equal the platform, with their CSVs', async ({ page }, testInfo) => {
    test.slow();
    await openAnalysis(page, 'client');
    const entity = await viewedEntity(page);
    const shown = await shownAccounts(page, entity);
    const ids = shown.map((a) => a.accountid);

    // Investments: every holding of every account, to the penny.
    const investments = await openTab(page, 'Investments');
    const positions = await positionsOf(page, ids);
    expect(positions.length).toBeGreaterThan(0);
    await expectHoldings(page, positions);
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('investments-1280.png'));
    await expectSplitHolding(page, positions);

    // Collapse all, then Expand all.
    const toggles = investments.locator('.holdings-account__toggle');
    await investments.getByRole('button', { name: 'Collapse all' }).click();
    await expect(investments.locator('.holdings-table')).toHaveCount(0);
    for (const t of await toggles.all()) await expect(t).toHaveAttribute('aria-expanded', 'false');
    await checkA11y(page);
    await investments.getByRole('button', { name: 'Expand all' }).click();
    for (const t of await toggles.all()) await expect(t).toHaveAttribute('aria-expanded', 'true');
    await expect(investments.locator('.holdings-table')).toHaveCount(await toggles.count());

    // 'What does this mean?' by keyboard: Enter opens it, Escape closes it.
    await investments.getByRole('button', { name: 'What does this mean?' }).focus();
    await page.keyboard.press('Enter');
    const help = page.getByRole('dialog', { name: 'What does this mean?' });
    await expect(help).toBeVisible();
    await expect(help.getByText('Book cost', { exact: true })).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // The holdings CSV: BOM, header, a line per position with the platform's numbers.
    const holdings = await downloaded(page, () => investments.getByRole('button', { name: 'Download CSV' }).click());
    const [, end] = await range(page);
    expect(holdings.name).toBe(`holdings-${end}.csv`);
    const [header, ...lines] = holdings.rows;
    expect(header).toEqual(['Account', 'Security name', 'Code', 'ISIN', 'Units', 'Price', 'Market value', 'Currency', 'Book cost', 'Unrealised gain', '% Amount', 'Price date', 'Part']);
    const fromCsv = lines.map((l) => [l[2], Number(l[4]), Number(l[6]), l[7], l[8] === '' ? 'Not available' : Number(l[8])].join('|')).sort();
    const fromApi = positions
      .map((p) => {
        const value = moneyOf(p.plan_currency_value)!;
        const cost = expectedCost(p) === 'Not available' ? 'Not available' : Number(moneyOf(p.plan_currency_cost)!.text);
        return [p.code ?? '', decimalOf(p.volume), Number(value.text), value.code, cost].join('|');
      })
      .sort();
    expect(fromCsv).toEqual(fromApi);
    // The split holding's two lines are numbered by part; every other line has none.
    expect(lines.map((l) => l[12]).filter((part) => part !== '')).toEqual(['1', '2']);

    // Allocation: every panel opens to its chart (pie or column) and table; rows expand; panels collapse.
    const allocation = await openTab(page, 'Allocation');
    const panels = allocation.locator('.allocation-panel__toggle');
    await expect(panels.first()).toBeVisible();
    const headings = await panels.allTextContents();
    expect(headings).toEqual(expect.arrayContaining(['Asset class', 'Sector', 'Geographic region']));
    for (const heading of headings) {
      const toggle = allocation.getByRole('button', { name: heading, exact: true });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const body = allocation.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await expect(body.locator('.highcharts-container')).toBeVisible();
      // Spec 2 §2.3: a column chart for sector, pies for asset class and geography.
      const [kind, other] = heading === 'Sector' ? ['column', 'pie'] : ['pie', 'column'];
      await expect(body.locator(`.highcharts-${kind}-series`).first()).toBeVisible();
      await expect(body.locator(`.highcharts-${other}-series`)).toHaveCount(0);
      const groups = body.locator('.allocation-table__toggle');
      expect(await groups.count()).toBeGreaterThan(0);
      await groups.first().click();
      await expect(groups.first()).toHaveAttribute('aria-expanded', 'true');
      await expect(body.locator(`#${await groups.first().getAttribute('aria-controls')}`)).toBeVisible();
    }
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('allocation-1280.png'));
    const first = allocation.getByRole('button', { name: headings[0]!, exact: true });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(allocation.locator(`#${await first.getAttribute('aria-controls')}`)).toBeHidden();
    await checkA11y(page);

    // Transactions: the first 50 equal the BFF's answer for the tab's accounts and dates.
    const { url, items } = await firstTransactionsPage(page, () => openTab(page, 'Transactions'));
    const asked = new URL(url).searchParams;
    const [start] = await range(page);
    expect(asked.getAll('accountIds').map(Number).sort()).toEqual([...ids].sort());
    expect([asked.get('startDate'), asked.get('endDate'), asked.get('page_size')]).toEqual([start, end, '50']);
    expect(items).toHaveLength(50);
    await expectTransactionRows(page, items);
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('transactions-1280.png'));

    // Load more: the next page by the last item's bookmark.
    const next = page.waitForRequest((r) => r.url().includes('/bff/api/account/transactions') && r.url().includes('page_bookmark'));
    await page.getByRole('button', { name: 'Load more' }).click();
    const nextUrl = new URL((await next).url());
    expect(nextUrl.searchParams.get('page_bookmark')).toBe(items[49]!.bookmark);
    const page2 = (await (await page.request.get(nextUrl.pathname + nextUrl.search)).json()) as Transaction[];
    expect(page2.length).toBeGreaterThan(0);
    await expectTransactionRows(page, page2, 50);

    // The details panel shows the chosen row.
    const chosen = page2[0]!;
    const row = page.locator('.transactions-table tbody tr').nth(50);
    await row.getByRole('button').click();
    await expect(row.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    const details = page.getByRole('complementary', { name: 'Transaction details' });
    await expect(details.locator('.transaction-fields__row', { hasText: 'Trade date' }).locator('dd')).toHaveText(ddmmyyyy(chosen.tradeDate!._val));
    await expect(details.locator('.transaction-fields__row', { hasText: 'Security' }).first().locator('dd')).toHaveText(chosen.securityDescription || '-');
    const gross = moneyOf(chosen.grossAmount);
    await expect(details.locator('.transaction-fields__row', { hasText: 'Gross amount' }).locator('dd')).toHaveText(gross ? money(Number(gross.text), gross.code) : '-');
    await checkA11y(page);

    // A new date range starts again from page 1.
    const restarted = firstTransactionsPage(page, async () => {
      await page.locator('.date-range-button').click();
      const dialog = page.getByRole('dialog', { name: 'Date range' });
      await dialog.getByLabel('3 years').check();
      await dialog.getByRole('button', { name: 'Apply' }).click();
    });
    const again = await restarted;
    const [start3] = await range(page);
    expect(start3 < start).toBe(true);
    expect(new URL(again.url).searchParams.get('startDate')).toBe(start3);
    await expectTransactionRows(page, again.items);

    // The transactions CSV: every page of the range, not only those on screen.
    const all = await allTransactions(page, again.url);
    expect(all.length).toBeGreaterThan(again.items.length);
    const csv = await downloaded(page, () => page.getByRole('tabpanel', { name: 'Transactions' }).getByRole('button', { name: 'Download CSV' }).click());
    expect(csv.name).toBe(`transactions-${start3}-to-${end}.csv`);
    const [txHeader, ...txLines] = csv.rows;
    expect(txHeader!.slice(0, 10)).toEqual(['Trade date', 'Settlement date', 'Account id', 'Type', 'Security', 'Code', 'ISIN', 'Units', 'Price per unit', 'Gross']);
    expect(txLines).toHaveLength(all.length);
    const col = (name: string) => txHeader!.indexOf(name);
    all.forEach((t, i) => {
      const line = txLines[i]!;
      const gross = moneyOf(t.grossAmount);
      const volume = decimalOf(t.volume);
      expect([line[col('Trade date')], Number(line[col('Account id')]), line[col('Units')] === '' ? null : Number(line[col('Units')]), line[col('Gross')] === '' ? null : Number(line[col('Gross')])], `CSV line ${i + 1}`).toEqual([
        t.tradeDate?._val.slice(0, 10) ?? '',
        t.accountId,
        volume,
        gross ? Number(gross.text) : null,
      ]);
    });
  });

  test('demo.client: one account’s Investment instructions and Payment information', async ({ page }) => {
    await openAnalysis(page, 'client');
    const entity = await viewedEntity(page);
    const shown = await shownAccounts(page, entity);
    const isa = shown.find((a) => /ISA/.test(a.description))!;
    expect(isa, 'the demo has an ISA').toBeTruthy();

    await page.goto(`/clients/analysis?id=${isa.accountid}`);
    await expect(page.getByRole('heading', { level: 1, name: isa.description })).toBeVisible();
    // Investment instructions (the demo's clients hold modelling_by_target_sets): the ISA
    // follows one model, its securities and weights as the API gives them.
    await expectInstructions(page, isa.accountid);
    await expect(page.getByRole('tab', { name: 'Payment information' })).toBeVisible();

    // Payment information: BPAY and the bank account, as the API gives them.
    const info = (await (await page.request.get(`/xplanapi/portfolio/account/${isa.accountid}/payment_information`)).json()) as {
      bpay: { billerCode: string; reference: string };
      bankAccount: { bank: string; accountName: string; bsb: string; accountNumber: string };
    };
    const payment = await openTab(page, 'Payment information');
    const field = (card: string, label: string) =>
      payment.getByRole('region', { name: card }).locator('.transaction-fields__row').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(field('BPAY', 'Biller code')).toHaveText(info.bpay.billerCode);
    await expect(field('BPAY', 'Reference')).toHaveText(info.bpay.reference);
    await expect(field('Bank account', 'Bank')).toHaveText(info.bankAccount.bank);
    await expect(field('Bank account', 'Account name')).toHaveText(info.bankAccount.accountName);
    await expect(field('Bank account', 'BSB')).toHaveText(info.bankAccount.bsb);
    await expect(field('Bank account', 'Account number')).toHaveText(info.bankAccount.accountNumber);
    await checkA11y(page);

    // An account without a payment method: the spec's text.
    let bare: Account | undefined;
    for (const a of shown) {
      const p = (await (await page.request.get(`/xplanapi/portfolio/account/${a.accountid}/payment_information`)).json()) as { bpay: unknown; bankAccount: unknown };
      if (!p.bpay && !p.bankAccount) {
        bare = a;
        break;
      }
    }
    expect(bare, 'the demo has an account without payment methods').toBeTruthy();
    await page.goto(`/clients/analysis?id=${bare!.accountid}`);
    await expect(page.getByRole('heading', { level: 1, name: bare!.description })).toBeVisible();
    await expect(await openTab(page, 'Payment information')).toHaveText('No payment method available yet');
    await checkA11y(page);
  });
});

for (const [name, use] of smallScreens) {
  test.describe(`on a ${name}`, () => {
    test.use(use);

    test('the Investments, Allocation and Transactions tabs lay out without sideways scroll', async ({ page }, testInfo) => {
      test.slow();
      const width = use.viewport.width;
      await openAnalysis(page, 'client');
      // The page scrolls inside the shell's content, not the document: measure the page itself.
      // A wide table may scroll inside its own box; the page must not.
      const fits = async () =>
        expect(await page.locator('.analysis').evaluate((el) => el.scrollWidth - el.clientWidth), `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);

      const investments = await openTab(page, 'Investments');
      await investments.getByRole('button', { name: 'Expand all' }).click();
      await expect(investments.locator('.holdings-table').first()).toBeVisible();
      // Expand all opens the split holding's parts too.
      await expect(investments.locator('.holdings-table__part')).toHaveCount(2);
      await fits();
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`investments-${width}.png`));
      // The parts open and close from the holding's button on a phone too.
      await expectSplitHolding(page, await positionsOf(page, (await shownAccounts(page, await viewedEntity(page))).map((a) => a.accountid)));
      await fits();

      const allocation = await openTab(page, 'Allocation');
      await expect(allocation.locator('.allocation-panel__toggle').first()).toBeVisible();
      for (const toggle of await allocation.locator('.allocation-panel__toggle').all()) {
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      }
      await expect(allocation.locator('.highcharts-container')).toHaveCount(await allocation.locator('.allocation-panel').count());
      await fits();
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`allocation-${width}.png`));

      await openTab(page, 'Transactions');
      if (width <= 767) {
        // Phones: an expandable list; a row opens and closes with the keyboard.
        await expect(page.locator('.transactions-table')).toHaveCount(0);
        const toggle = page.locator('.transactions-list__toggle').first();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.focus();
        await page.keyboard.press('Enter');
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(page.locator(`#${await toggle.getAttribute('aria-controls')}`)).toContainText('Trade date');
        await checkA11y(page);
        await page.keyboard.press('Space');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      } else {
        await expect(page.locator('.transactions-table tbody tr')).toHaveCount(50);
      }
      await fits();
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`transactions-${width}.png`));
    });
  });
}

test.describe('an adviser', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('demo.adviser with demo.client in context sees the same Investments and Transactions, read-only', async ({ page }) => {
    test.slow();
    await openAnalysis(page, 'adviser');
    const entity = await viewedEntity(page);
    const ids = (await shownAccounts(page, entity)).map((a) => a.accountid);

    await openTab(page, 'Investments');
    await expectHoldings(page, await positionsOf(page, ids));
    await checkA11y(page);

    const { url, items } = await firstTransactionsPage(page, () => openTab(page, 'Transactions'));
    expect(new URL(url).searchParams.getAll('accountIds').map(Number).sort()).toEqual([...ids].sort());
    await expectTransactionRows(page, items);
    await checkA11y(page);
    // Read-only: nothing on the page writes (no form fields).
    await expect(page.locator('.analysis input, .analysis textarea')).toHaveCount(0);

    // The ISA's Investment instructions, read-only, as the client sees them.
    const isa = (await shownAccounts(page, entity)).find((a) => /ISA/.test(a.description))!;
    await page.goto(`/clients/analysis?id=${isa.accountid}`);
    await expect(page.getByRole('heading', { level: 1, name: isa.description })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Payment information' })).toBeVisible();
    await expectInstructions(page, isa.accountid);
  });
});
