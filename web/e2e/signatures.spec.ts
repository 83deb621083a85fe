import type { Page } from '@playwright/test';
import { checkA11y, expect, logIn, logins, nextOutbox, outbox, test } from './fixtures';

// Digital signatures (issue 16; spec 3 §2.2, §4.2, §8), in the To be signed folder of Messages
// and documents (?toBeSigned=true): demo.client signs "Suitability report 2026.pdf" with the
// code from the development outbox after a wrong code shows its exact text, and declines "Letter
// of authority"; demo.messages, whose phone has no '+', meets the invalid-phone step; the folder
// is axe-clean and photographed at 390, 820 and 1280 px; demo.adviser with demo.client in context
// reads the list and statuses and cannot ask for a code or sign.
// Serial: every code goes to demo.client's one phone, so the outbox is read in turn.
test.describe.configure({ mode: 'serial' });

/** demo.client's registered phone as the development outbox masks it in the log. */
const PHONE = '***17';

async function openFolder(page: Page): Promise<void> {
  await page.goto('/clients/documents-and-messages?toBeSigned=true');
  await expect(page.getByRole('heading', { level: 2, name: 'To be signed' })).toBeVisible();
}

function documents(page: Page) {
  return page.getByRole('list', { name: 'Documents to sign' });
}

async function codeFor(page: Page, send: () => Promise<void>): Promise<string> {
  const before = outbox('security code', PHONE).length;
  await send();
  await expect(page.getByRole('textbox', { name: 'Security code' })).toBeVisible();
  return nextOutbox('security code', before, PHONE);
}

test.describe('demo.client', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('signs the suitability report with the code from the outbox, after a wrong code', async ({ page }) => {
    test.slow();
    await logIn(page, logins.client);
    await expect(page).toHaveURL(/\/clients\//);
    await openFolder(page);
    await expect(documents(page).getByRole('button', { name: /Suitability report 2026\.pdf.*Awaiting signature/ })).toBeVisible();
    await expect(documents(page).getByRole('button', { name: /Letter of authority - Harbour & Vale\.pdf.*Awaiting signature/ })).toBeVisible();
    // The document signed earlier is not in the pending list.
    await expect(documents(page).getByRole('button', { name: /Client agreement 2025/ })).toHaveCount(0);
    await checkA11y(page);

    await documents(page).getByRole('button', { name: /Suitability report 2026\.pdf/ }).click();
    const frame = page.getByTitle('Document: Suitability report 2026.pdf');
    await expect(frame).toHaveAttribute('src', /\/xplanapi\/digital_signature\/content\/\d+\/Suitability%20report%202026\.pdf$/);
    const pdf = await page.request.get((await frame.getAttribute('src'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const unsignedSize = (await pdf.body()).length;

    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Terms and conditions' })).toBeFocused();
    const code = await codeFor(page, () => page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).click());
    await expect(page.getByRole('heading', { name: 'Enter your security code' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
    const input = page.getByRole('textbox', { name: 'Security code' });
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await input.fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('The security code that you provided does not match the one that was sent. Please try again.', { exact: true })).toBeVisible();
    await checkA11y(page);

    await page.getByRole('textbox', { name: 'Security code' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Document signed' })).toBeFocused();
    await expect(page.getByRole('article').getByText('Signed', { exact: true })).toBeVisible();
    await expect(documents(page).getByRole('button', { name: /Suitability report 2026\.pdf/ })).toHaveCount(0);
    // The viewer now shows the signed PDF: the original with a signature page appended.
    const signed = await page.request.get((await frame.getAttribute('src'))!);
    expect((await signed.body()).length).toBeGreaterThan(unsignedSize);
    await checkA11y(page);
  });

  test('declines the letter of authority with a code', async ({ page }) => {
    test.slow();
    await logIn(page, logins.client);
    await expect(page).toHaveURL(/\/clients\//);
    await openFolder(page);
    await documents(page).getByRole('button', { name: /Letter of authority/ }).click();
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Decline this document' })).toBeFocused();
    const code = await codeFor(page, () => page.getByRole('button', { name: 'Send security code' }).click());
    await page.getByRole('textbox', { name: 'Security code' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Document declined' })).toBeVisible();
    await expect(documents(page).getByRole('button', { name: /Letter of authority.*Declined/ })).toBeVisible();
    await checkA11y(page);
  });

  for (const width of [390, 820, 1280]) {
    test(`the folder at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await logIn(page, logins.client);
      await expect(page).toHaveURL(/\/clients\//);
      await openFolder(page);
      await documents(page).getByRole('button', { name: /Letter of authority/ }).click();
      await expect(page.getByRole('article')).toBeVisible();
      await checkA11y(page);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => [...document.querySelectorAll('.to-be-signed *')].some((e) => e.getBoundingClientRect().right > window.innerWidth + 1));
      expect(overflow).toBe(false);
      await page.screenshot({ path: testInfo.outputPath(`to-be-signed-${width}.png`) });
    });
  }
});

test.describe('demo.messages, whose registered phone has no +', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('is told the phone is the problem, and no code is sent', async ({ page }) => {
    await logIn(page, logins.messages);
    await expect(page).toHaveURL(/\/clients\//);
    const before = outbox('security code').length;
    await openFolder(page);
    await documents(page).getByRole('button', { name: /Terms of business 2026\.pdf/ }).click();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).click();
    await expect(
      page.getByText('We are unable to sign the document as there seems to be a problem with your registered phone number. Please contact your adviser.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unable to sign' })).toBeFocused();
    await checkA11y(page);
    expect(outbox('security code').length).toBe(before);
  });
});

test.describe('demo.adviser with demo.client in context', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('reads the list and statuses, and cannot ask for a code or sign', async ({ page }) => {
    await logIn(page, logins.adviser, 'Adviser');
    await page.getByLabel('Client name').fill('Whitfield');
    await page.getByRole('button', { name: 'Whitfield, Eleanor' }).click();
    await expect(page).toHaveURL(/\/clients\//);
    const list = await page.request.get('/xplanapi/digital_signature?page_size=100&page_sort=-last_notified_at');
    expect(list.status()).toBe(200);
    const items = (await list.json()) as { id: number; filename: string; status: number }[];
    const byName = new Map(items.map((i) => [i.filename, i]));
    expect(byName.get('Suitability report 2026.pdf')?.status).toBe(1);
    expect(byName.get('Letter of authority - Harbour & Vale.pdf')?.status).toBe(2);
    expect(byName.get('Client agreement 2025.pdf')?.status).toBe(1);
    const id = byName.get('Suitability report 2026.pdf')!.id;
    const signatories = (await (await page.request.get(`/xplanapi/digital_signature/${id}/signatories`)).json()) as { id: number; entity_phone: string }[];
    expect(signatories[0]!.entity_phone).toBe('+44 ••• ••• 417');
    const write = await page.request.post(`/xplanapi/digital_signature/${id}/signatories/${signatories[0]!.id}/generate_code`, { data: {} });
    expect(write.status()).toBe(403);
  });
});
