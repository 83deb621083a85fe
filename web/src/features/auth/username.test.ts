import { describe, expect, it } from 'vitest';
import { prepareUsername } from './username';

describe('prepareUsername', () => {
  it('appends @client on the adviser tab', () => {
    expect(prepareUsername('s.hale', 'adviser')).toBe('s.hale@client');
  });
  it('does not append @client twice', () => {
    expect(prepareUsername('s.hale@client', 'adviser')).toBe('s.hale@client');
    expect(prepareUsername('s.hale@CLIENT', 'adviser')).toBe('s.hale@CLIENT');
  });
  it('trims before checking the suffix', () => {
    expect(prepareUsername('  s.hale  ', 'adviser')).toBe('s.hale@client');
  });
  it('only trims client usernames', () => {
    expect(prepareUsername('  Demo.Client ', 'client')).toBe('Demo.Client');
    expect(prepareUsername('demo@client', 'client')).toBe('demo@client');
  });
  it('leaves an empty username empty so validation can catch it', () => {
    expect(prepareUsername('   ', 'adviser')).toBe('');
  });
});
