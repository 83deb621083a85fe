import { createStore, useStore } from '../state/create-store';

/**
 * The client an adviser is acting for (spec 1 §4, spec 3 §3.4). The adviser client list sets it;
 * the route guard, the client section and the top navigation ("Viewing {name}") read it. Cleared on
 * logout.
 */
export interface ClientInContext {
  id: number;
  entity_id: number;
  display_name: string;
  client_access_level: { code: string; description: string } | null;
  locale?: string;
  preferred_currency?: string;
  is_preview_mode?: boolean;
}

export const clientInContextStore = createStore<ClientInContext | null>(null);

export const useClientInContext = () => useStore(clientInContextStore);
