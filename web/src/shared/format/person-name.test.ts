import { describe, expect, it } from 'vitest';
import { greetingName } from './person-name';

const eleanor = {
  first_name: 'Eleanor',
  last_name: 'Whitfield',
  preferred_name: 'Ellie',
  display_name: 'Eleanor Whitfield',
  entity_name: 'Whitfield, Eleanor',
};

describe('greetingName', () => {
  it('uses the first name by default', () => {
    expect(greetingName(eleanor)).toBe('Eleanor');
  });
  it('follows the configured name format', () => {
    expect(greetingName(eleanor, 'preferred_name')).toBe('Ellie');
    expect(greetingName({ ...eleanor, preferred_name: null }, 'preferred_name')).toBe('Eleanor');
    expect(greetingName(eleanor, 'display_name')).toBe('Eleanor Whitfield');
  });
  it('greets a non-individual by its entity name', () => {
    expect(
      greetingName({ first_name: null, last_name: null, preferred_name: null, display_name: 'Whitfield Family Trust', entity_name: 'The Whitfield Family Trust' }),
    ).toBe('The Whitfield Family Trust');
  });
});
