import { useViewedClient } from '../api/client-record';
import { useClientInContext } from './client-in-context';
import { useSession } from './session-context';

/**
 * Whose portfolio data a client screen shows: the one place that answers it, so the
 * client-in-context work changes this hook and no screen. A client sees their own entity; an
 * adviser sees the client in context, read-only (spec 2 §1), or nothing without one.
 */
export interface ClientScope {
  entityId: number;
  /** An adviser viewing a client: nothing on the screens may change the client's data. */
  readOnly: boolean;
  /** Whom the screens greet (spec 2 §2.1: the client in context's name, else the user's). */
  person: { first_name: string | null; last_name: string | null; preferred_name: string | null; display_name: string; entity_name: string };
  locale: string;
  preferredCurrency: string;
  region: string;
}

export function useClientScope(): ClientScope | null {
  const { user } = useSession();
  const inContext = useClientInContext();
  // The client in context's names, so the greeting follows the name format (spec 2 §2.1).
  const viewed = useViewedClient(user && user.role_name !== 'ClientUser' ? (inContext?.entity_id ?? null) : null);
  if (!user) return null;
  if (user.role_name === 'ClientUser') {
    return { entityId: user.entity_id, readOnly: false, person: user, locale: user.locale, preferredCurrency: user.preferred_currency, region: user.region };
  }
  if (!inContext) return null;
  return {
    entityId: inContext.entity_id,
    readOnly: true,
    person: {
      first_name: viewed.data?.first_name ?? null,
      last_name: viewed.data?.last_name ?? null,
      preferred_name: viewed.data?.preferred_name ?? null,
      display_name: inContext.display_name,
      entity_name: viewed.data?.entity_name || inContext.display_name,
    },
    locale: viewed.data?.locale ?? user.locale,
    preferredCurrency: inContext.preferred_currency ?? user.preferred_currency,
    region: user.region,
  };
}
