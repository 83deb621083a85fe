import { defineConfig, devices } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real portal
// binary, which global-setup starts on a free port with a fresh data directory.
const chromiumFlags = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumFlags },
    // Service workers are the PWA test's alone (e2e/pwa.spec.ts allows them): elsewhere a
    // worker's cache would sit between the test and the portal.
    serviceWorkers: 'block',
    // The signed-in shell turns Ionic's animations off under reduced motion: no screenshot or
    // click lands mid-transition (a menu sliding in).
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // The annual review's spec submits demo.client's review, changing her statuses for good: it runs
  // last, in a project of its own that waits for every other spec.
  projects: [
    { name: 'portal', testIgnore: '**/annual-review.spec.ts' },
    { name: 'annual-review', testMatch: '**/annual-review.spec.ts', dependencies: ['portal'] },
  ],
});
