import { request } from '../http';
import { createStore, useStore } from '../state/create-store';

/** A feature toggle (spec 1 §3): use-client-analysis, use-client-reports, use-ids-dropdown … */
export interface FeatureToggle {
  name: string;
  enabled: boolean;
}

/** Toggle names by whether they are on; the toggle service wins over the platform for a name. */
export type ToggleMap = Record<string, boolean>;

export const featureTogglesStore = createStore<ToggleMap>({});

export const useFeatureToggles = () => useStore(featureTogglesStore);

/** Whether a toggle is on; an unknown toggle is off. */
export function isEnabled(toggles: ToggleMap, name: string): boolean {
  return toggles[name] === true;
}

/** Merges the platform's toggles with the toggle service's (which win on the same name). */
export function mergeToggles(platform: FeatureToggle[], service: FeatureToggle[]): ToggleMap {
  const merged: ToggleMap = {};
  for (const t of [...platform, ...service]) merged[t.name] = t.enabled;
  return merged;
}

type Fetcher = <T>(path: string, options: Parameters<typeof request>[1]) => Promise<T>;

/**
 * Loads both sources (spec 1 §3, §7): the planning platform's toggle conditions and the
 * feature-toggle service through the BFF. Either failing counts as an empty list, never an error.
 */
export async function loadFeatureToggles(region: string, fetcher: Fetcher = request): Promise<ToggleMap> {
  const quiet = { notify: false, attempts: 1 } as const;
  const [platform, service] = await Promise.all([
    fetcher<FeatureToggle[]>('feature_toggle/toggle_condition', quiet).catch(() => []),
    fetcher<FeatureToggle[]>('feature-toggles', { ...quiet, base: 'api', query: { region } }).catch(() => []),
  ]);
  const toggles = mergeToggles(Array.isArray(platform) ? platform : [], Array.isArray(service) ? service : []);
  featureTogglesStore.set(toggles);
  return toggles;
}
