import { DECIMALS, formatMoney, formatSignedPercent } from '../../../shared/format/numbers';
import type { PerformanceFigures } from '../api/profit-analysis';
import type { ProfitBreakdownParams } from '../api/profit-breakdown';
import { DASHBOARD_TEXTS } from '../dashboard-settings';
import type { ProfitAnalysisType } from '../portfolio-rules';
import { ReturnFigures } from './return-figures';

interface Props {
  figures: PerformanceFigures & { accountsCount: number };
  currency: string;
  locale: string;
  profitAnalysisType: ProfitAnalysisType;
  showPerformance: boolean;
  multiCurrency: boolean;
  /** The overview's selection and dates, for "How was this calculated?". */
  breakdown?: ProfitBreakdownParams;
}

/** Spec 2 §2.1 "Portfolio overview": Total value, Performance and Value of change. */
export function OverviewTiles({ figures, currency, locale, profitAnalysisType, showPerformance, multiCurrency, breakdown }: Props) {
  const count = figures.accountsCount;
  const main = profitAnalysisType === 'irr' ? figures.irr : figures.twrr;
  return (
    <section className="overview" aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="visually-hidden">
        Portfolio overview
      </h2>
      <div className="overview__tile" data-tile="total-value">
        <h3>Total value</h3>
        <p className="overview__figure" data-figure="value" data-exact={figures.value?.text}>
          {figures.value ? formatMoney(figures.value.amount, figures.value.currency || currency, locale, DECIMALS.totalValue) : 'Not available'}
        </p>
        <p className="overview__caption">
          {count === 1 ? 'across 1 account' : `across ${count} accounts`}
          {multiCurrency && <>, {DASHBOARD_TEXTS.multiCurrency}</>}
        </p>
      </div>
      {showPerformance && (
        <div className="overview__tile" data-tile="performance">
          <h3>Performance</h3>
          <p className="overview__figure" data-figure="performance">
            {main === null ? 'Not available' : formatSignedPercent(main, locale)}
          </p>
          <p className="overview__caption">{DASHBOARD_TEXTS.performanceCaption}</p>
          <ReturnFigures twrr={figures.twrr} irr={figures.irr} locale={locale} explain breakdown={breakdown} />
        </div>
      )}
      <div className="overview__tile" data-tile="value-change">
        <h3>Value of change</h3>
        <p className="overview__figure" data-figure="value-change" data-exact={figures.valueChange?.text}>
          {figures.valueChange ? formatMoney(figures.valueChange.amount, figures.valueChange.currency || currency, locale) : 'Not available'}
        </p>
        <p className="overview__caption">{DASHBOARD_TEXTS.valueChangeCaption}</p>
      </div>
    </section>
  );
}
