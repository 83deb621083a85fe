import { type Page } from '@playwright/test';
import { checkA11y, expect, logIn, logins, openDashboard, test } from './fixtures';

// The annual review (spec 3 §2.3, §4.4, §5, §8, §9; issue 18) against the real portal. demo.client
// (Eleanor Whitfield, review InProgress) answers for her partner James (his review InProgress too),
// reloads in the middle and finds her answers again, submits, and finds the PDF of her answers in
// Messages and documents; demo.adviser with Eleanor in context then reads the submitted review.
// Submitting changes Eleanor's and James's statuses for good, so this file runs in its own
// Playwright project after every other spec (playwright.config.ts), its tests in order.

test.describe.configure({ mode: 'serial' });

const REQUIRED = 'This question requires an answer';

/** The whole page: it scrolls inside Ionic's content, so the window is made tall enough for it. */
async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.annual-review').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 300) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

const mine = (page: Page) => page.getByRole('group', { name: /^Your answer/ });
const james = (page: Page) => page.getByRole('group', { name: /^Answer for James Whitfield/ });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function answer(page: Page, me: 'Yes' | 'No', him: 'Yes' | 'No', next = true) {
  await mine(page).getByLabel(me).check();
  await james(page).getByLabel(him).check();
  if (next) await page.getByRole('button', { name: 'Next' }).click();
}

test.describe('the annual review', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('demo.client completes it for herself and James, with a reload in the middle', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await openDashboard(page, 'client');
    await page.goto('/clients/annual-review');
    await expect(heading(page, 'Your annual review')).toBeVisible();
    await expect(page.getByRole('button', { name: "I'd rather speak to my adviser" })).toBeVisible();
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('annual-review-intro-1280.png'));

    // Start without choosing whether to answer for James: the required error, focus on the heading.
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText(REQUIRED)).toBeVisible();
    await expect(heading(page, 'Your annual review')).toBeFocused();
    await checkA11y(page);
    await page.getByRole('group', { name: 'Answer on behalf of your partner' }).getByLabel('Yes').check();
    await page.getByRole('button', { name: 'Start' }).click();

    // Goals: Next with only her answer is refused; Yes opens the changes box.
    await expect(heading(page, 'Your goals')).toBeFocused();
    const progress = page.getByRole('progressbar', { name: 'Review progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '0'); // question 1 of 7 on arrival: (1-1)/7*100
    await mine(page).getByLabel('Yes').check();
    await page.getByLabel('Please tell us about your changes').fill('We plan to retire in 2028 and help Harriet buy a flat.');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(REQUIRED)).toBeVisible();
    await expect(heading(page, 'Your goals')).toBeFocused();
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('annual-review-question-1280.png'));
    await james(page).getByLabel('No').check();
    await expect(progress).toHaveAttribute('aria-valuenow', '14'); // 1/7*100 = 14.3, rounded
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page, 'Income and spending')).toBeVisible();
    await answer(page, 'No', 'No');
    await expect(heading(page, 'Your health')).toBeVisible();
    await mine(page).getByLabel('No').check();

    // A reload in the middle (the leave-page warning is accepted): the answers are still there.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(heading(page, 'Your health')).toBeVisible();
    await expect(mine(page).getByLabel('No')).toBeChecked();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(heading(page, 'Your goals')).toBeVisible();
    await expect(mine(page).getByLabel('Yes')).toBeChecked();
    await expect(page.getByLabel('Please tell us about your changes')).toHaveValue('We plan to retire in 2028 and help Harriet buy a flat.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await answer(page, 'No', 'No');
    await expect(heading(page, 'Family circumstances')).toBeVisible();
    await answer(page, 'No', 'No');

    // Risk: both ratings with their sanitised descriptions.
    await expect(heading(page, 'Your attitude to risk')).toBeVisible();
    await expect(page.getByText('Risk rating: 5 (Balanced)')).toBeVisible();
    await expect(page.getByText('Risk rating: 6 (Moderately Adventurous)')).toBeVisible();
    await checkA11y(page);
    await answer(page, 'No', 'No');

    // Contact details played back: 'You' and 'Your Partner', lines split, tap-to-call.
    await expect(heading(page, 'Your contact details')).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'You', exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Your Partner' })).toBeVisible();
    await expect(table.getByRole('link', { name: '+44 7700 900417' })).toHaveAttribute('href', 'tel:+447700900417');
    await expect(table.getByText('BS8 4JY').first()).toBeVisible();
    await checkA11y(page);
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshotWhole(page, testInfo.outputPath(`annual-review-contact-${width}.png`));
    }
    await answer(page, 'No', 'No');

    await expect(heading(page, 'Your personal details')).toBeVisible();
    await expect(page.getByRole('table').getByText('Harriet Whitfield (daughter), born 14 May 2003')).toHaveCount(2);
    await answer(page, 'No', 'No');

    // Submission: she told of a change.
    await expect(heading(page, 'Submit your review')).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText(/You have told us that some things have changed/)).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(heading(page, 'Thank you')).toBeVisible();
    await expect(page.getByText(/Thank you for completing your annual review/)).toBeVisible();
    await expect(page.getByText('Oliver Bennett')).toBeVisible();
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('annual-review-done-1280.png'));
    for (const width of [390, 820]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshotWhole(page, testInfo.outputPath(`annual-review-done-${width}.png`));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/clients\/(home)?$/);

    // The PDF of her answers is in her documents.
    await page.goto('/clients/documents-and-messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first()).toContainText('Your annual review answers');
  });

  test('a second submit of the same review is refused, nothing changes', async ({ page }) => {
    await logIn(page, logins.client);
    await expect(page).toHaveURL(/\/clients\/home/);
    const me = (await (await page.request.get('/xplanapi/session/user')).json()) as { entity_id: number };
    const again = await page.request.post(`/xplanapi/entity/client-v4/${me.entity_id}/review`, { data: { id: me.entity_id, responses: [] } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { api_message: string }).api_message).toBe('Review already submitted');
    // The page now shows her submitted review.
    await page.goto('/clients/annual-review');
    await expect(heading(page, 'Submitted annual review')).toBeVisible();
    await expect(page.getByText('Eleanor Whitfield: Changes reported')).toBeVisible();
  });

  test('demo.adviser with Eleanor in context reads the submitted review', async ({ page }, testInfo) => {
    await openDashboard(page, 'adviser');
    await page.goto('/clients/annual-review');
    await expect(heading(page, 'Submitted annual review')).toBeVisible();
    await expect(page.getByText('Eleanor Whitfield: Changes reported')).toBeVisible();
    await expect(page.getByText('James Whitfield: No changes reported')).toBeVisible();
    await expect(page.getByText(/Changes described: We plan to retire in 2028/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('annual-review-adviser-1280.png'));
  });
});
