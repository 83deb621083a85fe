import { describe, expect, it } from 'vitest';
import { unreadBadgeText } from './unread-count';

describe('unreadBadgeText', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [20, '20'],
    [21, '20+'],
    [150, '20+'],
  ])('%i -> %s', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
});
