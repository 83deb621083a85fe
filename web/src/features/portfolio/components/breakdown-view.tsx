import { downloadCsv, toCsv } from '../../../shared/format/csv';
import { dateLocale, dayjs } from '../../../shared/format/dates';
import { formatMoney, formatSignedPercent } from '../../../shared/format/numbers';
import { Notice } from '../../../shared/ui/field';
import type { Money } from '../api/typed-values';
import type { ProfitBreakdown } from '../api/profit-breakdown';
import { DASHBOARD_TEXTS } from '../dashboard-settings';
import { RETURN_EXPLANATIONS } from './return-figures';

/** The CSV's columns: ISO dates, amounts in the report currency, returns in percentage points. */
export const SUB_PERIOD_CSV_HEADER = [
  'start_date',
  'end_date',
  'currency',
  'start_value',
  'flow',
  'end_value',
  'return_percent',
  'cumulative_return_percent',
] as const;

/** Every daily sub-period of the TWRR's chain as a CSV (UTF-8 with BOM, values unformatted). */
export function subPeriodsCsv(breakdown: ProfitBreakdown): string {
  return toCsv(
    SUB_PERIOD_CSV_HEADER,
    breakdown.subPeriods.map((s) => [s.startDate, s.endDate, breakdown.reportCurrency, s.startValue, s.flow, s.endValue, s.return, s.cumulativeReturn]),
  );
}

interface Props {
  breakdown: ProfitBreakdown | undefined;
  loading: boolean;
  failed: boolean;
  locale: string;
}

/** Spec 2 §9: D MMM YYYY in the user's locale. */
const day = (iso: string, locale: string) => dayjs(iso).locale(dateLocale(locale)).format('D MMM YYYY');

/**
 * The period's figures behind a performance figure: opening value, flows, growth (income
 * inside it), closing value, the two returns with their explanations, and the daily
 * sub-periods as a CSV download.
 */
export function BreakdownView({ breakdown, loading, failed, locale }: Props) {
  if (failed) return <Notice kind="error">{DASHBOARD_TEXTS.portfolioError}</Notice>;
  if (loading || !breakdown) {
    return (
      <p className="breakdown__loading" role="status">
        Loading the figures…
      </p>
    );
  }
  const f = breakdown.figures;
  if (!f || breakdown.message) return <Notice kind="info">{breakdown.message ?? 'No data available for this selection'}</Notice>;
  if (f.error) return <Notice kind="error">{f.error}</Notice>;
  const money = (m: Money | null) => (m ? formatMoney(m.amount, m.currency || breakdown.reportCurrency, locale) : 'Not available');
  const row = (key: string, label: string, value: Money | null, note?: string) => (
    <div className={`breakdown__row breakdown__row--${key}`}>
      <dt>
        {label}
        {note && <span className="breakdown__note">{note}</span>}
      </dt>
      <dd data-figure={key} data-exact={value?.text}>
        {money(value)}
      </dd>
    </div>
  );
  const rate = (value: number | null, annual: number | null) =>
    value === null ? 'Not available' : annual !== null && annual !== value ? `${formatSignedPercent(value, locale)} (${formatSignedPercent(annual, locale)} a year)` : formatSignedPercent(value, locale);
  const chain = breakdown.subPeriods;
  const download = () => downloadCsv(`daily-figures-${breakdown.startDate}-to-${breakdown.endDate}.csv`, subPeriodsCsv(breakdown));

  return (
    <div className="breakdown">
      <p className="breakdown__period" data-period>
        {day(breakdown.startDate, locale)} to {day(breakdown.endDate, locale)}
      </p>
      <section aria-labelledby="breakdown-figures-heading">
        <h2 id="breakdown-figures-heading">The period’s figures</h2>
        <dl className="breakdown__figures">
          {row('value_start', 'Opening value', f.valueStart, `at the close of ${day(breakdown.startDate, locale)}`)}
          {row('contributions', 'Contributions', f.contributions, 'money paid in')}
          {row('withdrawals', 'Withdrawals', f.withdrawals, 'money taken out')}
          {row('growth', 'Growth', f.growth, 'what the investments earned, income included')}
          {row('income', 'of which income', f.income, 'dividends and interest received')}
          {row('value', 'Closing value', f.value, `at the close of ${day(breakdown.endDate, locale)}`)}
        </dl>
        <p className="breakdown__sum">Opening value + contributions + withdrawals + growth = closing value.</p>
      </section>
      <section aria-labelledby="breakdown-returns-heading">
        <h2 id="breakdown-returns-heading">The returns</h2>
        <dl className="breakdown__returns">
          <div>
            <dt>
              <abbr title="Time-weighted return">TWR</abbr>
            </dt>
            <dd data-figure="twrr">{rate(f.twrr, f.twrrAnnualised)}</dd>
            <dd className="breakdown__why">{f.twrr === null && f.twrrReason ? f.twrrReason : RETURN_EXPLANATIONS.twr}</dd>
          </div>
          <div>
            <dt>
              <abbr title="Money-weighted return (internal rate of return)">IRR</abbr>
            </dt>
            <dd data-figure="irr">{rate(f.irr, f.irrAnnualised)}</dd>
            <dd className="breakdown__why">{f.irr === null && f.irrReason ? f.irrReason : RETURN_EXPLANATIONS.irr}</dd>
          </div>
        </dl>
      </section>
      {chain.length > 0 && (
        <section aria-labelledby="breakdown-chain-heading">
          <h2 id="breakdown-chain-heading">Day by day</h2>
          <p>
            The TWR links {chain.length === 1 ? '1 daily return' : `${chain.length} daily returns`} from {day(chain[0]!.startDate, locale)} to{' '}
            {day(chain[chain.length - 1]!.endDate, locale)}: (1 + the first day’s return) × (1 + the next day’s) × … − 1. Money paid in counts from the start of
            its day, money taken out from its end.
          </p>
          <button type="button" className="button button--secondary" onClick={download}>
            Download the daily figures (CSV)
          </button>
        </section>
      )}
    </div>
  );
}
