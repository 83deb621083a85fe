import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkHealth, resetHealthState } from './maintenance-checker';

const answer = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('checkHealth', () => {
  afterEach(() => resetHealthState());

  it('reads BAD as maintenance and OK as healthy, asking once', async () => {
    const bad = answer(200, { status: 'BAD' });
    expect(await checkHealth(bad)).toBe('maintenance');
    expect(await checkHealth(bad)).toBe('maintenance');
    expect(bad).toHaveBeenCalledTimes(1);
    resetHealthState();
    expect(await checkHealth(answer(200, { status: 'OK' }))).toBe('ok');
  });

  it('treats a disabled endpoint as the disabled action, not maintenance', async () => {
    expect(await checkHealth(answer(403, { api_message: 'endpoint disabled' }))).toBe('disabled');
  });

  it('stays unknown (and asks again later) when the check fails', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('network');
    }) as unknown as typeof fetch;
    expect(await checkHealth(failing)).toBe('unknown');
    expect(await checkHealth(answer(500))).toBe('unknown');
    expect(await checkHealth(answer(200, { status: 'OK' }))).toBe('ok');
  });
});
