/** Browser-stored client state (spec 1 §3 storage keys): see shared/session/stored-client-data.ts. */
import { clearAccountFilter, clearStoredClientData } from '../../shared/session/stored-client-data';

export { clearAccountFilter };

/** On logout: the account filter and every persisted slice ("persist:*"). Consent stays. */
export const clearClientState = clearStoredClientData;
