import { DECIMALS, formatMoney, formatSignedPercent } from '../../../shared/format/numbers';
import type { PerformanceFigures } from '../../portfolio/api/profit-analysis';
import type { ProfitBreakdownParams } from '../../portfolio/api/profit-breakdown';
import { ReturnFigures } from '../../portfolio/components/return-figures';
import type { ProfitAnalysisType } from '../../portfolio/portfolio-rules';
import { ANALYSIS_HEADINGS, type AnalysisHeadings } from '../analysis-settings';

interface Props {
  /** Null while loading: the tiles keep their size with skeleton figures. */
  figures: PerformanceFigures | null;
  profitAnalysisType: ProfitAnalysisType;
  /** False for a blocked selection: no performance figure. */
  performanceShown: boolean;
  locale: string;
  /** The selection and dates the figures are for: 'How was this calculated?' explains them. */
  breakdown?: ProfitBreakdownParams;
  /** The tiles' headings (spec 2 §2.3 defaults: Total value, Performance, Value of change). */
  headings?: Pick<AnalysisHeadings, 'totalValue' | 'performance' | 'valueOfChange'>;
}

/**
 * The performance card (spec 2 §2.3): Total value (0 decimals), Performance (only for TWRR or
 * IRR, with TWR and IRR side by side and their one-line explanations) and Value of change. A
 * figure the platform could not work out shows its reason ('Conversion rate unavailable').
 */
export function PerformanceCard({ figures, profitAnalysisType, performanceShown, locale, breakdown, headings = ANALYSIS_HEADINGS }: Props) {
  const money = (value: PerformanceFigures['value'], decimals: number) =>
    value ? formatMoney(value.amount, value.currency, locale, decimals) : (figures?.reason ?? 'Not available');
  const showPerformance = profitAnalysisType !== 'none' && performanceShown;
  const main = profitAnalysisType === 'irr' ? figures?.irr : figures?.twrr;
  return (
    <section className={`overview analysis-card${figures ? '' : ' analysis-card--loading'}`} aria-labelledby="analysis-card-heading" aria-busy={figures === null}>
      <h2 id="analysis-card-heading" className="visually-hidden">
        Performance
      </h2>
      <div className="overview__tile" data-tile="total-value">
        <h3>{headings.totalValue}</h3>
        <p className="overview__figure" data-figure="value" data-exact={figures?.value?.text}>
          {figures ? money(figures.value, DECIMALS.totalValue) : <span className="skeleton-bar" />}
        </p>
      </div>
      {showPerformance && (
        <div className="overview__tile" data-tile="performance">
          <h3>{headings.performance}</h3>
          <p className="overview__figure" data-figure="performance">
            {figures ? main === null || main === undefined ? (figures.reason ?? 'Not available') : formatSignedPercent(main, locale) : <span className="skeleton-bar" />}
          </p>
          {figures ? <ReturnFigures twrr={figures.twrr} irr={figures.irr} locale={locale} explain breakdown={breakdown} /> : <div className="analysis-card__returns-skeleton" />}
        </div>
      )}
      <div className="overview__tile" data-tile="value-change">
        <h3>{headings.valueOfChange}</h3>
        <p className="overview__figure" data-figure="value-change" data-exact={figures?.valueChange?.text}>
          {figures ? money(figures.valueChange, DECIMALS.money) : <span className="skeleton-bar" />}
        </p>
      </div>
    </section>
  );
}
