import { createStore, useStore } from '../state/create-store';
import type { SiteAccessLevel } from './site-access';

/**
 * The client an adviser is acting for (spec 1 §4, spec 3 §3.4), as the portal's session holds it
 * (PUT and GET /api/client-context, docs/api-contract.md): the server's answer is the truth, the
 * browser never stores it. The client list and the signed-in area set it; the route guard, the
 * client section and the top navigation ("Viewing {name}") read it. Cleared on logout.
 */
export interface ClientInContext {
  id: number;
  entity_id: number;
  display_name: string;
  preferred_currency?: string | null;
  /** The adviser sees another level than the client's own, or the client has no login. */
  is_preview_mode: boolean;
  last_login_datetime?: string | null;
  user_timezone?: string | null;
  /** The portal view the adviser chose (the client's own level by default). */
  site_access_level: SiteAccessLevel;
  has_client_access?: boolean;
}

export const clientInContextStore = createStore<ClientInContext | null>(null);

export const useClientInContext = () => useStore(clientInContextStore);
