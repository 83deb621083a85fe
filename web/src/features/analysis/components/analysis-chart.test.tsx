import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnalysisSeries } from '../api/analysis-series';
import { AnalysisChart, chartData } from './analysis-chart';

const series = (points: { date: string; value: number; twrr: number }[], message: string | null = null): AnalysisSeries['series'][number] => ({
  name: 'Eleanor Whitfield',
  series: { startDate: '2026-01-01', endDate: '2026-03-01', currency: 'GBP', points: points.map((p) => ({ ...p, movement: null })), message },
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
});
