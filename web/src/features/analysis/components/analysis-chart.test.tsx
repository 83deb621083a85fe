import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnalysisSeries } from '../api/analysis-series';
import { testConfig } from '../../../test/render-with-providers';
import { analysisConfig } from '../analysis-settings';
import { parseNetFlows } from '../api/analysis-series';
import { AnalysisChart, CASHFLOW_SERIES_NAME, chartData } from './analysis-chart';

const series = (points: { date: string; value: number; twrr: number }[], message: string | null = null): AnalysisSeries['series'][number] => ({
  name: 'Eleanor Whitfield',
  series: { startDate: '2026-01-01', endDate: '2026-03-01', currency: 'GBP', points: points.map((p) => ({ ...p, movement: null })), message },
  flows: [],
});
const base = {
  tab: 'percentage' as const,
  onTab: vi.fn(),
  percentageAllowed: true,
  loading: false,
  failed: false,
  benchmarks: [
    { id: 1, name: 'Balanced 60/40 Composite' },
    { id: 2, name: 'UK Equity Index' },
  ],
  benchmark: 'Balanced 60/40 Composite',
  onBenchmark: vi.fn(),
  currencies: null,
  currencyView: 'session' as const,
  onCurrencyView: vi.fn(),
  marketData: null,
  brandColours: [],
  locale: 'en-gb',
};

describe('the analysis chart area (spec 2 §2.3, §8)', () => {
  it('says No data available for this selection when the platform says so, else No data available', () => {
    const { unmount } = render(<AnalysisChart {...base} data={{ series: [series([], 'No data available for this selection')], benchmark: null, error: null }} />);
    expect(screen.getByText('No data available for this selection')).toBeInTheDocument();
    unmount();
    render(<AnalysisChart {...base} data={{ series: [], benchmark: null, error: null }} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });

  it('shows a refusal’s text (Conversion rate unavailable) instead of a chart', () => {
    render(<AnalysisChart {...base} data={{ series: [], benchmark: null, error: 'Conversion rate unavailable' }} />);
    expect(screen.getByText('Conversion rate unavailable')).toBeInTheDocument();
  });

  it('offers Percentage only when allowed, the benchmark picker only with more than one benchmark', () => {
    const data = { series: [], benchmark: null, error: null };
    const { rerender } = render(<AnalysisChart {...base} data={data} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Percentage', 'Value']);
    fireEvent.change(screen.getByLabelText('Benchmark'), { target: { value: 'UK Equity Index' } });
    expect(base.onBenchmark).toHaveBeenCalledWith('UK Equity Index');
    rerender(<AnalysisChart {...base} data={data} benchmarks={[{ id: 1, name: 'Balanced 60/40 Composite' }]} />);
    expect(screen.queryByLabelText('Benchmark')).toBeNull();
    rerender(<AnalysisChart {...base} data={data} percentageAllowed={false} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Value']);
    expect(screen.getByRole('tab', { name: 'Value' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Click and drag in the plot area to zoom in')).toBeInTheDocument();
  });

  it('switches tabs with the arrow keys and offers Show in original or preferred currency', () => {
    const onTab = vi.fn();
    const onCurrencyView = vi.fn();
    render(<AnalysisChart {...base} onTab={onTab} onCurrencyView={onCurrencyView} currencies={{ original: 'USD', preferred: 'GBP' }} data={{ series: [], benchmark: null, error: null }} />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Percentage' }), { key: 'ArrowRight' });
    expect(onTab).toHaveBeenCalledWith('value');
    fireEvent.click(screen.getByRole('button', { name: 'Original currency' }));
    expect(onCurrencyView).toHaveBeenCalledWith('plan');
    expect(screen.getByRole('group', { name: 'Show in' })).toHaveTextContent('GBP');
  });

  it('charts each series’ TWRR with the benchmark dashed beside it, or the value summed', () => {
    const data: AnalysisSeries = {
      series: [series([{ date: '2026-01-31', value: 100.1, twrr: 1.5 }])],
      benchmark: { name: 'UK Equity Index', points: [{ date: '2026-01-31', value: 2 }] },
      error: null,
    };
    expect(chartData('percentage', data, 'en-gb')!.series).toEqual([
      { name: 'Eleanor Whitfield', points: [{ date: '2026-01-31', value: 1.5 }] },
      { name: 'UK Equity Index', points: [{ date: '2026-01-31', value: 2 }], comparison: true },
    ]);
    expect(chartData('value', data, 'en-gb')).toMatchObject({ series: [{ name: 'Total value', points: [{ date: '2026-01-31', value: 100.1 }] }], values: { kind: 'money', currency: 'GBP' } });
  });

  it('adds each period’s net contributions and withdrawals as columns under the value, unless hidden (spec 2 §7)', () => {
    // Eleanor's portfolio (from 2026-01-01) and James's (opened 2026-02-20, so its first point is
    // a date hers lacks: the summed value leaves it out, and its flow moves to the next date).
    const point = (date: string, value: number) => ({ date, value, movement: null, twrr: null });
    const data: AnalysisSeries = {
      series: [
        {
          name: 'Eleanor Whitfield',
          series: { startDate: '2026-01-01', endDate: '2026-03-31', currency: 'GBP', points: [point('2026-01-31', 1000), point('2026-02-28', 2000), point('2026-03-31', 1800)], message: null },
          flows: [
            { date: '2026-01-31', value: 0 },
            { date: '2026-02-28', value: 1000 },
            { date: '2026-03-31', value: -250.5 },
          ],
        },
        {
          name: 'James Whitfield',
          series: { startDate: '2026-02-20', endDate: '2026-03-31', currency: 'GBP', points: [point('2026-02-20', 300), point('2026-02-28', 500), point('2026-03-31', 500.1)], message: null },
          flows: [
            { date: '2026-02-20', value: 300 },
            { date: '2026-02-28', value: 200 },
            { date: '2026-03-31', value: 0.1 },
          ],
        },
      ],
      benchmark: null,
      error: null,
    };
    // By hand. Value: 31 Jan 1000 (James not open yet); 20 Feb dropped (Eleanor has no point);
    // 28 Feb 2000 + 500 = 2500; 31 Mar 1800 + 500.10 = 2300.10.
    // Flows: 31 Jan 0; 28 Feb 1000 + 300 (James's 20 Feb, carried) + 200 = 1500;
    // 31 Mar -250.50 + 0.10 = -250.40.
    expect(chartData('value', data, 'en-gb', true)!.series).toEqual([
      {
        name: 'Total value',
        points: [
          { date: '2026-01-31', value: 1000 },
          { date: '2026-02-28', value: 2500 },
          { date: '2026-03-31', value: 2300.1 },
        ],
      },
      {
        name: CASHFLOW_SERIES_NAME,
        points: [
          { date: '2026-01-31', value: 0 },
          { date: '2026-02-28', value: 1500 },
          { date: '2026-03-31', value: -250.4 },
        ],
        columns: true,
      },
    ]);
    // Hidden by the site: the value alone; never on the Percentage tab.
    expect(chartData('value', data, 'en-gb', false)!.series.map((s) => s.name)).toEqual(['Total value']);
    expect(chartData('percentage', data, 'en-gb', true)!.series.some((s) => s.columns)).toBe(false);
  });

  it('reads the net flows of each period from the series answer (points[].net_flows)', () => {
    const money = (value: string) => ({ _type: 'Currency', _val: { code: 'GBP', value: { _type: 'BigDecimal', _val: value } } });
    const body = {
      points: [
        { date: { _type: 'Date', _val: '2026-01-31' }, net_flows: money('0.00') },
        { date: { _type: 'Date', _val: '2026-02-28' }, net_flows: money('-4500.00') },
        { date: { _type: 'Date', _val: '2026-03-31' }, net_flows: 'Conversion rate unavailable' },
      ],
    };
    expect(parseNetFlows(body)).toEqual([
      { date: '2026-01-31', value: 0 },
      { date: '2026-02-28', value: -4500 },
      { date: '2026-03-31', value: null },
    ]);
  });

  it('shows the cash-flow columns unless the site hides them (settings.analysis.showCashflow false)', () => {
    const withAnalysis = (analysis: unknown) => ({ ...testConfig, settings: { ...testConfig.settings, analysis: analysis as Record<string, unknown> } });
    expect(analysisConfig(withAnalysis(undefined)).showCashflow).toBe(true);
    expect(analysisConfig(withAnalysis({ showCashflow: 'no' })).showCashflow).toBe(true);
    expect(analysisConfig(withAnalysis({ showCashflow: false })).showCashflow).toBe(false);
  });
});
