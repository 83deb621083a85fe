import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// The suite runs twice (make e2e and make e2e-remote); this proves which platform answered.
test('the portal runs against the platform mode under test', async () => {
  const log = readFileSync(process.env.E2E_LOG_FILE as string, 'utf8');
  if (process.env.E2E_PLATFORM_MODE === 'remote') {
    expect(log).toMatch(/Planning platform listening on http:\/\/127\.0\.0\.1:\d+\/resourceful/);
    expect(log).toMatch(/Planning platform: http:\/\/127\.0\.0\.1:\d+ \(remote\)/);
  } else {
    expect(log).not.toContain('Planning platform');
  }
});
