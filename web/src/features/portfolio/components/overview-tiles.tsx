import { DECIMALS, formatMoney, formatSignedPercent } from '../../../shared/format/numbers';
import type { PerformanceFigures } from '../api/profit-analysis';
import type { ProfitBreakdownParams } from '../api/profit-breakdown';
import { DASHBOARD_TEXTS } from '../dashboard-settings';
import type { ProfitAnalysisType } from '../portfolio-rules';
import { ReturnFigures } from './return-figures';

interface Props {
  /** null while the figures load: the tiles are laid out as they will be, the figures to come. */
  figures: (PerformanceFigures & { accountsCount: number }) | null;
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
  if (!figures) return <OverviewSkeleton showPerformance={showPerformance} locale={locale} />;
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

/** A figure still to come: a bar of the figure's line height. */
function Pending() {
  return <span className="skeleton-text">{'\u00a0'}</span>;
}

/**
 * The overview while its figures load: the same tiles, headings and texts, so the page below does
 * not move when the figures arrive. Hidden from assistive technology (the progress bar says what
 * is loading) and out of the tab order.
 */
function OverviewSkeleton({ showPerformance, locale }: { showPerformance: boolean; locale: string }) {
  return (
    <div className="overview is-pending" aria-hidden="true" inert>
      <h2 className="visually-hidden">Portfolio overview</h2>
      <div className="overview__tile">
        <h3>Total value</h3>
        <p className="overview__figure">
          <Pending />
        </p>
        <p className="overview__caption">
          <Pending />
        </p>
      </div>
      {showPerformance && (
        <div className="overview__tile">
          <h3>Performance</h3>
          <p className="overview__figure">
            <Pending />
          </p>
          <p className="overview__caption">{DASHBOARD_TEXTS.performanceCaption}</p>
          <ReturnFigures twrr={null} irr={null} locale={locale} explain />
          {/* The button's line, held so the tile keeps its height when the figures arrive. */}
          <span className="link-button how-calculated__open overview__held" aria-hidden="true">
            How was this calculated?
          </span>
        </div>
      )}
      <div className="overview__tile">
        <h3>Value of change</h3>
        <p className="overview__figure">
          <Pending />
        </p>
        <p className="overview__caption">{DASHBOARD_TEXTS.valueChangeCaption}</p>
      </div>
    </div>
  );
}
