import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../test/render-with-providers';
import { analysisConfig } from '../analysis-settings';
import { dateMessages, resolveRange, type DateFilter } from '../date-range';
import { DateRangeFilter } from './date-range-filter';
import { PerformanceCard } from './performance-card';

const money = (amount: number) => ({ amount, text: amount.toFixed(2), currency: 'GBP' });
const figures = {
  value: money(1004384.49),
  valueStart: null,
  valueChange: money(59193.62),
  movement: null,
  contributions: null,
  withdrawals: null,
  income: null,
  twrr: 2.68,
  irr: 2.66,
  twrrAnnualised: null,
  irrAnnualised: null,
  reason: null,
};

describe('the performance card (spec 2 §2.3)', () => {
  it('shows Total value with 0 decimals, Performance with TWR and IRR side by side, and Value of change', () => {
    render(<PerformanceCard figures={figures} profitAnalysisType="twrr" performanceShown locale="en-gb" />);
    expect(document.querySelector('[data-figure="value"]')).toHaveTextContent('£1,004,384');
    expect(document.querySelector('[data-figure="performance"]')).toHaveTextContent('+2.68%');
    expect(document.querySelector('[data-figure="twrr"]')).toHaveTextContent('+2.68%');
    expect(document.querySelector('[data-figure="irr"]')).toHaveTextContent('+2.66%');
    expect(screen.getByText(/^Time-weighted return: /)).toBeInTheDocument();
    expect(document.querySelector('[data-figure="value-change"]')).toHaveTextContent('£59,193.62');
  });

  it('shows the IRR as the performance figure for IRR, and no Performance tile for none', () => {
    const { unmount } = render(<PerformanceCard figures={figures} profitAnalysisType="irr" performanceShown locale="en-gb" />);
    expect(document.querySelector('[data-figure="performance"]')).toHaveTextContent('+2.66%');
    unmount();
    render(<PerformanceCard figures={figures} profitAnalysisType="none" performanceShown locale="en-gb" />);
    expect(screen.queryByRole('heading', { name: 'Performance', level: 3 })).toBeNull();
  });

  it('says Conversion rate unavailable where the platform had no FX rate (spec 2 §8)', () => {
    render(<PerformanceCard figures={{ ...figures, value: null, valueChange: null, twrr: null, irr: null, reason: 'Conversion rate unavailable' }} profitAnalysisType="twrr" performanceShown locale="en-gb" />);
    expect(document.querySelector('[data-figure="value"]')).toHaveTextContent('Conversion rate unavailable');
    expect(document.querySelector('[data-figure="value-change"]')).toHaveTextContent('Conversion rate unavailable');
  });

  it("titles its tiles Total value, Performance and Value of change, or the site's own headings", () => {
    const { unmount } = render(<PerformanceCard figures={figures} profitAnalysisType="twrr" performanceShown locale="en-gb" />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Total value', 'Performance', 'Value of change']);
    unmount();
    const config = analysisConfig({ ...testConfig, settings: { ...testConfig.settings, analysis: { headings: { totalValue: 'Portfolio value', valueOfChange: ' ' } } } });
    render(<PerformanceCard figures={figures} profitAnalysisType="twrr" performanceShown locale="en-gb" headings={config.headings} />);
    // A blank heading keeps the default.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Portfolio value', 'Performance', 'Value of change']);
  });

  it('keeps its tiles while loading (no layout shift)', () => {
    render(<PerformanceCard figures={null} profitAnalysisType="twrr" performanceShown locale="en-gb" />);
    expect(document.querySelectorAll('.overview__tile')).toHaveLength(3);
    expect(document.querySelectorAll('.skeleton-bar')).toHaveLength(3);
  });
});

describe('the date range filter (spec 2 §2.4, §5)', () => {
  const ctx = { today: '2026-11-25', holdBack: false, inception: '2021-03-15', region: 'GB' };
  const setup = (set: 'standard' | 'alternate', onApply = vi.fn()) => {
    const filter: DateFilter = { option: '1y' };
    render(
      <DateRangeFilter
        filter={filter}
        range={resolveRange(filter, ctx)}
        options={['1y', '2y', '3y', 'inception', 'ytd', 'custom']}
        minDate="2021-03-15"
        maxDate="2026-11-25"
        messages={dateMessages(set)}
        messageSet={set}
        locale="en-gb"
        onApply={onApply}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /1 year/ }));
    return { dialog: screen.getByRole('dialog', { name: 'Date range' }), onApply };
  };

  it('shows the range as Do MMMM YYYY on its button', () => {
    setup('standard');
    expect(screen.getByRole('button', { name: /1 year/ })).toHaveTextContent('1 year25th November 2025 – 25th November 2026');
  });

  it('applies a preset', () => {
    const { dialog, onApply } = setup('standard');
    fireEvent.click(within(dialog).getByLabelText('3 years'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ option: '3y' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables Apply while the custom range is invalid, with the standard message', () => {
    const { dialog, onApply } = setup('standard');
    fireEvent.click(within(dialog).getByLabelText('Custom'));
    const start = within(dialog).getByLabelText('Start date');
    expect(start).toHaveAttribute('min', '2021-03-15');
    fireEvent.change(start, { target: { value: '2024-06-30' } });
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2024-01-01' } });
    expect(within(dialog).getByText('You cannot select an End date earlier than the Start date.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2024-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ option: 'custom', customStart: '2024-06-30', customEnd: '2024-12-31' });
  });

  it('uses the alternate message set when configured', () => {
    const { dialog } = setup('alternate');
    fireEvent.click(within(dialog).getByLabelText('Custom'));
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '2024-06-30' } });
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '2024-01-01' } });
    expect(within(dialog).getByText('Please enter an earlier start date.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('Cancel keeps the range', () => {
    const { dialog, onApply } = setup('standard');
    fireEvent.click(within(dialog).getByLabelText('2 years'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
