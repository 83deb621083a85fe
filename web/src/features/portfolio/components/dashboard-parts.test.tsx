import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { clientUser, renderPage, testConfig } from '../../../test/render-with-providers';
import { ContactUs } from './contact-us';
import { LoadingProgress, loadingStep } from './loading-progress';
import { OverviewTiles } from './overview-tiles';
import { PerformanceChart } from './performance-chart';
import { ValuationBasis } from './valuation-basis';

// jsdom draws no SVG: the Highcharts chunk is replaced by a marker.
vi.mock('../../../shared/charts/line-chart', () => ({ default: () => <div data-testid="line-chart" /> }));

const money = (amount: number) => ({ amount, text: amount.toFixed(2), currency: 'GBP' });
const overview = {
  value: money(1234.56),
  valueStart: null,
  valueChange: money(-20.5),
  movement: null,
  contributions: null,
  withdrawals: null,
  income: null,
  twrr: 1.5,
  irr: 1.4,
  twrrAnnualised: null,
  irrAnnualised: null,
  reason: null,
};

describe('the overview tiles (spec 2 §2.1)', () => {
  const show = (accountsCount: number, multiCurrency: boolean, showPerformance = true) =>
    renderPage(<OverviewTiles figures={{ ...overview, accountsCount }} currency="GBP" locale="en-GB" profitAnalysisType="twrr" showPerformance={showPerformance} multiCurrency={multiCurrency} />, {
      session: { status: 'signed-in', user: clientUser },
    });

  it("says 'across 1 account' or 'across N accounts', with 'converted from multiple currencies' in multi-currency mode", () => {
    const { unmount } = show(1, false);
    expect(screen.getByText('across 1 account')).toBeInTheDocument();
    unmount();
    show(3, true);
    expect(document.querySelector('[data-tile="total-value"] .overview__caption')).toHaveTextContent(/^across 3 accounts, converted from multiple currencies$/);
  });

  it("captions Performance 'performance of underlying assets' and Value of change 'includes contributions and withdrawals'; no Performance tile when hidden", () => {
    const { unmount } = show(2, false);
    expect(within(document.querySelector<HTMLElement>('[data-tile="performance"]')!).getByText('performance of underlying assets')).toBeInTheDocument();
    expect(within(document.querySelector<HTMLElement>('[data-tile="value-change"]')!).getByText('includes contributions and withdrawals')).toBeInTheDocument();
    // Total value with 0 decimals, value of change with 2.
    expect(document.querySelector('[data-figure="value"]')).toHaveTextContent('£1,235');
    expect(document.querySelector('[data-figure="value-change"]')).toHaveTextContent('-£20.50');
    unmount();
    show(2, false, false);
    expect(document.querySelector('[data-tile="performance"]')).toBeNull();
  });
});

describe('the performance chart (spec 2 §2.1)', () => {
  const points = [
    { date: '2026-11-24', value: 100, movement: null, twrr: 0 },
    { date: '2026-11-25', value: 101, movement: null, twrr: 1 },
  ];
  const series = [{ name: 'Eleanor Whitfield', series: { startDate: '2026-11-24', endDate: '2026-11-25', currency: 'GBP', points, message: null } }];
  const chart = (over: Partial<Parameters<typeof PerformanceChart>[0]> = {}) =>
    renderPage(
      <PerformanceChart
        series={series}
        loading={false}
        hidden={false}
        performanceAllowed
        initialType="value"
        currency="GBP"
        locale="en-GB"
        branding={testConfig.branding}
        analysisPath="/clients/analysis"
        {...over}
      />,
      { session: { status: 'signed-in', user: clientUser } },
    );

  it("starts on value, links 'View portfolio analysis', and shows a skeleton while fetching", () => {
    const { unmount } = chart();
    expect(screen.getByRole('heading', { name: 'Portfolio value' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Value' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'View portfolio analysis' })).toHaveAttribute('href', '/clients/analysis');
    unmount();
    chart({ loading: true, series: null });
    expect(screen.getByRole('status', { name: 'Loading chart' })).toBeInTheDocument();
  });

  it('shows nothing for blocked accounts or a portfolio error', () => {
    chart({ hidden: true });
    expect(document.querySelector('.performance-chart')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Portfolio/ })).toBeNull();
  });
});

describe('the dashboard’s loading progress (spec 2 §2.2)', () => {
  it("goes 5 %, 'Loading accounts' 25 %, 'Loading dashboard' 70 %, then done at 100 %", () => {
    expect(loadingStep(false, false, false)).toEqual({ label: 'Loading accounts', percent: 5 });
    expect(loadingStep(false, false, true)).toEqual({ label: 'Loading accounts', percent: 25 });
    expect(loadingStep(true, false, true)).toEqual({ label: 'Loading dashboard', percent: 70 });
    expect(loadingStep(true, true, true)).toEqual({ label: 'Loaded', percent: 100 });
  });

  it('is a progress bar named by its step while loading, and gone when done', () => {
    const { rerender } = render(<LoadingProgress step={{ label: 'Loading dashboard', percent: 70 }} />);
    const bar = screen.getByRole('progressbar', { name: 'Loading dashboard' });
    expect(bar).toHaveAttribute('aria-valuenow', '70');
    expect(bar).toHaveTextContent('Loading dashboard…');
    rerender(<LoadingProgress step={{ label: 'Loaded', percent: 100 }} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('the valuation basis and contact-us block (spec 2 §2.1)', () => {
  it('keeps the valuation basis collapsed until opened', () => {
    render(<ValuationBasis html={null} pricingType="close" currency="GBP" endDate="25 Nov 2026" holdBack={false} />);
    const details = screen.getByRole('heading', { name: 'Valuation basis' }).closest('details')!;
    expect(details.open).toBe(false);
    expect(details).toHaveTextContent('the latest closing prices available to us on 25 Nov 2026');
  });

  it('offers to message the adviser, unless read-only (no compose path)', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ContactUs html={null} composePath="/clients/documents-and-messages/?compose=true" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Send your adviser a message' })).toHaveAttribute('href', '/clients/documents-and-messages/?compose=true');
    unmount();
    render(
      <MemoryRouter>
        <ContactUs html={null} composePath={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
