import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CategoryChartData } from '../../../shared/charts';
import { clientUser, jsonResponse, renderPage } from '../../../test/render-with-providers';
import AllocationTab from './allocation-tab';
import demoPositions from './holdings-demo-positions.json';
import { holdingsSelection, serveHoldings, withAnalysisSettings } from './holdings-tab-setup';

// The Highcharts chunks are not what these tests are about (jsdom draws no SVG): stand-ins
// that show which chart was chosen and the data it was given.
const chart = (kind: string) => ({
  default: ({ data }: { data: CategoryChartData }) => <div data-testid={`${kind}-chart`} data-points={JSON.stringify(data.points)} />,
});
vi.mock('../../../shared/charts/pie-chart', () => chart('pie'));
vi.mock('../../../shared/charts/column-chart', () => chart('column'));

beforeEach(() => serveHoldings(() => jsonResponse(200, demoPositions)));
afterEach(() => vi.unstubAllGlobals());

const show = () => renderPage(<AllocationTab selection={holdingsSelection} />, { session: { status: 'signed-in', user: clientUser } });

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => !row.hidden)
    .map((row) => Array.from(row.querySelectorAll(':scope > th, :scope > td')).map((cell) => cell.textContent));

describe('the Allocation tab (spec 2 §2.3)', () => {
  it('shows asset class, sector and geographic region panels, all collapsed as there are three', async () => {
    show();
    const toggles = await screen.findAllByRole('button', { name: /^(Asset class|Sector|Geographic region)$/ });
    expect(toggles.map((t) => [t.textContent, t.getAttribute('aria-expanded')])).toEqual([
      ['Asset class', 'false'],
      ['Sector', 'false'],
      ['Geographic region', 'false'],
    ]);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws sectors as columns beside a table summing each sector, rows expanding to investment, account and amount', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Sector' }));
    const points = JSON.parse((await screen.findByTestId('column-chart')).dataset.points!) as { name: string; value: number }[];
    expect(points[0]).toEqual({ name: 'Global', value: 79282.64 });
    const table = screen.getByRole('region', { name: 'Sector, table' });
    // Of 187,550.28 in all: Global (BVWLD 18,608.79 + CLGSA 17,423.19 + HVGEA 43,250.66 =
    // 79,282.64) is 42.27 %; the floors add up to 95 and the five points go to the largest
    // remainders: Cash .850, Sterling Corporate Bond .813, UK Equity Income .777, Technology
    // .692, Property Other .690.
    expect(rowTexts(table)).toEqual([
      ['Sector', 'Amount', '%'],
      ['Global', '£79,282.64', '42%'],
      ['North America', '£22,774.52', '12%'],
      ['UK Equity Income', '£22,088.43', '12%'],
      ['Sterling Corporate Bond', '£20,279.56', '11%'],
      ['Global Emerging Markets', '£15,336.98', '8%'],
      ['Property Other', '£12,547.14', '7%'],
      ['USD Corporate Bond', '£5,662.56', '3%'],
      ['UK Gilts', '£4,812.03', '2%'],
      ['Cash', '£3,468.96', '2%'],
      ['Technology', '£1,297.46', '1%'],
      ['Total', '£187,550.28', '100%'],
    ]);
    const cash = within(table).getByRole('button', { name: 'Cash' });
    expect(cash).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(cash);
    expect(cash).toHaveAttribute('aria-expanded', 'true');
    const items = within(table).getByRole('table', { name: 'Investments in Cash' });
    expect(rowTexts(items)).toEqual([
      ['Investment', 'Account', 'Amount'],
      ['US Dollar Cash', 'US Dollar Investment Account', '£1,917.08'],
      ['Sterling Cash', 'Stocks & Shares ISA', '£1,551.88'],
    ]);
  });

  it('draws asset classes as a pie, split by look-through (Detailed) unless the principal view is on', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Asset class' }));
    const pie = await screen.findByTestId('pie-chart');
    const equity = () => (JSON.parse(pie.dataset.points!) as { name: string; value: number }[]).find((p) => p.name === 'Equity');
    // 98 % of BVWLD, CLGSA, HVGEA, HVUEI, WBEMA and MRUSA, each to the penny (18,236.61 +
    // 17,074.73 + 42,385.65 + 21,646.66 + 15,030.24 + 22,319.03), plus all of USTC 1,297.46.
    expect(equity()).toEqual({ name: 'Equity', value: 137990.38 });
    fireEvent.click(screen.getByRole('button', { name: 'Geographic region' }));
    expect(await screen.findAllByTestId('pie-chart')).toHaveLength(2);
  });

  it('groups by the asset class code under the principal view, and opens a lone panel at once', async () => {
    withAnalysisSettings({ allocation: { principalAssetClassView: true, showSector: false, showGeographicRegion: false } });
    show();
    const toggle = await screen.findByRole('button', { name: 'Asset class' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('button', { name: 'Sector' })).toBeNull();
    const table = screen.getByRole('region', { name: 'Asset class, table' });
    // Equity: 18,608.79 + 17,423.19 + 43,250.66 + 22,088.43 + 15,336.98 + 22,774.52 + 1,297.46.
    expect(rowTexts(table)[1]).toEqual(['Equity', '£140,780.03', '75%']);
  });

  it("says 'There are no investments available for the accounts and dates selected' when there are none", async () => {
    serveHoldings(() => jsonResponse(200, []));
    show();
    expect(await screen.findByText('There are no investments available for the accounts and dates selected')).toBeInTheDocument();
  });

  it("shows the server's message in a warning panel", async () => {
    serveHoldings(() => jsonResponse(404, { user_message: 'The requested item was not found.', api_message: 'Resource Not Found' }));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The requested item was not found.');
  });
});
