import { describe, expect, it } from 'vitest';
import { loadStrengthChecker, strengthLabel, STRENGTH_LABELS } from './strength';

describe('password strength', () => {
  it('maps scores 0-4 to the five levels', () => {
    expect(STRENGTH_LABELS).toEqual(['Very Weak', 'Weak', 'Medium', 'Strong', 'Very Strong']);
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual([...STRENGTH_LABELS]);
    expect(strengthLabel(-1)).toBe('Very Weak');
    expect(strengthLabel(7)).toBe('Very Strong');
    expect(strengthLabel(Number.NaN)).toBe('Very Weak');
  });

  it('scores with zxcvbn, loaded on demand', async () => {
    const check = await loadStrengthChecker();
    expect(check('password').score).toBe(0);
    expect(check('correct horse battery staple 1972!').score).toBe(4);
    // The user's own name makes a password weaker.
    expect(check('eleanorwhitfield', ['eleanor', 'whitfield']).score).toBeLessThanOrEqual(check('eleanorwhitfield').score);
    expect(await loadStrengthChecker()).toBe(check);
  });
});
