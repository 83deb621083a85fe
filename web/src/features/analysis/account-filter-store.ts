import type { StoredAccountFilter } from './drill-down';

/**
 * The stored account filter (spec 2 §2.2 persistence, key coa_filter). The dashboard's tiles
 * write it where this reads it (localStorage, features/portfolio/components/account-summary.tsx);
 * the shell's logo and Analysis link clear it (shared/session/stored-client-data.ts).
 */
const KEY = 'coa_filter';

export function readAccountFilter(): StoredAccountFilter | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredAccountFilter>) : null;
    return parsed && typeof parsed.key === 'string' && Array.isArray(parsed.accountIds) ? (parsed as StoredAccountFilter) : null;
  } catch {
    return null;
  }
}

export function writeAccountFilter(filter: StoredAccountFilter | null): void {
  try {
    if (filter) window.localStorage.setItem(KEY, JSON.stringify(filter));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the address still carries the level.
  }
}
