import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MaintenanceChecker from './maintenance-checker';

/** The module remembers the answer; each test (and the re-check below) loads it afresh. */
let checkHealth: typeof MaintenanceChecker.checkHealth;
async function loadChecker(): Promise<void> {
  vi.resetModules();
  ({ checkHealth } = await import('./maintenance-checker'));
}

const answer = (status: number, body?: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('checkHealth', () => {
  beforeEach(loadChecker);

  it('reads BAD as maintenance and OK as healthy, asking once', async () => {
    const bad = answer(200, { status: 'BAD' });
    expect(await checkHealth(bad)).toBe('maintenance');
    expect(await checkHealth(bad)).toBe('maintenance');
    expect(bad).toHaveBeenCalledTimes(1);
    await loadChecker();
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
