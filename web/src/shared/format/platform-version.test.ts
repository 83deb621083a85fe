import { describe, expect, it } from 'vitest';
import { compareVersions, parsePlatformVersion, securityAnswerMinimum, versionAtLeast } from './platform-version';

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

// Worked by hand, part by part from the left, the first unequal part deciding:
//   23.5.269 vs 23.5.269: all equal -> 0.
//   23.5.270 vs 23.5.269: 23=23, 5=5, 270>269 -> 1.   23.5.268: 268<269 -> -1.
//   23.10.0 vs 23.5.269: 23=23, 10>5 -> 1 (as strings "23.10.0" < "23.5.269", since '1' < '5').
//   23.5.1000 vs 23.5.269: 1000>269 -> 1 (as strings "1000" < "269").
//   24.1.100 vs 23.5.269: 24>23 -> 1.   22.99.999: 22<23 -> -1.
//   23.5 vs 23.5.0: the missing part is 0 -> 0.   23.5.269.1 vs 23.5.269: 1>0 -> 1.
describe('compareVersions', () => {
  it.each([
    ['23.5.269', '23.5.269', 0],
    ['23.5.270', '23.5.269', 1],
    ['23.5.268', '23.5.269', -1],
    ['23.10.0', '23.5.269', 1],
    ['23.5.1000', '23.5.269', 1],
    ['24.1.100', '23.5.269', 1],
    ['22.99.999', '23.5.269', -1],
    ['23.5', '23.5.0', 0],
    ['23.5.269.1', '23.5.269', 1],
    ['23.4.999', '23.5.269', -1],
  ])('%s against %s is %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('is null for what is not a version, which is never at least the minimum', () => {
    expect(compareVersions('unknown', '23.5.269')).toBeNull();
    expect(compareVersions(null, '23.5.269')).toBeNull();
    expect(versionAtLeast(undefined, '23.5.269')).toBe(false);
    expect(versionAtLeast('23.10.0', '23.5.269')).toBe(true);
    expect(versionAtLeast('23.5.268', '23.5.269')).toBe(false);
  });
});
