import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as CsvModule from '../../../shared/format/csv';
import { routeFetch } from '../../../test/fetch-routes';
import { jsonResponse, renderPage } from '../../../test/render-with-providers';
import { parseProfitBreakdown, profitBreakdownPath, useProfitBreakdown, type ProfitBreakdown, type ProfitBreakdownParams } from '../api/profit-breakdown';
import { BreakdownView, SUB_PERIOD_CSV_HEADER, subPeriodsCsv } from './breakdown-view';
import { HowCalculated } from './how-calculated';
import { RETURN_EXPLANATIONS } from './return-figures';

const download = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/format/csv', async (actual) => ({ ...(await actual<typeof CsvModule>()), downloadCsv: download }));

// Ionic's modal does not open in jsdom (the e2e test opens the real one): the lazy chunk is
// stood in for by its content, fetched through the real hook.
vi.mock('./how-calculated-modal', () => ({
  default: function Stand({ isOpen, params, locale }: { isOpen: boolean; params: ProfitBreakdownParams; locale: string }) {
    const query = useProfitBreakdown(params, isOpen);
    return isOpen ? (
      <div role="dialog" aria-label="How was this calculated?">
        <BreakdownView breakdown={query.data} loading={query.isPending} failed={query.isError} locale={locale} />
      </div>
    ) : null;
  },
}));

const money = (value: string) => ({ _type: 'Currency', _val: { code: 'GBP', value: { _type: 'BigDecimal', _val: value } } });
const dec = (value: string) => ({ _type: 'BigDecimal', _val: value });
const date = (value: string) => ({ _type: 'Date', _val: value });

// The hand-worked account of the platform's test (2 to 5 January 2024, a deposit of 5,000 on
// the 4th): 10,000 + 5,000 + 0 + 360 = 15,360; links 8%, 0%, −2.78…%, chained to 4.99%.
const answer = {
  start_date: date('2024-01-02'),
  end_date: date('2024-01-05'),
  report_currency: 'GBP',
  total: {
    accounts_count: 1,
    value_start: money('10000.00'),
    contributions: money('5000.00'),
    withdrawals: money('-1234.50'),
    income: money('12.34'),
    growth: money('1594.50'),
    movement: money('1594.50'),
    value: money('15360.00'),
    value_change: money('5360.00'),
    twrr: dec('4.99'),
    twrr_annualised: dec('4.99'),
    twrr_start_date: date('2024-01-02'),
    irr: dec('3.09'),
    irr_annualised: dec('3.09'),
  },
  subperiods: [
    { start_date: date('2024-01-02'), end_date: date('2024-01-03'), value_start: dec('10000.00'), flow: dec('0.00'), value: dec('10800.00'), return: dec('8.0000000000'), cumulative_return: dec('8.0000000000') },
    { start_date: date('2024-01-03'), end_date: date('2024-01-04'), value_start: dec('10800.00'), flow: dec('5000.00'), value: dec('15800.00'), return: dec('0.0000000000'), cumulative_return: dec('8.0000000000') },
    { start_date: date('2024-01-04'), end_date: date('2024-01-05'), value_start: dec('15800.00'), flow: dec('-1234.50'), value: dec('15360.00'), return: dec('-2.7848101266'), cumulative_return: dec('4.9924050633') },
  ],
};

const params: ProfitBreakdownParams = { entityId: 1001, accountIds: [1, 2], startDate: '2024-01-02', endDate: '2024-01-05', feesAndTaxes: 1, holdBack: false };

/** Reads CSV text back: BOM dropped, CRLF lines, no quoted cells in this file. */
function readCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1, -2).split('\r\n').map((line) => line.split(','));
}

afterEach(() => {
  vi.unstubAllGlobals();
  download.mockReset();
});

describe('the breakdown call', () => {
  it('asks for the same selection and dates as the figures it explains, a group by its code', () => {
    const path = profitBreakdownPath(params);
    expect(path.startsWith('portfolio/profit_analysis/breakdown?')).toBe(true);
    const q = new URLSearchParams(path.split('?')[1]);
    expect([q.get('entityid'), q.get('accountid'), q.get('start_date'), q.get('end_date'), q.get('fees_and_taxes'), q.get('hold_back_period')]).toEqual([
      '1001',
      '1,2',
      '2024-01-02',
      '2024-01-05',
      '1',
      '0',
    ]);
    expect(profitBreakdownPath({ ...params, groupCode: 'LONG TERM' })).toMatch(/^portfolio\/group\/account\/code\/LONG%20TERM\/profit_analysis\/breakdown\?/);
  });
});

describe('BreakdownView', () => {
  const breakdown: ProfitBreakdown = parseProfitBreakdown(answer);

  it('shows the period’s figures with £ and 2 decimals, growth holding the sum, and both returns with their explanations', () => {
    renderPage(<BreakdownView breakdown={breakdown} loading={false} failed={false} locale="en-gb" />);
    const figure = (key: string) => document.querySelector(`[data-figure="${key}"]`);
    expect(figure('value_start')).toHaveTextContent('£10,000.00');
    expect(figure('contributions')).toHaveTextContent('£5,000.00');
    expect(figure('withdrawals')).toHaveTextContent('-£1,234.50');
    expect(figure('growth')).toHaveTextContent('£1,594.50');
    expect(figure('income')).toHaveTextContent('£12.34');
    expect(figure('value')).toHaveTextContent('£15,360.00');
    // 10,000 + 5,000 − 1,234.50 + 1,594.50 = 15,360, from the exact figures on the screen.
    const cents = (key: string) => Math.round(Number(figure(key)!.getAttribute('data-exact')) * 100);
    expect(cents('value_start') + cents('contributions') + cents('withdrawals') + cents('growth')).toBe(cents('value'));
    expect(figure('twrr')).toHaveTextContent('+4.99%');
    expect(figure('irr')).toHaveTextContent('+3.09%');
    expect(screen.getByText(RETURN_EXPLANATIONS.twr)).toBeInTheDocument();
    expect(screen.getByText(RETURN_EXPLANATIONS.irr)).toBeInTheDocument();
    expect(screen.getByText('2 Jan 2024 to 5 Jan 2024')).toBeInTheDocument();
    expect(screen.getByText(/links 3 daily returns from 2 Jan 2024 to 5 Jan 2024/)).toBeInTheDocument();
  });

  it('downloads every sub-period as a CSV whose rows read back as the sub-periods given', () => {
    renderPage(<BreakdownView breakdown={breakdown} loading={false} failed={false} locale="en-gb" />);
    fireEvent.click(screen.getByRole('button', { name: 'Download the daily figures (CSV)' }));
    expect(download).toHaveBeenCalledTimes(1);
    const [fileName, text] = download.mock.calls[0] as [string, string];
    expect(fileName).toBe('daily-figures-2024-01-02-to-2024-01-05.csv');
    expect(text).toBe(subPeriodsCsv(breakdown));
    const [header, ...rows] = readCsv(text);
    expect(header).toEqual([...SUB_PERIOD_CSV_HEADER]);
    expect(rows).toEqual(
      answer.subperiods.map((s) => [s.start_date._val, s.end_date._val, 'GBP', ...[s.value_start, s.flow, s.value, s.return, s.cumulative_return].map((v) => String(Number(v._val)))]),
    );
    expect(rows[2]).toEqual(['2024-01-04', '2024-01-05', 'GBP', '15800', '-1234.5', '15360', '-2.7848101266', '4.9924050633']);
    // Chain-linked again, the daily returns give the TWR shown, to its 2 decimals.
    const chained = rows.reduce((g, row) => g * (1 + Number(row[6]) / 100), 1) - 1;
    expect((chained * 100).toFixed(2)).toBe('4.99');
  });

  it('says the figures are loading, and the portfolio error when they cannot be loaded', () => {
    const { rerender } = renderPage(<BreakdownView breakdown={undefined} loading failed={false} locale="en-gb" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the figures…');
    rerender(<BreakdownView breakdown={undefined} loading={false} failed locale="en-gb" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong with loading your portfolio data.');
  });

  it('gives the reason instead of a return that cannot be worked out, and no download without sub-periods', () => {
    const empty = parseProfitBreakdown({ ...answer, total: { ...answer.total, twrr: null, twrr_reason: 'No data available for this selection' }, subperiods: [] });
    renderPage(<BreakdownView breakdown={empty} loading={false} failed={false} locale="en-gb" />);
    expect(document.querySelector('[data-figure="twrr"]')).toHaveTextContent('Not available');
    expect(screen.getByText('No data available for this selection')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});

describe('HowCalculated', () => {
  it('is a keyboard-reachable button that opens a dialog fetching the breakdown of its selection', async () => {
    const routes = routeFetch({ 'GET /xplanapi/portfolio/profit_analysis/breakdown': () => jsonResponse(200, answer) });
    renderPage(<HowCalculated params={params} locale="en-gb" />);
    const button = screen.getByRole('button', { name: 'How was this calculated?' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button.tabIndex).toBe(0);
    expect(routes.calls()).toHaveLength(0); // nothing is fetched before it is opened
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'How was this calculated?' });
    expect(await within(dialog).findByText('£15,360.00')).toBeInTheDocument();
    const call = routes.calls()[0]!;
    expect(call.url.searchParams.get('start_date')).toBe('2024-01-02');
    expect(call.url.searchParams.get('end_date')).toBe('2024-01-05');
    expect(call.url.searchParams.get('accountid')).toBe('1,2');
  });

  it('shows the error when the platform refuses', async () => {
    routeFetch({ 'GET /xplanapi/portfolio/profit_analysis/breakdown': () => jsonResponse(404, { api_message: 'Resource Not Found', user_message: 'Resource Not Found' }) });
    renderPage(<HowCalculated params={params} locale="en-gb" />);
    fireEvent.click(screen.getByRole('button', { name: 'How was this calculated?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong with loading your portfolio data.');
  });
});
