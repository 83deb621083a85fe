import { describe, expect, it } from 'vitest';
import { chartPalette, DEFAULT_CHART_COLOURS, lineChartOptions } from './chart-options';
import type { LineChartData } from './chart-types';

const data: LineChartData = {
  title: 'Value of your portfolio',
  description: 'The total value of your accounts at each date.',
  series: [{ name: 'Total value', points: [{ date: '2026-01-31', value: 100 }, { date: '2026-02-28', value: null }] }],
  values: { kind: 'money', currency: 'GBP' },
  locale: 'en-gb',
};

describe('line chart options (spec 2 §9)', () => {
  const options = lineChartOptions(data, { colours: ['#111111', '#222222'], height: 400, area: true });

  it('uses the branding colours and the given height', () => {
    expect(options.colors).toEqual(['#111111', '#222222']);
    expect(options.chart?.height).toBe(400);
  });

  it('draws straight lines 2 px wide without markers, areas at 0.1 opacity, a 2-day minimum range', () => {
    expect(options.chart?.type).toBe('area');
    expect(options.plotOptions?.series?.lineWidth).toBe(2);
    expect(options.plotOptions?.series?.marker?.enabled).toBe(false);
    expect(options.plotOptions?.area?.fillOpacity).toBe(0.1);
    expect((options.xAxis as { minRange: number }).minRange).toBe(2 * 86_400_000);
  });

  it('turns on the accessibility module with keyboard navigation and no heading of its own', () => {
    expect(options.accessibility?.enabled).toBe(true);
    expect(options.accessibility?.keyboardNavigation?.enabled).toBe(true);
    expect(options.accessibility?.description).toBe(data.description);
    expect(options.accessibility?.screenReaderSection?.beforeChartFormat).not.toMatch(/<h\d/);
  });

  it('plots dates at UTC midnight and keeps gaps', () => {
    const series = options.series![0] as { data: [number, number | null][] };
    expect(series.data).toEqual([
      [Date.UTC(2026, 0, 31), 100],
      [Date.UTC(2026, 1, 28), null],
    ]);
  });

  it('fills the palette up to nine with the defaults', () => {
    const palette = chartPalette(['#abcdef']);
    expect(palette).toHaveLength(9);
    expect(palette[0]).toBe('#abcdef');
    expect(chartPalette([])).toEqual(DEFAULT_CHART_COLOURS);
  });

  it('draws a series of amounts per period as columns under the lines, on a scale of their own in the lower part', () => {
    const withFlows = lineChartOptions(
      { ...data, series: [...data.series, { name: 'Net contributions and withdrawals', points: [{ date: '2026-01-31', value: -250.5 }], columns: true }] },
      { colours: ['#111111'], height: 300, area: true },
    );
    const [line, columns] = withFlows.series as { type: string; zIndex: number; yAxis?: number; data: [number, number | null][] }[];
    expect([line!.type, columns!.type]).toEqual(['area', 'column']);
    expect(columns!.zIndex).toBeLessThan(line!.zIndex);
    expect(columns!.data).toEqual([[Date.UTC(2026, 0, 31), -250.5]]);
    // A few thousand paid in would not show on the scale of a value of a million.
    expect([line!.yAxis, columns!.yAxis]).toEqual([undefined, 1]);
    const axes = withFlows.yAxis as { top?: string; height?: string; opposite?: boolean }[];
    expect(axes).toHaveLength(2);
    expect(axes[1]).toMatchObject({ top: '70%', height: '30%', opposite: true });
    // Without columns, one axis.
    expect(options.yAxis).not.toBeInstanceOf(Array);
  });
});
