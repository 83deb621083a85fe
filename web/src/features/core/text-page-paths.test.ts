import { describe, expect, it } from 'vitest';
import { COOKIE_POLICY_PATH, textPagePath } from './text-page-paths';

describe('textPagePath', () => {
  it('gives the cookie policy its one address and other pages their segment', () => {
    expect(textPagePath('cookie-policy')).toBe(COOKIE_POLICY_PATH);
    expect(COOKIE_POLICY_PATH).toBe('/core/cookie-policy');
    expect(textPagePath('privacy')).toBe('/privacy');
  });
});
