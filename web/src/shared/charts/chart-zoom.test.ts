import { describe, expect, it } from 'vitest';
import { lineChartOptions } from './chart-options';
import type { LineChartData } from './chart-types';

const data: LineChartData = {
  title: 'Performance',
  description: 'The cumulative return.',
  series: [
    { name: 'Portfolio', points: [{ date: '2026-01-31', value: 1.5 }] },
    { name: 'UK Equity Index', points: [{ date: '2026-01-31', value: 2 }], comparison: true },
  ],
  values: { kind: 'percent' },
  locale: 'en-gb',
};

describe('the analysis chart (spec 2 §2.3, §9)', () => {
  it('zooms along x when asked, keeping the 2-day minimum range', () => {
    const options = lineChartOptions(data, { colours: [], height: 300, area: true, zoom: true });
    expect(options.chart?.zooming?.type).toBe('x');
    expect((options.xAxis as { minRange: number }).minRange).toBe(2 * 86_400_000);
    expect(lineChartOptions(data, { colours: [], height: 300, area: true }).chart?.zooming).toBeUndefined();
  });

  it('draws a comparison series (a benchmark) as a dashed line, never filled', () => {
    const options = lineChartOptions(data, { colours: [], height: 300, area: true });
    const [own, benchmark] = options.series as { type: string; dashStyle?: string }[];
    expect(own).toMatchObject({ type: 'area' });
    expect(own!.dashStyle).toBeUndefined();
    expect(benchmark).toMatchObject({ type: 'line', dashStyle: 'ShortDash' });
  });
});
