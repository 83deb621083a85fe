import { describe, expect, it, vi } from 'vitest';
import { featureTogglesStore, isEnabled, loadFeatureToggles, mergeToggles } from './feature-toggles';

describe('feature toggles', () => {
  it('merges the platform and the service, the service winning', () => {
    const merged = mergeToggles(
      [{ name: 'use-client-analysis', enabled: true }, { name: 'use-sipp-wrapper', enabled: false }],
      [{ name: 'use-sipp-wrapper', enabled: true }],
    );
    expect(merged).toEqual({ 'use-client-analysis': true, 'use-sipp-wrapper': true });
    expect(isEnabled(merged, 'use-ids-dropdown')).toBe(false);
  });

  it('treats a failing source as an empty list and keeps the other', async () => {
    const fetcher = vi.fn(async (path: string) => {
      if (path === 'feature-toggles') throw new Error('service down');
      return [{ name: 'use-client-reports', enabled: true }];
    });
    const toggles = await loadFeatureToggles('GB', fetcher as never);
    expect(toggles).toEqual({ 'use-client-reports': true });
    expect(featureTogglesStore.get()).toEqual({ 'use-client-reports': true });
    expect(fetcher).toHaveBeenCalledWith('feature-toggles', expect.objectContaining({ base: 'api', query: { region: 'GB' } }));
  });

  it('is empty when both fail', async () => {
    const toggles = await loadFeatureToggles('GB', (async () => {
      throw new Error('down');
    }) as never);
    expect(toggles).toEqual({});
  });
});
