import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Starts the real portal binary on a free port (the binary picks it: --addr 127.0.0.1:0) with a
// fresh data directory, and hands its address and log file to the tests through the environment.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = process.env.PORTAL_BIN || resolve(__dirname, '../../bin/portal');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const logFile = join(dataDir, 'portal.log');
  const out = openSync(logFile, 'a');
  const child = spawn(bin, ['--addr', '127.0.0.1:0', '--data-dir', dataDir], {
    env: { ...process.env, PORTAL_SESSION_IDLE_TIMEOUT: process.env.PORTAL_SESSION_IDLE_TIMEOUT || '30m' },
    stdio: ['ignore', out, out],
  });
  const baseURL = await new Promise<string>((ok, fail) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const m = /listening on (http:\/\/[\d.:]+)/.exec(readFileSync(logFile, 'utf8'));
      if (m) {
        clearInterval(poll);
        ok(m[1]);
      } else if (child.exitCode !== null || Date.now() - started > 60_000) {
        clearInterval(poll);
        fail(new Error(`portal did not start:\n${readFileSync(logFile, 'utf8')}`));
      }
    }, 100);
  });
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_LOG_FILE = logFile;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
