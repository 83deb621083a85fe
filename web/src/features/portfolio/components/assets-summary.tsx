import { Link } from 'react-router-dom';
import { formatMoney } from '../../../shared/format/numbers';
import type { Holding } from '../api/dashboard-data';
import type { AssetTypeTotal } from '../api/managed-assets';
import { roundShares, shareLabel, sharesOf } from '../portfolio-rules';

/** Spec 2 §2.1: cards list the top 3 items by value. */
export const TOP_ITEMS = 3;

/** Spec 2 §8: the assets could not all be fetched. */
export const ASSETS_ERROR = 'There was a problem retrieving one or more assets.';

/** The asset types of the managed-assets panel (spec 2 §2.5's tabs), the skeleton's rows. */
const TOTAL_ROWS = 4;

/** The top items by value with their share of all the items' value. */
export function topItems(items: readonly Holding[]): (Holding & { share: string })[] {
  const exact = sharesOf(items.map((i) => i.value));
  const rounded = roundShares(exact);
  return items.slice(0, TOP_ITEMS).map((item, i) => ({ ...item, share: shareLabel(rounded[i]!, exact[i]!) }));
}

/**
 * The managed-assets panel has nothing to show (spec 2 §2.1 'No managed assets data.') when no
 * asset type holds a managed record and no record has a value.
 */
export function noManagedAssets(totals: readonly AssetTypeTotal[], items: readonly Holding[]): boolean {
  return items.length === 0 && totals.every((t) => t.count === 0);
}

interface Props {
  heading: string;
  linkText: string;
  linkPath: string | null;
  items: Holding[] | null;
  /** The managed-assets panel's totals by asset type (Assets access); absent on the card. */
  totals?: AssetTypeTotal[] | null;
  loading: boolean;
  /** The assets could not be fetched (spec 2 §8). */
  failed?: boolean;
  fallback: string;
  note: string;
  locale: string;
}

/**
 * The assets summary card (Portfolio access: the overview's three largest holdings) or the
 * managed-assets panel (Assets access: the managed total of each asset type and the three largest
 * managed assets), spec 2 §2.1. The skeleton has the rows of what replaces it, so nothing moves.
 */
export function AssetsSummary({ heading, linkText, linkPath, items, totals, loading, failed = false, fallback, note, locale }: Props) {
  const panel = totals !== undefined;
  const top = items ? topItems(items) : [];
  const empty = panel ? totals !== null && noManagedAssets(totals, items ?? []) : top.length === 0;
  return (
    <section className={`card assets-summary${panel ? ' assets-summary--managed' : ''}`} aria-labelledby="assets-summary-heading" aria-busy={loading}>
      <div className="card__header">
        <h2 id="assets-summary-heading">{heading}</h2>
        {linkPath && <Link to={linkPath}>{linkText}</Link>}
      </div>
      {loading ? (
        // Rows laid out as the figures' rows are, so nothing moves when they arrive.
        <>
          {panel && (
            <dl className="assets-summary__totals is-pending" aria-hidden="true">
              {Array.from({ length: TOTAL_ROWS }, (_, i) => (
                <div key={i}>
                  <dt className="skeleton-text">{'\u00a0'}</dt>
                  <dd className="skeleton-text">{'\u00a0'}</dd>
                </div>
              ))}
            </dl>
          )}
          <ul className="assets-summary__list is-pending" aria-hidden="true">
            {Array.from({ length: TOP_ITEMS }, (_, i) => (
              <li key={i}>
                <span className="assets-summary__name skeleton-text">{'\u00a0'}</span>
                <span className="assets-summary__value skeleton-text">{'\u00a0'}</span>
                <span className="assets-summary__share skeleton-text">{'\u00a0'}</span>
              </li>
            ))}
          </ul>
        </>
      ) : failed ? (
        <p role="alert">{ASSETS_ERROR}</p>
      ) : empty ? (
        <p>{fallback}</p>
      ) : (
        <>
          {panel && totals && (
            <dl className="assets-summary__totals" aria-label="Managed assets by type">
              {totals.map((t) => (
                <div key={t.list} data-asset-type={t.list}>
                  <dt>{t.label}</dt>
                  <dd className="assets-summary__value" data-exact={t.text ?? ''}>
                    {t.value === null ? 'Conversion rate unavailable' : formatMoney(t.value, t.currency, locale)}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {top.length > 0 && (
            <ol className="assets-summary__list" aria-label={panel ? 'Largest managed assets' : undefined}>
              {top.map((item) => (
                <li key={item.key}>
                  <span className="assets-summary__name">{item.description}</span>
                  <span className="assets-summary__value">{formatMoney(item.value, item.currency, locale)}</span>
                  <span className="assets-summary__share">{item.share}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <p className="assets-summary__note">{note}</p>
    </section>
  );
}
