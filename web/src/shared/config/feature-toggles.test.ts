import { describe, expect, it } from 'vitest';
import { isEnabled, mergeToggles } from './feature-toggles';

describe('feature toggles', () => {
  it('merges the platform and the service, the service winning', () => {
    const merged = mergeToggles(
      [{ name: 'use-client-analysis', enabled: true }, { name: 'use-sipp-wrapper', enabled: false }],
      [{ name: 'use-sipp-wrapper', enabled: true }],
    );
    expect(merged).toEqual({ 'use-client-analysis': true, 'use-sipp-wrapper': true });
    expect(isEnabled(merged, 'use-ids-dropdown')).toBe(false);
  });
});
