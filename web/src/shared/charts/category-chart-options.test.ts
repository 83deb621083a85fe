import { describe, expect, it } from 'vitest';
import { columnChartOptions, pieChartOptions, pointShares, PIE_MAX_WIDTH, type CategoryChartData } from './category-chart-options';

const data: CategoryChartData = {
  title: 'Allocation by asset class',
  description: 'How the value is divided by asset class.',
  categoryLabel: 'Asset class',
  points: [
    { name: 'Equity', value: 750 },
    { name: 'Cash', value: 250 },
  ],
  values: { kind: 'money', currency: 'GBP' },
  locale: 'en-gb',
};
const theme = { colours: ['#111111', '#222222'], height: 300 };

describe('pie and column chart options (spec 2 §2.3, §9)', () => {
  it('draws a pie in the branding colours at the given height, legend instead of labels, 600 px at most', () => {
    const options = pieChartOptions(data, theme);
    expect(options.chart?.type).toBe('pie');
    expect(options.chart?.height).toBe(300);
    expect(options.colors).toEqual(['#111111', '#222222']);
    expect(options.plotOptions?.pie?.dataLabels).toEqual({ enabled: false });
    expect(options.plotOptions?.pie?.showInLegend).toBe(true);
    // The legend beside the pie, one entry a line, so nine entries fit 300 px without paging.
    expect(options.legend).toMatchObject({ enabled: true, layout: 'vertical', align: 'right' });
    expect(PIE_MAX_WIDTH).toBe(600);
    expect((options.series![0] as { data: { name: string; y: number }[] }).data.map((p) => [p.name, p.y])).toEqual([
      ['Equity', 750],
      ['Cash', 250],
    ]);
  });

  it('draws a column chart, one branding colour per column, categories on the x axis', () => {
    const options = columnChartOptions(data, theme);
    expect(options.chart?.type).toBe('column');
    expect(options.plotOptions?.column?.colorByPoint).toBe(true);
    expect((options.xAxis as { categories: string[] }).categories).toEqual(['Equity', 'Cash']);
    expect(options.legend?.enabled).toBe(false);
  });

  it('turns on the accessibility module with keyboard navigation, each point read with its amount and share', () => {
    for (const options of [pieChartOptions(data, theme), columnChartOptions(data, theme)]) {
      expect(options.accessibility?.enabled).toBe(true);
      expect(options.accessibility?.keyboardNavigation?.enabled).toBe(true);
      expect(options.accessibility?.description).toBe(data.description);
      expect(options.accessibility?.screenReaderSection?.beforeChartFormat).not.toMatch(/<h\d/);
      const describe = options.accessibility?.point?.descriptionFormatter as (point: { index: number }) => string;
      expect(describe({ index: 1 })).toBe('Cash: £250.00 (25.00%)');
    }
  });

  it('works out shares of the whole, negative amounts counting as nothing', () => {
    expect(pointShares({ ...data, points: [{ name: 'A', value: 3 }, { name: 'B', value: 1 }, { name: 'C', value: -5 }] })).toEqual([75, 25, 0]);
  });
});
