import type { Page, TestInfo } from '@playwright/test';
import { checkA11y, expect, logIn, logins, test } from './fixtures';

// Personal details, preferences and the adviser page (issue 17, spec 2 §2.7-§2.9): demo.client
// reads her details (tap-to-call phones, the UK address layout, the panel's compose link), saves
// and cancels a preference (a reload shows what was saved) and sees Oliver Bennett's card; demo.adviser
// with her in context sees the same read-only, and without a client is told to log in to XPlan;
// an Australian client's address takes the other layout, and has no preferences page (GB only).
// axe at every width; screenshots at 1280, 820 and 390 px in the test output.

const widths = [1280, 820, 390] as const;

/**
 * axe and a screenshot of the whole page card at each width: the shell scrolls inside its own
 * content, so the window is made as tall as the card for the picture.
 */
async function atEachWidth(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>): Promise<void> {
  for (const width of widths) {
    const height = width === 390 ? 844 : width === 820 ? 1180 : 900;
    await page.setViewportSize({ width, height });
    await ready();
    await checkA11y(page);
    const card = await page.locator('.personal-page').boundingBox();
    await page.setViewportSize({ width, height: Math.max(height, Math.ceil((card?.y ?? 0) + (card?.height ?? 0) + 48)) });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

test('demo.client reads her personal details, saves and cancels preferences, and sees her adviser', async ({ page }, testInfo) => {
  await logIn(page, logins.client);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Eleanor' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click(); // the cookie notice, out of the pictures

  // Personal details, reached from My Account's link.
  await page.goto('/clients/personal-details');
  const main = page.locator('.personal-page');
  await expect(main.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
  for (const text of ['Mrs', 'Eleanor', 'Mary', 'Whitfield', '17/04/1968', 'United Kingdom']) await expect(main.getByText(text, { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: '0117 496 0871' })).toHaveAttribute('href', 'tel:01174960871');
  await expect(main.getByRole('link', { name: '+44 7700 900417' }).first()).toHaveAttribute('href', 'tel:+447700900417');
  await expect(main.getByRole('link', { name: 'eleanor.whitfield@example.co.uk' })).toHaveAttribute('href', 'mailto:eleanor.whitfield@example.co.uk');
  await expect(main.getByRole('heading', { name: 'Residential address' })).toBeVisible();
  await expect(main.getByText('14 Royal York Crescent')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Postal address' })).toHaveCount(0);
  await expect(main.getByText('If you wish to update your personal details, please contact your adviser.')).toBeVisible();
  await atEachWidth(page, testInfo, 'personal-details', () => expect(main.getByText('17/04/1968')).toBeVisible());
  await main.getByRole('link', { name: 'Contact your adviser' }).click();
  await expect(page).toHaveURL(/\/clients\/documents-and-messages\/\?compose=true$/);

  // Preferences: a change enables Save and Cancel; Save keeps it over a reload; Cancel undoes.
  await page.goto('/clients/preferences');
  await expect(page.getByText('I would like to receive updates about products & services, promotions, news and events via:')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(save).toBeDisabled();
  await expect(cancel).toBeDisabled();
  const mailWas = await checkbox(page, 'Mail').isChecked();
  const smsWas = await checkbox(page, 'SMS').isChecked();
  await checkbox(page, 'Mail').click();
  await expect(save).toBeEnabled();
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/xplanapi/entity/client-v3/'));
  await save.click();
  await expect(page.getByText('Your preferences have been updated.')).toBeVisible();
  expect((await patch).postDataJSON()).toEqual({ comm_pref_mail: mailWas ? '0' : '1' });
  await page.reload();
  await expect(checkbox(page, 'Mail')).toBeChecked({ checked: !mailWas });
  await checkbox(page, 'SMS').click();
  await expect(cancel).toBeEnabled();
  await cancel.click();
  await expect(checkbox(page, 'SMS')).toBeChecked({ checked: smsWas });
  await expect(save).toBeDisabled();
  await atEachWidth(page, testInfo, 'preferences', () => expect(checkbox(page, 'Email')).toBeVisible());
  // Back as the demo had it.
  await checkbox(page, 'Mail').click();
  await save.click();
  await expect(page.getByText('Your preferences have been updated.')).toBeVisible();

  // The adviser page.
  await page.goto('/clients/adviser-details');
  const card = page.locator('article', { has: page.getByRole('heading', { name: 'Oliver Bennett' }) });
  await expect(card.getByText('Client Adviser')).toBeVisible();
  await expect(card.getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', 'tel:+441174960123');
  await expect(card.getByRole('link', { name: 'oliver.bennett@harbourvale.co.uk' })).toHaveAttribute('href', 'mailto:oliver.bennett@harbourvale.co.uk');
  const map = card.getByRole('link', { name: /Show on map/ });
  await expect(map).toHaveAttribute('target', '_blank');
  await expect(map).toHaveAttribute('rel', /noopener/);
  await expect(map).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*BS1%204QA/);
  await expect(page.getByRole('heading', { name: 'Client services' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Important information' })).toBeVisible();
  await atEachWidth(page, testInfo, 'adviser-details', () => expect(card).toBeVisible());
});

test('demo.adviser sees the same read-only with the client in context, and is sent to XPlan without one', async ({ page }, testInfo) => {
  await logIn(page, logins.adviser, 'Adviser');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeVisible();
  await page.goto('/clients/preferences');
  await expect(page.getByText('Please log in to XPlan to view and update your preferences')).toBeVisible();

  await page.goto('/advisers/');
  await page.getByLabel('Client name').fill('Whitfield');
  await page.getByRole('button', { name: 'Whitfield, Eleanor' }).click();
  await expect(page).toHaveURL(/\/clients\/home$/);

  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Personal details' }).click();
  const main = page.locator('.personal-page');
  await expect(main.getByText('17/04/1968')).toBeVisible();
  await expect(main.getByText('If you wish to update your personal details, please contact your adviser.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Contact your adviser' })).toHaveCount(0);
  await checkA11y(page);

  await page.goto('/clients/preferences');
  for (const name of ['Email', 'Mail', 'SMS']) await expect(checkbox(page, name)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await checkA11y(page);
  await page.screenshot({ path: testInfo.outputPath('preferences-adviser-1280.png'), fullPage: true });

  await page.goto('/clients/adviser-details');
  await expect(page.getByRole('heading', { name: 'Oliver Bennett' })).toBeVisible();

  // An Australian client of the demo book: the other address layout, and no preferences page.
  await page.goto('/advisers/');
  await page.getByLabel('Client name').fill('Sinclair');
  await page.getByRole('button', { name: 'Sinclair, Catherine' }).click();
  await expect(page).toHaveURL(/\/clients\/home$/);
  await page.goto('/clients/personal-details');
  const address = page.locator('section', { has: page.getByRole('heading', { name: 'Residential address' }) });
  await expect(address.getByText('109 Marine Parade')).toBeVisible();
  await expect(address.locator('dt')).toHaveText(['Street', 'City', 'County', 'Postcode']);
  await page.goto('/clients/preferences');
  await expect(page.getByText('You are not authorised to view the page that you requested.', { exact: false })).toBeVisible();
});
