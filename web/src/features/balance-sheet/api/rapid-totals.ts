import { useQuery } from '@tanstack/react-query';
import { featureTogglesQuery } from '../../../shared/api/feature-toggles';
import { platformVersionQuery } from '../../../shared/api/site-info';
import { isEnabled } from '../../../shared/config/feature-toggles';
import { useSession } from '../../../shared/session/session-context';
import { RAPID_TOTALS_TOGGLE, usesRapidTotals } from '../balance-sheet-rules';

/**
 * Whether the balance sheet uses the platform's rapid totals (spec 2 §9, spec 3 §6): the
 * account-visibility toggle and the platform version (GET site, asked once per login, shared with
 * the login steps). Undefined until both are known, so the page asks for its data once, the
 * right way, rather than first one way and then the other.
 */
export function useRapidTotals(): boolean | undefined {
  const { user } = useSession();
  const toggles = useQuery({ ...featureTogglesQuery(user?.region ?? ''), enabled: user !== null });
  const version = useQuery(platformVersionQuery());
  if (toggles.data === undefined || version.data === undefined) return undefined;
  return usesRapidTotals(isEnabled(toggles.data, RAPID_TOTALS_TOGGLE), version.data);
}
