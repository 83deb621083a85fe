import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { checkA11y, expect, logIn, logins, openDashboard, test } from './fixtures';

// The valuation report (spec 2 §2.6, §4, §8, §9; issue 17) against the real portal: demo.client
// opens it from My Account, runs 'Portfolio valuation', sees the toast and the progress while
// the job is polled, the PDF downloads (it is a PDF) and is found in Messages and documents;
// the form's resets when the report type changes; demo.adviser with demo.client in context gets
// the Adviser templates; axe on each state; screenshots at 390, 820 and 1280 px.

const TOAST = 'Your portfolio report is being generated. This can take up to 5 minutes. It will download when it is ready and is kept in Messages and documents.';

async function openReport(page: Page) {
  await page.goto('/clients/valuation-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Valuation report' })).toBeVisible();
  await expect(page.getByLabel('Report type')).toBeVisible();
}

/** The whole page: it scrolls inside Ionic's content, so the window is made tall enough for it. */
async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.valuation-report-page').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 300) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

test.describe('a client (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('generates a report: toast, polled progress, the PDF downloaded and kept in Messages and documents', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await openDashboard(page, 'client');
    await page.getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Valuation report' }).click();
    await expect(page).toHaveURL(/\/clients\/valuation-report$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Valuation report' })).toBeVisible();
    const reportType = page.getByLabel('Report type');
    await expect(reportType.locator('option')).toHaveText(['Portfolio valuation', 'Holdings statement']);
    const runFor = page.getByLabel('Run report for');
    await expect(runFor.locator('option').first()).toHaveText('Me');
    await expect(runFor.locator('option')).toContainText(['Me', 'James Whitfield']);
    await expect(page.getByLabel('Start date')).not.toHaveValue('');
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('valuation-report-1280.png'));

    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/xplanapi/job_queue/completed_job/')) polls.push(request.url());
    });
    const downloading = page.waitForEvent('download', { timeout: 150_000 });
    await page.getByRole('button', { name: 'Run Report' }).click();
    await expect(page.getByText(TOAST)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Report progress' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Your report is queued\.|Generating your report…|Your report is ready\./ })).toBeVisible();
    await checkA11y(page);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^valuation-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(polls.length, 'the job was polled').toBeGreaterThan(0);
    await expect(page.getByText('Your report is ready.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download report' })).toHaveAttribute('href', /\/xplanapi\/docnote\/files\/\d+\/\d+\/valuation-report-/);
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('valuation-report-done-1280.png'));

    // Kept in Messages and documents.
    await page.goto('/clients/documents-and-messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first()).toContainText('Portfolio valuation, Eleanor Whitfield');
  });

  test('changing the report type resets what it does not need (spec 2 §2.6)', async ({ page }) => {
    await logIn(page, logins.client);
    await expect(page).toHaveURL(/\/clients\/home/);
    await openReport(page);
    await page.getByLabel('Run report for').selectOption({ label: 'James Whitfield' });
    await page.getByLabel('Report type').selectOption({ label: 'Holdings statement' });
    await expect(page.getByLabel('Valuation date')).not.toHaveValue('');
    await expect(page.getByLabel('Start date')).toHaveCount(0);
    await expect(page.getByLabel('Account group or account')).toBeVisible();
    await page.getByLabel('Run report for').selectOption({ label: 'Me' });
    await page.getByLabel('Account group or account').selectOption({ label: 'Retirement' });
    await page.getByRole('button', { name: 'Run Report' }).click();
    await expect(page.getByText(TOAST)).toBeVisible();
    await page.getByLabel('Report type').selectOption({ label: 'Portfolio valuation' });
    await expect(page.getByLabel('Account group or account')).toHaveCount(0);
    await expect(page.getByLabel('Start date')).toBeVisible();
    await checkA11y(page);
  });
});

test.describe('an adviser with demo.client in context (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('gets the Adviser templates', async ({ page }) => {
    await openDashboard(page, 'adviser');
    await openReport(page);
    await expect(page.getByLabel('Report type').locator('option')).toHaveText(['Adviser valuation pack', 'Account group valuation']);
    await checkA11y(page);
  });
});

for (const [name, viewport] of [
  ['phone (390 px)', { width: 390, height: 844 }],
  ['tablet (820 px)', { width: 820, height: 1180 }],
] as const) {
  test.describe(`a client on a ${name}`, () => {
    test.use({ viewport, hasTouch: true });

    test('the form lays out without sideways scroll', async ({ page }, testInfo) => {
      await logIn(page, logins.client);
      await expect(page).toHaveURL(/\/clients\/home/);
      await openReport(page);
      expect(await page.locator('.valuation-report-page').evaluate((el) => el.scrollWidth - el.clientWidth), `sideways scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`valuation-report-${viewport.width}.png`));
    });
  });
}
