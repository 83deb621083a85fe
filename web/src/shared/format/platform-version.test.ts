import { describe, expect, it } from 'vitest';
import { parsePlatformVersion, securityAnswerMinimum } from './platform-version';

describe('platform version', () => {
  it('parses three or more parts', () => {
    expect(parsePlatformVersion('22.8.240')).toEqual({ major: 22, minor: 8, patch: 240 });
    expect(parsePlatformVersion('22.9.237.4')).toEqual({ major: 22, minor: 9, patch: 237 });
    expect(parsePlatformVersion('23.1')).toEqual({ major: 23, minor: 1, patch: 0 });
    expect(parsePlatformVersion('unknown')).toBeNull();
    expect(parsePlatformVersion(undefined)).toBeNull();
  });

  it.each([
    ['22.8.233', 0],
    ['22.8.234', 8],
    ['22.8.999', 8],
    ['22.9.0', 8],
    ['22.9.237', 8],
    ['22.9.238', 0],
    ['22.7.500', 0],
    ['22.10.1', 0],
    ['23.8.240', 0],
    ['', 0],
  ])('the answer minimum for %s is %i', (version, minimum) => {
    expect(securityAnswerMinimum(version)).toBe(minimum);
  });
});
