import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { LineChartData } from './chart-types';
import { LazyLineChart } from './lazy-line-chart';

// Highcharts itself is not what this is about (jsdom draws no SVG).
vi.mock('./line-chart', () => ({ default: () => <div data-testid="line-chart" /> }));

const data: LineChartData = {
  title: 'Value of your portfolio',
  description: 'The total value of your accounts at each date.',
  series: [{ name: 'Total value', points: [{ date: '2026-01-31', value: 100 }] }],
  values: { kind: 'money', currency: 'GBP' },
  locale: 'en-GB',
};

/** An IntersectionObserver whose one instance the test drives. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; observed: Element[]; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, observed: [], disconnected: false };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.observed.push(element);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  const fire = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers.filter((x) => !x.disconnected)) {
        o.callback(o.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry), o as unknown as IntersectionObserver);
      }
    });
  return { fire };
}

afterEach(() => vi.unstubAllGlobals());

it('draws the chart only once its box comes on screen, holding the chart’s height and showing the data table meanwhile', async () => {
  const { fire } = stubObserver();
  const { container } = render(<LazyLineChart data={data} colours={['#000']} height={400} />);
  expect(screen.getByRole('status', { name: 'Loading chart' })).toBeInTheDocument();
  expect(screen.queryByTestId('line-chart')).not.toBeInTheDocument();
  expect(container.querySelector<HTMLElement>('.chart__box')!.style.minHeight).toBe('400px');
  expect(screen.getByText('Show the chart as a table')).toBeInTheDocument();
  fire(false);
  expect(screen.queryByTestId('line-chart')).not.toBeInTheDocument();
  fire(true);
  expect(await screen.findByTestId('line-chart')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading chart' })).not.toBeInTheDocument();
});
