import { Link } from 'react-router-dom';
import { formatMoney } from '../../../shared/format/numbers';
import type { Holding } from '../api/dashboard-data';
import { roundShares, shareLabel, sharesOf } from '../portfolio-rules';

/** Spec 2 §2.1: cards list the top 3 items by value. */
export const TOP_ITEMS = 3;

/** The top items by value with their share of all the items' value. */
export function topItems(items: readonly Holding[]): (Holding & { share: string })[] {
  const exact = sharesOf(items.map((i) => i.value));
  const rounded = roundShares(exact);
  return items.slice(0, TOP_ITEMS).map((item, i) => ({ ...item, share: shareLabel(rounded[i]!, exact[i]!) }));
}

interface Props {
  heading: string;
  linkText: string;
  linkPath: string | null;
  items: Holding[] | null;
  loading: boolean;
  fallback: string;
  note: string;
  locale: string;
}

/**
 * The assets summary card (Portfolio access: the overview's three largest holdings) or the
 * managed-assets panel (Assets access), spec 2 §2.1.
 */
export function AssetsSummary({ heading, linkText, linkPath, items, loading, fallback, note, locale }: Props) {
  const top = items ? topItems(items) : [];
  return (
    <section className="card assets-summary" aria-labelledby="assets-summary-heading" aria-busy={loading}>
      <div className="card__header">
        <h2 id="assets-summary-heading">{heading}</h2>
        {linkPath && <Link to={linkPath}>{linkText}</Link>}
      </div>
      {loading ? (
        // Rows laid out as the holdings' rows are, so nothing moves when they arrive.
        <ul className="assets-summary__list is-pending" aria-hidden="true">
          {Array.from({ length: TOP_ITEMS }, (_, i) => (
            <li key={i}>
              <span className="assets-summary__name skeleton-text">{'\u00a0'}</span>
              <span className="assets-summary__value skeleton-text">{'\u00a0'}</span>
              <span className="assets-summary__share skeleton-text">{'\u00a0'}</span>
            </li>
          ))}
        </ul>
      ) : top.length === 0 ? (
        <p>{fallback}</p>
      ) : (
        <ol className="assets-summary__list">
          {top.map((item) => (
            <li key={item.key}>
              <span className="assets-summary__name">{item.description}</span>
              <span className="assets-summary__value">{formatMoney(item.value, item.currency, locale)}</span>
              <span className="assets-summary__share">{item.share}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="assets-summary__note">{note}</p>
    </section>
  );
}
