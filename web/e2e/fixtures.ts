import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, devices, expect, type Page } from '@playwright/test';

export { expect };

/** Whether the notification modal may open (spec 3 §2.4): closed unless a spec asks for it. */
export type NotificationsOption = 'closed' | 'show';

/** The local-storage key of the dismissed notifications (web/src/features/notifications/notification-flags.ts). */
const NOTIFICATION_FLAGS_KEY = 'persist:reviewNotification';

/** The demo logins with journeys that the notification modal would show (the others have none). */
const LOGINS_WITH_NOTIFICATIONS = [{ username: 'demo.client', password: 'DemoClient#2026' }];

/**
 * The e2e test with three guards on every page: the base URL of the portal under test, a
 * collector that fails the test on an uncaught error, a console error or a Content-Security-Policy
 * violation, and `checkA11y` that runs axe-core on the page as it is. The notification modal stays
 * closed (its journeys dismissed in local storage before the app starts, as a client who
 * postponed them) unless the spec says `test.use({ notifications: 'show' })`.
 */
export const test = base.extend<{ consoleProblems: string[]; notifications: NotificationsOption; closedNotifications: void }, { notificationEntities: number[] }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  notifications: ['closed', { option: true }],
  // The entity ids of the demo clients with notifications, once per worker: the stored flags are
  // kept by entity id (nothing personal), so the fixture needs them before any page starts.
  notificationEntities: [
    async ({ playwright }, use) => {
      const ids: number[] = [];
      for (const login of LOGINS_WITH_NOTIFICATIONS) {
        const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
        const answer = await api.post('/xplanapi/auth/login', { data: login, headers: { Accept: 'application/json' } });
        expect(answer.ok(), `log in as ${login.username} to learn its entity id`).toBe(true);
        ids.push(((await (await api.get('/xplanapi/session/user')).json()) as { entity_id: number }).entity_id);
        await api.delete('/xplanapi/session');
        await api.dispose();
      }
      await use(ids);
    },
    { scope: 'worker' },
  ],
  closedNotifications: [
    async ({ page, notifications, notificationEntities }, use) => {
      if (notifications === 'closed') {
        await page.addInitScript(
          ({ key, ids }) => {
            // Every frame runs this, a PDF viewer's or a sandboxed one too, where storage may be
            // missing or refused: only the portal's own pages keep the flags.
            try {
              const storage = window.localStorage;
              if (!storage) return;
              const all = ['factFind', 'review', 'automatedPersonalAdvice', 'roboAdvice'];
              let stored: Record<string, Record<string, string[]>> = {};
              try {
                stored = JSON.parse(storage.getItem(key) ?? '{}') as typeof stored;
              } catch {
                stored = {};
              }
              for (const id of ids) stored[String(id)] = { ...stored[String(id)], dismissed: all };
              storage.setItem(key, JSON.stringify(stored));
            } catch {
              // No storage in this frame.
            }
          },
          { key: NOTIFICATION_FLAGS_KEY, ids: notificationEntities },
        );
      }
      await use();
    },
    { auto: true },
  ],
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        // The browser logs every 4xx answer of fetch, and every fetch that failed offline; API
        // answers are the app's to handle and the tests assert what the user sees. Anything else
        // (CSP, scripts, assets) is a failure.
        const url = msg.location().url || '';
        if (/Failed to load resource: (the server responded with a status of 4\d\d|net::ERR_(FAILED|INTERNET_DISCONNECTED))/.test(msg.text()) && /\/(xplanapi|api|bff\/api)\//.test(new URL(url || 'about:blank').pathname)) return;
        problems.push(`console: ${msg.text()} (${url})`);
      });
      await use(problems);
      expect(problems, 'browser console errors, uncaught errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** Runs axe-core (WCAG 2.1 AA rules) on the current page and fails on any violation. */
export async function checkA11y(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** What the development outbox sends: a second-factor code, a reset code or a username reminder. */
export type OutboxKind = 'security code' | 'password reset code' | 'username';

interface OutboxEntry {
  to: string;
  value: string;
}

/**
 * The development outbox's messages of one kind, oldest first, as the portal logged them
 * (recipients masked: the last two digits of a phone number, the domain of an email address).
 */
export function outbox(kind: OutboxKind, to?: string): OutboxEntry[] {
  const log = readFileSync(process.env.E2E_LOG_FILE as string, 'utf8');
  const pattern = new RegExp(`development outbox.*? to=(\\S+) body=".*? ${kind} is ([\\w.@-]+?)\\.? `, 'g');
  return [...log.matchAll(pattern)].map((m) => ({ to: m[1], value: m[2] })).filter((entry) => !to || entry.to === to);
}

/**
 * Waits for the development outbox to hold more than `before` messages of the kind (to the
 * masked recipient, when given) and returns the newest one's code or username.
 */
export async function nextOutbox(kind: OutboxKind, before: number, to?: string): Promise<string> {
  let entries: OutboxEntry[] = [];
  await expect.poll(() => (entries = outbox(kind, to)).length, { message: `a new ${kind} in the development outbox` }).toBeGreaterThan(before);
  return entries[entries.length - 1].value;
}

/** The newest six-digit code the development outbox wrote to the portal's log. */
export function latestOutboxCode(): string {
  const codes = outbox('security code');
  if (codes.length === 0) throw new Error('no code in the development outbox');
  return codes[codes.length - 1].value;
}

export const logins = {
  client: { username: 'demo.client', password: 'DemoClient#2026' },
  assets: { username: 'demo.assets', password: 'DemoAssets#2026' },
  messages: { username: 'demo.messages', password: 'DemoMessages#2026' },
  mfa: { username: 'demo.mfa', password: 'DemoMfa#2026' },
  adviser: { username: 'demo.adviser', password: 'DemoAdviser#2026' },
};

/** Fills the login form on the given tab and submits it. */
export async function logIn(page: Page, who: { username: string; password: string }, tab: 'Client' | 'Adviser' = 'Client'): Promise<void> {
  await page.goto('/login');
  if (tab === 'Adviser') await page.getByRole('tab', { name: 'Adviser' }).click();
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Who looks at demo.client's pages: demo.client itself, or demo.adviser with demo.client (Eleanor Whitfield) in context. */
export type Viewer = 'client' | 'adviser';

/**
 * Logs the viewer in and waits for Eleanor Whitfield's dashboard. demo.adviser finds her on Your
 * Clients; `beforeOpen` runs just before her row is opened (to start watching requests).
 */
export async function openDashboard(page: Page, viewer: Viewer, beforeOpen?: () => void): Promise<void> {
  if (viewer === 'adviser') {
    await logIn(page, logins.adviser, 'Adviser');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeVisible();
    await page.getByLabel('Client name').fill('Whitfield');
    await expect(page.locator('.client-table tbody tr')).toHaveCount(2);
    beforeOpen?.();
    await page.getByRole('button', { name: 'Whitfield, Eleanor' }).click();
    await expect(page).toHaveURL(/\/clients\/home$/);
  } else {
    await logIn(page, logins.client);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
}

/** openDashboard, then the analysis page by 'View portfolio analysis', waiting for its figures. */
export async function openAnalysis(page: Page, viewer: Viewer): Promise<void> {
  await openDashboard(page, viewer);
  await page.getByRole('link', { name: 'View portfolio analysis' }).click();
  await expect(page).toHaveURL(/\/clients\/analysis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All portfolios' })).toBeVisible();
  await expect(page.locator('.analysis-card [data-figure="value"]')).not.toBeEmpty();
}

/** The entity whose pages are shown: the client's own, or the adviser's client in context. */
export async function viewedEntity(page: Page): Promise<number> {
  const context = await page.request.get('/api/client-context');
  if (context.ok()) {
    const answer = (await context.json()) as { client_in_context: { entity_id: number } | null };
    if (answer.client_in_context) return answer.client_in_context.entity_id;
  }
  return ((await (await page.request.get('/xplanapi/session/user')).json()) as { entity_id: number }).entity_id;
}

/** An account as the platform lists it, with the fields the analysis specs read. */
export interface Account {
  accountid: number;
  portfolioid: number;
  description: string;
  portfolioName: string;
  service_type: string;
  lastTransactionDate: unknown;
}

/**
 * The accounts the analysis page shows, worked out here from the platform: managed, visible and,
 * as the demo site does not allow others (spec 2 §5), with at least one transaction.
 */
export async function shownAccounts(page: Page, entity: number): Promise<Account[]> {
  const accounts = (await (await page.request.get(`/xplanapi/portfolio/account?entityid=${entity}`)).json()) as Account[];
  const links = (await (await page.request.get(`/xplanapi/entity/client-v4/${entity}/account_user_visibility_link`)).json()) as { accountid: number; visible: boolean }[];
  const hidden = new Set(links.filter((l) => !l.visible).map((l) => l.accountid));
  return accounts.filter((a) => a.service_type !== 'Not managed' && !hidden.has(a.accountid) && a.lastTransactionDate !== null);
}

/** The phone and the tablet every page is laid out on besides the desktop: [name, test.use options]. */
export const smallScreens = [
  [
    'phone (390 px)',
    (() => {
      const { defaultBrowserType: _b, ...phone } = devices['Pixel 7'];
      return { ...phone, viewport: { width: 390, height: 844 } };
    })(),
  ],
  ['tablet (820 px)', { viewport: { width: 820, height: 1180 }, hasTouch: true }],
] as const;
