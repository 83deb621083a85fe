import type { Page } from '@playwright/test';
import { checkA11y, expect, logIn, logins, test } from './fixtures';

// A non-GB balance sheet (issue 17, spec 2 §2.5, spec 3 §3.5, §5): Catherine Sinclair of
// Cottesloe, Western Australia (region AU, locale en-au, Australian dollars), a client of
// demo.adviser's book, seeded with assets by backend/internal/demo/assets_au.go. demo.adviser
// puts her in context and opens the balance sheet from the main navigation's 'Balance Sheet'.
// AU's field sets give no contributions or crystallised-fund columns and no annuity valuation
// date; the AU pension filter leaves out her Active account-based pension; values are in $ with
// 0 decimals and dates as 'D MMM YYYY'. axe at every width; screenshots at 1280, 820 and 390 px.
//
// Figures by hand (demoAssetsAU): Managed, one record per tab: Macquarie Wrap $126,480 (126,480.35),
// AustralianSuper $412,831 (412,830.60), Challenger $150,000, investment loan $612,500.
// Everything: Assets 84,612.40 + 126,480.35 + 1,450,000.00 = 1,661,092.75, shown $1,661,093;
// Pensions 412,830.60 + 38,214.75 = 451,045.35, $451,045; Liabilities 612,500.00 + 4,318.22 =
// 616,818.22, $616,818. The property is half hers: value owned 725,000.00, 50.00%.

const widths = [
  { width: 1280, height: 900 },
  { width: 820, height: 1180 },
  { width: 390, height: 844 },
];

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Asset types' });

async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.balance-sheet').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 300) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

test('demo.adviser with an Australian client in context sees her balance sheet in dollars with AU’s fields, from the main navigation', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, logins.adviser, 'Adviser');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeVisible();
  await page.getByLabel('Client name').fill('Sinclair');
  await page.getByRole('button', { name: 'Sinclair, Catherine' }).click();
  await expect(page).toHaveURL(/\/clients\/home$/);
  await page.getByRole('button', { name: 'OK' }).click(); // the cookie notice, out of the pictures

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Balance Sheet' }).click();
  await expect(page).toHaveURL(/\/clients\/balance-sheet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance Sheet' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Show assets of' })).toHaveCount(0);

  // Managed: one of each.
  await expect(tabs(page).getByRole('tab')).toHaveText(['1 Asset', '1 Pension asset', '1 Annuity', '1 Liability']);
  const assets = page.getByRole('table', { name: 'Assets' });
  await expect(assets.getByRole('columnheader')).toHaveText(['Description and owners', 'Type and policy number', 'Total value', 'Value owned', '% owned']);
  const wrap = assets.getByRole('row').filter({ hasText: 'Macquarie Wrap investment account' });
  await expect(wrap).toContainText('MQW-2208817');
  await expect(wrap).toContainText('Macquarie'); // supplier_string, AU's provider field
  await expect(wrap.locator('[data-figure="value"]')).toHaveText('$126,480');
  await expect(wrap).toContainText('Valued 31 Oct 2026');
  await expect(assets.locator('[data-figure="total"]')).toHaveText('$126,480');

  await tabs(page).getByRole('tab', { name: '1 Pension asset' }).click();
  const pensions = page.getByRole('table', { name: 'Pension assets' });
  await expect(pensions.getByRole('columnheader')).toHaveText(['Description and type', 'Policy number and provider', 'Value']);
  await expect(pensions.locator('[data-figure="total"]')).toHaveText('$412,831');
  await expect(page).toHaveURL(/\?asset=1$/);

  await tabs(page).getByRole('tab', { name: '1 Annuity' }).click();
  const annuities = page.getByRole('table', { name: 'Annuities' });
  await expect(annuities.getByRole('row').filter({ hasText: 'Challenger lifetime annuity' })).not.toContainText('Valued');

  // Everything: the regional filter keeps two of her three pensions.
  await page.locator('ion-segment-button[data-view="everything"]').click();
  await expect(tabs(page).getByRole('tab')).toHaveText(['3 Assets', '2 Pension assets', '1 Annuity', '2 Liabilities']);
  await tabs(page).getByRole('tab', { name: '2 Pension assets' }).click();
  await expect(pensions.getByRole('rowheader')).toHaveText([/AustralianSuper Balanced option/, /Hostplus Indexed Balanced/, 'Total']);
  await expect(pensions.locator('[data-figure="total"]')).toHaveText('$451,045');
  await tabs(page).getByRole('tab', { name: '2 Liabilities' }).click();
  await expect(page.getByRole('table', { name: 'Liabilities' }).locator('[data-figure="total"]')).toHaveText('$616,818');
  await tabs(page).getByRole('tab', { name: '3 Assets' }).click();
  await expect(assets.locator('[data-figure="total"]')).toHaveText('$1,661,093');
  const property = assets.getByRole('row').filter({ hasText: 'Investment property, 22 Eric Street, Cottesloe' });
  await expect(property.getByRole('cell').nth(-2)).toHaveText('$725,000');
  await expect(property.getByRole('cell').last()).toHaveText('50.00%');

  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await expect(page.locator(viewport.width < 768 ? '.asset-card' : '.asset-table tbody tr').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.querySelector('.balance-sheet')!.scrollWidth - document.querySelector('.balance-sheet')!.clientWidth);
    expect(overflow, `sideways overflow at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath(`balance-sheet-au-${viewport.width}.png`));
  }
});
