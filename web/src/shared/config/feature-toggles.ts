/** A feature toggle (spec 1 §3): use-client-analysis, use-client-reports, use-ids-dropdown … */
export interface FeatureToggle {
  name: string;
  enabled: boolean;
}

/**
 * Toggle names by whether they are on; the toggle service wins over the platform for a name. The
 * query that loads them is shared/api/feature-toggles.ts.
 */
export type ToggleMap = Record<string, boolean>;

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
