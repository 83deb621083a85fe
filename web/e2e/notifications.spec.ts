import type { Page, TestInfo } from '@playwright/test';
import { checkA11y, expect, logIn, logins, test } from './fixtures';

// The notification modal, the 'Action required' panel and the journey pages (spec 3 §2.3, §2.4,
// §4.3) for demo.client (Eleanor Whitfield: fact find '1', annual review in progress) at a
// phone's, a tablet's and a desktop's width. The modal opens here (test.use below); every other
// spec keeps it closed (fixtures.ts). The steps run in order: the last one changes Eleanor's
// fact find status for good. Her review is never touched (the annual review's spec completes it).
test.use({ notifications: 'show' });
test.describe.configure({ mode: 'serial' });

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1280, height: 800 },
];

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false });
}

/** The modal's page for a journey: its heading, inside the modal. */
const modal = (page: Page, heading: string) => page.locator('ion-modal.notification-modal').getByRole('heading', { name: heading });
// The dialog role is on Ionic's wrapper in the modal's shadow root, and the content is slotted
// into it: what is inside is found from the modal's host element.
const inModal = (page: Page) => page.locator('ion-modal.notification-modal');
const panel = (page: Page) => page.getByRole('region', { name: 'Action required' });

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px: the modal after login (fact find first, paging wraps), close, then the panel and the journey pages`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await logIn(page, logins.client);
    await expect(page).toHaveURL(/\/clients\/home$/);
    const factFind = modal(page, 'Your fact find');
    await expect(factFind).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Action required' })).toBeVisible();
    await expect(inModal(page).getByText('1 of 2')).toBeVisible();
    await expect(inModal(page).getByRole('button', { name: 'Start your fact find' })).toBeVisible();
    await checkA11y(page);
    await screenshot(page, testInfo, `notification-modal-${viewport.width}`);

    // Next and previous wrap around.
    await inModal(page).getByRole('button', { name: 'Next' }).click();
    const review = modal(page, 'Your annual review');
    await expect(review).toBeVisible();
    await expect(inModal(page).getByText('2 of 2')).toBeVisible();
    await inModal(page).getByRole('button', { name: 'Next' }).click();
    await expect(factFind).toBeVisible();
    await expect(inModal(page).getByText('1 of 2')).toBeVisible();
    await inModal(page).getByRole('button', { name: 'Previous' }).click();
    await expect(review).toBeVisible();
    await expect(inModal(page).getByText('2 of 2')).toBeVisible();
    await inModal(page).getByRole('button', { name: 'Previous' }).click();
    await expect(factFind).toBeVisible();

    // The focus stays in the modal (Tab from its last control comes back into it); Escape (at the
    // tablet's width) or Close postpones both journeys.
    await inModal(page).getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('ion-modal') !== null)).toBe(true);
    if (viewport.width === 820) await page.keyboard.press('Escape');
    else await inModal(page).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The 'Action required' panel lists them, above the dashboard.
    await expect(panel(page).getByRole('link')).toHaveText(['Your fact find', 'Your annual review']);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
    await checkA11y(page);
    await screenshot(page, testInfo, `action-required-${viewport.width}`);

    // Its links lead to the journeys: the home page's reading of the routes (/factfind/) ...
    await panel(page).getByRole('link', { name: 'Your fact find' }).click();
    await expect(page).toHaveURL(/\/factfind\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your fact find' })).toBeVisible();
    await expect(page.getByText('Your fact find is waiting for you.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await checkA11y(page);
    await screenshot(page, testInfo, `fact-find-page-${viewport.width}`);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await panel(page).getByRole('link', { name: 'Your annual review' }).click();
    // /core/review is the client section's annual review.
    await expect(page).toHaveURL(/\/clients\/annual-review$/);

    // ... and the /core/ reading, and /apa/.
    for (const [path, heading] of [
      ['/core/factfind', 'Your fact find'],
      ['/core/apa', 'Investment advice online'],
      ['/apa/', 'Investment advice online'],
      ['/core/robo', 'Retirement health check'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await expect(page.getByText('There is nothing for you to do here at the moment.')).toBeVisible();

    // Postponed for good: a reload does not open the modal again.
    await page.goto('/clients/home');
    await expect(panel(page)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

test('logging out resets nothing: signing in again shows the modal again unless it was dismissed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, logins.client);
  // Start (not close): the journeys are put aside for this sign-in only.
  await expect(modal(page, 'Your fact find')).toBeVisible();
  await inModal(page).getByRole('button', { name: 'Start your fact find' }).click();
  await expect(page).toHaveURL(/\/factfind\/$/);
  await page.goto('/clients/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  await logIn(page, logins.client);
  await expect(modal(page, 'Your fact find')).toBeVisible();
  await inModal(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await logIn(page, logins.client);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
  await expect(panel(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a robo journey: demo.assets's declined retirement health check is in the panel, and its page offers to start again", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, logins.assets);
  await expect(page).toHaveURL(/\/clients\/home$/);
  // A robo journey is never in the modal (spec 3 §2.4).
  await expect(panel(page).getByRole('link')).toHaveText(['Retirement health check']);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await panel(page).getByRole('link', { name: 'Retirement health check' }).click();
  await expect(page).toHaveURL(/\/core\/robo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Retirement health check' })).toBeVisible();
  await expect(page.getByText(/You chose not to go ahead with this/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start your health check' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'No thanks' })).toHaveCount(0);
  await checkA11y(page);
  await screenshot(page, testInfo, 'robo-page-390');
});

test("speak to adviser on the fact find sets its status: the confirmation, and after a reload the panel's fact find is gone", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await logIn(page, logins.client);
  const factFind = modal(page, 'Your fact find');
  await expect(factFind).toBeVisible();
  const patched = page.waitForRequest((r) => r.method() === 'PATCH' && /\/xplanapi\/entity\/client-v4\/\d+$/.test(new URL(r.url()).pathname));
  await inModal(page).getByRole('button', { name: "I'd rather speak to my adviser" }).click();
  expect((await patched).postDataJSON()).toEqual({ factfind_status: '0', emailTemplateId: 41 });
  await expect(inModal(page).getByText('Thank you. We have let your adviser know, and they will contact you to go through your fact find together.')).toBeVisible();
  await checkA11y(page);
  await screenshot(page, testInfo, 'speak-to-adviser-820');
  await inModal(page).getByRole('button', { name: 'Finish' }).click();
  // The review is left (never touched here): postponed, it is the panel's only journey.
  const review = modal(page, 'Your annual review');
  await expect(review).toBeVisible();
  await expect(inModal(page).getByText('1 of 1')).toHaveCount(0);
  await inModal(page).getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
  await expect(panel(page).getByRole('link')).toHaveText(['Your annual review']);
  await page.goto('/core/factfind');
  await expect(page.getByText('There is nothing for you to do here at the moment.')).toBeVisible();
});
