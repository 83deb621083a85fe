import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Starts the real portal binary on a free port (the binary picks it: --addr 127.0.0.1:0) with a
// fresh data directory, and hands its address and log file to the tests through the environment.
// With E2E_PLATFORM_MODE=remote it first starts `portal platform` as a second process and points
// the portal at it (PORTAL_PLATFORM_URL), so the same suite runs against the remote mode.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = process.env.PORTAL_BIN || resolve(__dirname, '../../bin/portal');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  // One log for both processes: the development outbox (second-factor codes) is written by the
  // process that owns the users, which is the platform in remote mode.
  const logFile = join(dataDir, 'portal.log');
  const out = openSync(logFile, 'a');
  const env = {
    ...process.env,
    PORTAL_SESSION_IDLE_TIMEOUT: process.env.PORTAL_SESSION_IDLE_TIMEOUT || '30m',
    // The suite's many logins come from one address: it gets its own generous address limit
    // instead of spending the production one (20 in 15 minutes). Every other limit is the
    // production one; session.spec's lock-out test relies on the account limit (5 wrong passwords).
    PORTAL_RATE_LIMITS: process.env.PORTAL_RATE_LIMITS || 'address=1000/15m/15m',
  };
  const children: ChildProcess[] = [];

  const start = async (args: string[], extraEnv: Record<string, string>, announce: RegExp): Promise<string> => {
    const child = spawn(bin, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', out, out] });
    children.push(child);
    return new Promise<string>((ok, fail) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const m = announce.exec(readFileSync(logFile, 'utf8'));
        if (m) {
          clearInterval(poll);
          ok(m[1]);
        } else if (child.exitCode !== null || Date.now() - started > 90_000) {
          clearInterval(poll);
          fail(new Error(`${args[0]} did not start:\n${readFileSync(logFile, 'utf8')}`));
        }
      }, 100);
    });
  };

  let portalEnv: Record<string, string> = {};
  if (process.env.E2E_PLATFORM_MODE === 'remote') {
    const platformDir = join(dataDir, 'platform');
    mkdirSync(platformDir);
    const platformURL = await start(['platform', '--platform-addr', '127.0.0.1:0', '--data-dir', platformDir], {},
      /Planning platform listening on (http:\/\/[\d.:]+)/);
    portalEnv = { PORTAL_PLATFORM_URL: platformURL };
  }
  const portalDir = join(dataDir, 'portal');
  mkdirSync(portalDir);
  const baseURL = await start(['--addr', '127.0.0.1:0', '--data-dir', portalDir], portalEnv,
    /Wealth portal listening on (http:\/\/[\d.:]+)/);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_LOG_FILE = logFile;
  return async () => {
    for (const child of children.reverse()) {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
