import { useSiteConfig } from '../../../shared/config/site-config-context';
import { formatPercent } from '../../../shared/format/numbers';
import { useSession } from '../../../shared/session/session-context';
import type { AnalysisTabProps } from '../analysis-selection';
import { useAccountTargetSets, type TargetSet } from '../api/target-set-allocation';
import { serverMessage, TransactionsWarning } from '../components/transactions-warning';
import './transactions-tab.css';

/** Spec 2 §8. */
export const NO_INSTRUCTIONS_TEXT = 'There is currently no investment instructions set-up for this account.';

/**
 * The analysis page's Investment instructions tab (spec 2 §2.3): the target sets of the one
 * account selected, each with its securities' weights (percentages, 2 decimals). The page shows
 * it for a single account with client analysis on and modelling_by_target_sets held. Read-only.
 */
export default function InstructionsTab({ selection }: AnalysisTabProps) {
  const config = useSiteConfig();
  const locale = useSession().user?.locale ?? config.settings.defaultLocale;
  const query = useAccountTargetSets(selection.singleAccountId);
  let body;
  if (selection.singleAccountId === null) {
    body = <p>{NO_INSTRUCTIONS_TEXT}</p>;
  } else if (query.isPending) {
    body = <div className="analysis-skeleton" style={{ height: 240 }} aria-hidden="true" data-testid="instructions-skeleton" />;
  } else if (query.isError) {
    body = <TransactionsWarning alert>{serverMessage(query.error)}</TransactionsWarning>;
  } else if (query.data.length === 0) {
    body = <p>{NO_INSTRUCTIONS_TEXT}</p>;
  } else {
    body = query.data.map((set) => <TargetSetTable key={set.id} set={set} locale={locale} />);
  }
  return (
    <section className="analysis-panel instructions-tab" aria-label="Investment instructions">
      {body}
    </section>
  );
}

function TargetSetTable({ set, locale }: { set: TargetSet; locale: string }) {
  return (
    <table className="transactions-table target-set-table">
      <caption className="target-set-table__caption">{set.description || 'Target set'}</caption>
      <thead>
        <tr>
          <th scope="col">Security</th>
          <th scope="col">Code</th>
          <th scope="col" className="transactions-table__number">Weight</th>
        </tr>
      </thead>
      <tbody>
        {set.securities.map((s, i) => (
          <tr key={`${s.code}-${i}`}>
            <td>{s.description || '-'}</td>
            <td>{s.code || '-'}</td>
            <td className="transactions-table__number">{s.weight === null ? '-' : formatPercent(s.weight, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
