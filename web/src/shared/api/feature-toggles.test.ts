import { describe, expect, it, vi } from 'vitest';
import { fetchFeatureToggles } from './feature-toggles';

describe('fetchFeatureToggles', () => {
  it('merges both sources, the service winning', async () => {
    const fetcher = vi.fn(async (path: string) =>
      path === 'feature-toggles' ? [{ name: 'use-client-reports', enabled: false }] : [{ name: 'use-client-reports', enabled: true }, { name: 'use-client-analysis', enabled: true }],
    );
    expect(await fetchFeatureToggles('GB', fetcher)).toEqual({ 'use-client-reports': false, 'use-client-analysis': true });
    expect(fetcher).toHaveBeenCalledWith('feature-toggles', expect.objectContaining({ base: 'api', query: { region: 'GB' } }));
  });

  it('treats a failing source as an empty list and keeps the other', async () => {
    const fetcher = vi.fn(async (path: string) => {
      if (path === 'feature-toggles') throw new Error('service down');
      return [{ name: 'use-client-reports', enabled: true }];
    });
    expect(await fetchFeatureToggles('GB', fetcher)).toEqual({ 'use-client-reports': true });
  });

  it('treats an answer of the wrong shape as an empty list (every toggle off), not a crash', async () => {
    const fetcher = vi.fn(async (path: string) => (path === 'feature-toggles' ? { toggles: [] } : [{ name: 'use-client-reports', enabled: 'yes' }]));
    expect(await fetchFeatureToggles('GB', fetcher)).toEqual({});
  });
});
