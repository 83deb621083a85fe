import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clientUser, jsonResponse, renderPage } from '../../../test/render-with-providers';
import type { AnalysisSelection } from '../analysis-selection';
import demoPositions from './holdings-demo-positions.json';
import { holdingsSelection, serveHoldings, withAnalysisSettings } from './holdings-tab-setup';
import InvestmentsTab from './investments-tab';

/**
 * The Investments tab with demo.client's positions in the Stocks & Shares ISA (1) and the US
 * Dollar Investment Account (5) as the platform answered them for 2026-11-24
 * (holdings-demo-positions.json, cut to the fields the screen reads).
 */

const usdInIsa = {
  ...demoPositions[10],
  position_id: '1-14',
  accountid: 1,
  plan_currency: 'GBP',
  plan_currency_marketprice: { _type: 'Currency', _val: { code: 'GBP', value: { _type: 'BigDecimal', _val: '465.5904' } } },
  plan_currency_value: { _type: 'Currency', _val: { code: 'GBP', value: { _type: 'BigDecimal', _val: '22774.52' } } },
  plan_currency_cost: 'Not available',
  plan_currency_unrealised_gain: 'Not available',
};

let routes: ReturnType<typeof serveHoldings>;

function serve(positions: () => Response) {
  routes = serveHoldings(positions);
}

beforeEach(() => serve(() => jsonResponse(200, demoPositions)));
afterEach(() => vi.unstubAllGlobals());

const show = (over: Partial<AnalysisSelection> = {}) =>
  renderPage(<InvestmentsTab selection={{ ...holdingsSelection, ...over }} />, { session: { status: 'signed-in', user: clientUser } });

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td')).map((c) => c.textContent);

describe('the Investments tab (spec 2 §2.3)', () => {
  it("shows each account's holdings with the spec's columns and decimals, asked for at the end date", async () => {
    show();
    const isa = await screen.findByRole('region', { name: 'Stocks & Shares ISA, investments' });
    expect(within(isa).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Security name', 'Market value', 'Units', 'Book cost', '% Amount', 'Unrealised gain']);
    const hvgea = within(isa).getByRole('rowheader', { name: /Harbour Global Equity Fund Acc/ }).closest('tr')!;
    // % Amount of the ISA's 155,898.66: HVGEA 27.74 % rounds up to 28 (the four largest
    // remainders take the four missing points: cash .995, BVWLD .937, WBEMA .838, HVGEA .743).
    expect(cells(hvgea)).toEqual(['Harbour Global Equity Fund AccHVGEA', '£43,250.66', '7,095.1566', '£23,791.32', '28%', '£19,459.34']);
    // Cash is listed last; a loss keeps its sign.
    const rows = within(isa).getAllByRole('row');
    expect(cells(rows[rows.length - 2]!)[0]).toBe('Sterling CashCASH.GBP');
    expect(cells(within(isa).getByRole('rowheader', { name: /Severn Corporate Bond/ }).closest('tr')!)[5]).toBe('-£1,088.51');
    // Total value: 4812.03 + 18608.79 + 17423.19 + 43250.66 + 22088.43 + 12547.14 + 20279.56 +
    // 15336.98 + 1551.88 = 155,898.66.
    const total = rows[rows.length - 1]!;
    expect(cells(total).slice(0, 2)).toEqual(['Total', '£155,898.66']);
    // Account 5 in its own currency, USD: 8452.50 + 33995.52 + 1936.72 + 2861.62 = 47,246.36;
    // gains -528.94 + 7509.15 - 1125.13 + 0 = 5,855.08. Shares of the base values: 18, 72, 4, 6.
    const usd = screen.getByRole('region', { name: 'US Dollar Investment Account, investments' });
    const usdRows = within(usd).getAllByRole('row');
    expect(cells(usdRows[usdRows.length - 1]!)).toEqual(['Total', '$47,246.36', '', '$41,391.28', '100%', '$5,855.08']);
    expect(usdRows.slice(1, -1).map((r) => cells(r)[4])).toEqual(['18%', '72%', '4%', '6%']);
    const call = routes.calls().find((c) => c.key === 'GET /xplanapi/portfolio/position')!;
    expect(call.url.searchParams.get('accountid')).toBe('1,5');
    expect(call.url.searchParams.get('as_at_date')).toBe('2026-11-24');
  });

  it('asks for a drilled-into account group by its code', async () => {
    show({ groupCode: 'FAMILY' });
    await screen.findByRole('region', { name: 'Stocks & Shares ISA, investments' });
    const call = routes.calls().find((c) => c.key.startsWith('GET /xplanapi/portfolio/group/'));
    expect(call?.key).toBe('GET /xplanapi/portfolio/group/account/code/FAMILY/position');
    expect(call?.url.searchParams.get('entityid')).toBe('1001');
  });

  it("starts with the accounts expanded; 'Collapse all', 'Expand all' and one account's button change that", async () => {
    show();
    const isaButton = await screen.findByRole('button', { name: 'Stocks & Shares ISA' });
    const usdButton = screen.getByRole('button', { name: 'US Dollar Investment Account' });
    expect([isaButton, usdButton].map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'true']);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect([isaButton, usdButton].map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'false']);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(usdButton);
    expect([isaButton, usdButton].map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'true']);
    expect(screen.getAllByRole('table')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getAllByRole('table')).toHaveLength(2);
  });

  it("converts one account between account and original currency, book cost 'Not available' when converted", async () => {
    serve(() => jsonResponse(200, [...demoPositions.slice(0, 9), usdInIsa]));
    show();
    const isa = await screen.findByRole('region', { name: 'Stocks & Shares ISA, investments' });
    const etf = () => within(isa).getByRole('rowheader', { name: /Meridian US Equity ETF/ }).closest('tr')!;
    // The ETF's share of 178,673.18 (the ISA's 155,898.66 + 22,774.52) is 12.746 %: floors add
    // up to 95, and the five points go to the largest remainders: cash .869, CLGSA .751, the ETF
    // .746, AVGLA .693, WBEMA .584. So 13 %.
    expect(cells(etf()).slice(1)).toEqual(['£22,774.52', '48.8451', 'Not available', '13%', 'Not available']);
    fireEvent.click(screen.getByRole('button', { name: 'Convert to original currency' }));
    expect(cells(etf()).slice(1)).toEqual(['$33,995.52', '48.8451', '$26,486.37', '13%', '$7,509.15']);
    // Mixed currencies cannot be added up: the total says so rather than mixing them.
    const rows = within(isa).getAllByRole('row');
    expect(cells(rows[rows.length - 1]!)[1]).toBe('–');
    expect(screen.getByRole('button', { name: 'Convert to account currency' })).toBeInTheDocument();
  });

  it('nests the parts of a split holding under it, closed until opened or Expand all', async () => {
    // HVGEA held in two parts (split_index 0 and 1) of 3,000.0000 and 4,095.1566 units.
    const [first, second] = [demoPositions[3]!, demoPositions[3]!].map((p, i) => ({
      ...p,
      position_id: `1-1-${i}`,
      split_index: i,
      volume: { _type: 'BigDecimal', _val: i === 0 ? '3000.0000' : '4095.1566' },
      plan_currency_value: { _type: 'Currency', _val: { code: 'GBP', value: { _type: 'BigDecimal', _val: i === 0 ? '18287.40' : '24963.26' } } },
    }));
    serve(() => jsonResponse(200, [first, second, ...demoPositions.slice(0, 3)]));
    show();
    const holding = await screen.findByRole('button', { name: 'Harbour Global Equity Fund Acc' });
    expect(holding).toHaveAttribute('aria-expanded', 'false');
    expect(holding).not.toHaveAttribute('aria-controls');
    // One row for the holding: units and value summed over the parts (18,287.40 + 24,963.26).
    const row = holding.closest('tr')!;
    expect(cells(row).slice(1, 3)).toEqual(['£43,250.66', '7,095.1566']);
    const partName = (n: number) => `Harbour Global Equity Fund Acc, Part ${n} of 2`;
    expect(screen.queryByRole('rowheader', { name: partName(1) })).toBeNull();
    // From the keyboard: Tab to the holding's button, Enter opens it, Space closes it.
    const user = userEvent.setup();
    holding.focus();
    await user.keyboard('{Enter}');
    expect(holding).toHaveAttribute('aria-expanded', 'true');
    const parts = [1, 2].map((n) => screen.getByRole('rowheader', { name: partName(n) }).closest('tr')!);
    // The button names the rows it shows; each part reads "Part n of 2" with its holding's name for screen readers.
    expect(holding.getAttribute('aria-controls')!.split(' ')).toEqual(parts.map((p) => p.id));
    expect(parts.map((p) => p.querySelector('th')!.textContent)).toEqual([partName(1), partName(2)]);
    expect(cells(parts[1]!).slice(1, 3)).toEqual(['£24,963.26', '4,095.1566']);
    expect(cells(parts[0]!).slice(1, 3)).toEqual(['£18,287.40', '3,000.0000']);
    await user.keyboard(' ');
    expect(holding).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('rowheader', { name: partName(2) })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('rowheader', { name: partName(1) })).toBeInTheDocument();
  });

  it("says 'Conversion rate unavailable' where the platform has no rate, leaving the row out of the shares", async () => {
    const noRate = { ...demoPositions[10], position_id: '5-99', value: 'Conversion rate unavailable', plan_currency_value: 'Conversion rate unavailable' };
    serve(() => jsonResponse(200, [...demoPositions.slice(9), noRate]));
    show({ accountIds: [5] });
    const usd = await screen.findByRole('region', { name: 'US Dollar Investment Account, investments' });
    // Rows: HVDBI, MRUSA, USTC, the unpriced copy, then cash (last), then the total.
    const rows = within(usd).getAllByRole('row').slice(1, -1).map(cells);
    expect(rows.map((r) => r.slice(1, 2)[0])).toEqual(['$8,452.50', '$33,995.52', '$1,936.72', 'Conversion rate unavailable', '$2,861.62']);
    expect(rows.map((r) => r[4])).toEqual(['18%', '72%', '4%', '', '6%']);
  });

  it('shows annual income and yield (2 decimals) on positions only under SecurityLevelOnly, and no gain column under None', async () => {
    withAnalysisSettings({ investments: { incomeAndYield: 'SecurityLevelOnly', unrealisedGain: 'None' } });
    const income = { ...demoPositions[4], annual_income: { _type: 'Currency', _val: { code: 'GBP', value: { _type: 'BigDecimal', _val: '927.71' } } }, percent_yield: { _type: 'BigDecimal', _val: '4.2' } };
    serve(() => jsonResponse(200, [income]));
    show({ accountIds: [1] });
    const isa = await screen.findByRole('region', { name: 'Stocks & Shares ISA, investments' });
    expect(within(isa).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Security name', 'Market value', 'Units', 'Book cost', '% Amount', 'Annual income', 'Yield']);
    const [, row, total] = within(isa).getAllByRole('row');
    expect(cells(row!).slice(5)).toEqual(['£927.71', '4.20%']);
    expect(cells(total!).slice(5)).toEqual(['', '']);
  });

  it("explains the columns in 'What does this mean?'", async () => {
    show();
    await screen.findByRole('region', { name: 'Stocks & Shares ISA, investments' });
    fireEvent.click(screen.getByRole('button', { name: 'What does this mean?' }));
    const dialog = screen.getByRole('dialog', { name: 'What does this mean?' });
    expect(within(dialog).getAllByRole('term').map((t) => t.textContent)).toEqual(['Security name', 'Market value', 'Units', 'Book cost', '% Amount', 'Unrealised gain']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('downloads the holdings as CSV, one line per position, figures as the platform gave them', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: stand in for them in this test only.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:holdings');
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show();
    await screen.findByRole('region', { name: 'Stocks & Shares ISA, investments' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await blobs[0]!.text();
    const lines = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + demoPositions.length);
    expect(lines[0]).toBe('Account,Security name,Code,ISIN,Units,Price,Market value,Currency,Book cost,Unrealised gain,% Amount,Price date,Part');
    // Read back, each line is the platform's position in the account's currency, numbers equal
    // to the platform's decimal texts (no commas in the demo's names, so a split reads it).
    const amount = (m: { _val: { value: { _val: string } } }) => Number(m._val.value._val);
    demoPositions.forEach((p, i) => {
      const row = lines[i + 1]!.split(',');
      expect(row.slice(0, 4)).toEqual([p.accountid === 1 ? 'Stocks & Shares ISA' : 'US Dollar Investment Account', p.description, p.code, p.security.isin]);
      expect([row[4], row[5], row[6], row[8], row[9], row[10]].map(Number)).toEqual([
        Number(p.volume._val),
        amount(p.plan_currency_marketprice),
        amount(p.plan_currency_value),
        amount(p.plan_currency_cost),
        amount(p.plan_currency_unrealised_gain),
        Number(p.weight._val),
      ]);
      expect([row[7], row[11], row[12]]).toEqual([p.plan_currency, p.priceDate?._val ?? '', '']);
    });
    click.mockRestore();
  });

  it("says 'There are no investments available for the accounts and dates selected' when there are none", async () => {
    serve(() => jsonResponse(200, []));
    show();
    expect(await screen.findByText('There are no investments available for the accounts and dates selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it("shows the server's message in a warning panel", async () => {
    serve(() => jsonResponse(403, { user_message: 'You cannot view these accounts.', api_message: 'Forbidden' }));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot view these accounts.');
  });

  it('holds the place with a skeleton while the positions load', async () => {
    let release: (r: Response) => void = () => undefined;
    serve(() => new Promise<Response>((resolve) => (release = resolve)) as unknown as Response);
    show();
    expect(screen.getByRole('status', { name: 'Loading investments' })).toBeInTheDocument();
    release(jsonResponse(200, demoPositions));
    await screen.findByRole('region', { name: 'Stocks & Shares ISA, investments' });
    expect(screen.queryByRole('status', { name: 'Loading investments' })).toBeNull();
  });
});
