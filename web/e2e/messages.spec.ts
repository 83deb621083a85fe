import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type Page } from '@playwright/test';
import { checkA11y, expect, logIn, logins, test } from './fixtures';

// Messages and documents (spec 3 §2.1, §4.1, §5, §8; issue 16) against the real portal: demo.client
// reads a message, downloads an attachment (its bytes equal the portal's), replies with an
// attachment and finds it in Sent (the attachment downloads back byte for byte), composes a new
// message; demo.adviser with demo.client in context reads without Compose or Reply; axe on each
// state; screenshots at 390, 820 and 1280 px in the test output.

interface Docnote {
  id: number;
  subject: string;
  docsubtype?: string | null;
  attachments?: { docpartid: number; filename: string }[] | null;
}

/** The platform's answer for a list call, asked with the browser's session. */
async function docnotes(page: Page, query: Record<string, string>): Promise<Docnote[]> {
  const response = await page.request.get(`/xplanapi/docnote-v2?${new URLSearchParams(query)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Docnote[];
}

const INBOX = { page_size: '20', page_sort: '-created_date', docsubtype_exclude: 'Client Initiated' };
const UNREAD = { page_size: '21', 'firstread.include_read_notes': 'false', docsubtype_exclude: 'Client Initiated' };

/** The navigation link's name with the badge: up to 20, then 20+; no badge at 0. */
const badge = (n: number) => (n === 0 ? /^Messages and documents$/ : new RegExp(`^Messages and documents\\s*\\(${n > 20 ? '20\\+' : n} unread\\)$`));

/** `portal message reply` on the store of the portal under test: the adviser's side of the demo. */
function adviserReplies(docId: number, body: string): void {
  const bin = process.env.PORTAL_BIN || resolve(__dirname, '../../bin/portal');
  const dataDir = join(dirname(process.env.E2E_LOG_FILE as string), process.env.E2E_PLATFORM_MODE === 'remote' ? 'platform' : 'portal');
  const out = execFileSync(bin, ['message', 'reply', '--adviser', 'demo.adviser', '--to', String(docId), '--body', body], {
    env: { ...process.env, PORTAL_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(out).toMatch(/sent to the client's Inbox/);
}

async function openMessages(page: Page, search = '') {
  await page.goto(`/clients/documents-and-messages${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages and documents' })).toBeVisible();
}

/** The whole page: it scrolls inside Ionic's content, so the window is made tall enough for it. */
async function screenshotWhole(page: Page, path: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.locator('.messages-page').evaluate((el) => el.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height + 300) });
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.describe('a client (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('reads a message, downloads its attachment, replies with an attachment and finds it in Sent, composes a new message', async ({ page }, testInfo) => {
    test.slow();
    await logIn(page, logins.client);
    await expect(page).toHaveURL(/\/clients\/home/);
    const inbox = await docnotes(page, INBOX);
    expect(inbox.length, 'demo.client has messages in the Inbox').toBeGreaterThan(0);
    await openMessages(page);

    // The list is the platform's Inbox, newest first; the first is open in the reader.
    const list = page.getByRole('list', { name: 'Messages' });
    await expect(list.getByRole('listitem').first()).toContainText(inbox[0]!.subject);
    await expect(page.getByRole('article', { name: inbox[0]!.subject })).toBeVisible();
    await checkA11y(page);
    await screenshotWhole(page, testInfo.outputPath('messages-1280.png'));

    // The demo's custom folder (settings.documents.customFolders: PLAN) lists the plans.
    const folders = page.getByRole('navigation', { name: 'Folders' });
    const plans = await docnotes(page, { page_size: '20', docsubtype_exclude: 'Client Initiated', 'doctype.0': 'PLAN' });
    expect(plans.length, 'demo.client has financial plans').toBeGreaterThan(0);
    await folders.getByRole('button', { name: /^Financial plans/ }).click();
    await expect(list.getByRole('listitem')).toHaveCount(plans.length);
    await expect(list.getByRole('listitem').first()).toContainText(plans[0]!.subject);
    await folders.getByRole('button', { name: /^Inbox/ }).click();
    await expect(list.getByRole('listitem').first()).toContainText(inbox[0]!.subject);

    // Read a message with an attachment and download it: the bytes are the portal's.
    const withAttachment = inbox.find((d) => (d.attachments ?? []).some((a) => /\.pdf$/i.test(a.filename)));
    expect(withAttachment, 'an Inbox message with a PDF attachment').toBeTruthy();
    await list.getByRole('button', { name: new RegExp(escapeRe(withAttachment!.subject)) }).first().click();
    const reader = page.getByRole('article', { name: withAttachment!.subject });
    await expect(reader).toBeVisible();
    const attachment = withAttachment!.attachments!.find((a) => /\.pdf$/i.test(a.filename))!;
    const downloading = page.waitForEvent('download');
    await reader.getByRole('link', { name: new RegExp(escapeRe(attachment.filename)) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(attachment.filename);
    const downloaded = readFileSync((await download.path())!);
    const served = await (await page.request.get(`/xplanapi/docnote/files/${withAttachment!.id}/${attachment.docpartid}/${encodeURIComponent(attachment.filename)}`)).body();
    expect(downloaded.equals(served)).toBe(true);
    expect(downloaded.subarray(0, 5).toString()).toBe('%PDF-');

    // Reply with an attachment.
    await reader.getByRole('button', { name: 'Reply' }).click();
    const replySubject = `RE: ${withAttachment!.subject}`.slice(0, 255);
    await expect(page.getByText(replySubject, { exact: true })).toBeVisible();
    const body = `Thank you, that is clear. (e2e ${Date.now()})`;
    await page.getByRole('textbox', { name: 'Message' }).fill(body);
    await page.getByTestId('compose-file-input').setInputFiles({ name: 'signed-form.pdf', mimeType: 'application/pdf', buffer: pdfBytes });
    await expect(page.getByRole('button', { name: 'Remove signed-form.pdf' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message sent successfully.')).toBeVisible();

    // It is in Sent, complete, with the attachment, which downloads back byte for byte.
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: /^Sent/ }).click();
    const sent = await docnotes(page, { page_size: '20', docsubtype: 'Client Initiated' });
    const reply = sent.find((d) => d.subject === replySubject);
    expect(reply, 'the reply is in Sent').toBeTruthy();
    await list.getByRole('button', { name: new RegExp(escapeRe(replySubject)) }).first().click();
    const sentReader = page.getByRole('article', { name: replySubject });
    await expect(sentReader).toContainText(body);
    await expect(sentReader).not.toContainText('Not all attachments of this message were sent.');
    const back = page.waitForEvent('download');
    await sentReader.getByRole('link', { name: /signed-form\.pdf/ }).click();
    expect(readFileSync((await (await back).path())!).equals(pdfBytes)).toBe(true);
    await checkA11y(page);

    // Compose a new message.
    await page.getByRole('button', { name: 'Compose' }).click();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await subject.focus();
    await subject.blur();
    await expect(page.getByText('Please enter a message subject.')).toBeVisible();
    const newSubject = `Question about my ISA allowance ${Date.now()}`;
    await subject.fill(newSubject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Could we talk about next year’s ISA allowance?');
    await page.getByTestId('compose-file-input').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByText('File type not allowed, please remove.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await page.getByRole('button', { name: 'Remove setup.exe' }).click();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Message sent successfully.').first()).toBeVisible();
    await expect.poll(async () => (await docnotes(page, { page_size: '20', docsubtype: 'Client Initiated' })).some((d) => d.subject === newSubject)).toBe(true);
  });

});

test.describe('the unread badge (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("an adviser's reply arrives unread in the Inbox, the badge counts it, and opening it sends the read receipt", async ({ page }) => {
    // demo.assets: no other walk opens this client's messages, so the counts are this test's.
    await logIn(page, logins.assets);
    await expect(page).toHaveURL(/\/clients\/home/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const unreadNow = async () => (await docnotes(page, UNREAD)).length;
    const before = await unreadNow();
    // The badge shows from the first page on, not only once the messages page has been seen.
    await expect(nav.getByRole('link', { name: badge(before) })).toBeVisible();

    const [original] = await docnotes(page, INBOX);
    const text = `Happy to help with that (e2e ${Date.now()}).`;
    adviserReplies(original!.id, text);
    await expect.poll(unreadNow).toBe(before + 1);
    await page.reload();
    await expect(nav.getByRole('link', { name: badge(before + 1) })).toBeVisible();

    // The reply is the newest: the messages page opens it, which reads it, and the badge drops.
    await nav.getByRole('link', { name: /^Messages and documents/ }).click();
    const reply = (await docnotes(page, INBOX))[0]!;
    const reader = page.getByRole('article', { name: reply.subject });
    await expect(reader).toContainText(text);
    await expect(nav.getByRole('link', { name: badge(before) })).toBeVisible();
    expect(await unreadNow()).toBe(before);
    await checkA11y(page);
  });
});

test.describe('an adviser (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('demo.adviser with demo.client in context reads the messages without Compose or Reply', async ({ page }) => {
    await logIn(page, logins.adviser, 'Adviser');
    await page.getByLabel('Client name').fill('Whitfield');
    await page.getByRole('button', { name: 'Whitfield, Eleanor' }).click();
    await expect(page).toHaveURL(/\/clients\//);
    const inbox = await docnotes(page, INBOX);
    await openMessages(page);
    await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first()).toContainText(inbox[0]!.subject);
    const reader = page.getByRole('article', { name: inbox[0]!.subject });
    await expect(reader).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compose' })).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: /To be signed/ })).toHaveCount(0);
    await checkA11y(page);

    // 'Show messages for' (the demo enables related entities): Eleanor, then her partner James;
    // his documents are what the platform lists for his entity, marked as a related entity's.
    const entity = page.getByLabel('Show messages for');
    await expect(entity.getByRole('option')).toHaveText(['Eleanor Whitfield', 'James Whitfield']);
    const jamesValue = await entity.getByRole('option', { name: 'James Whitfield' }).getAttribute('value');
    const james = await docnotes(page, { ...INBOX, 'entity_ids.0': jamesValue! });
    expect(james.length).toBeGreaterThan(0);
    await entity.selectOption({ label: 'James Whitfield' });
    const list = page.getByRole('list', { name: 'Messages' });
    await expect(list.getByRole('listitem').first()).toContainText(james[0]!.subject);
    await expect(list.getByRole('listitem')).toHaveCount(james.length);
    await expect(list.getByText('Related entity: James Whitfield').first()).toBeVisible();
    await expect(page.getByRole('article', { name: james[0]!.subject })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compose' })).toHaveCount(0);
    await expect(page.getByRole('article').getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await checkA11y(page);
  });
});

for (const [name, viewport] of [
  ['phone (390 px)', { width: 390, height: 844 }],
  ['tablet (820 px)', { width: 820, height: 1180 }],
] as const) {
  test.describe(`a client on a ${name}`, () => {
    test.use({ viewport, hasTouch: true });

    test('the list and the reader lay out without sideways scroll', async ({ page }, testInfo) => {
      await logIn(page, logins.client);
      await expect(page).toHaveURL(/\/clients\/home/);
      const inbox = await docnotes(page, INBOX);
      await openMessages(page);
      const fits = async () =>
        expect(await page.locator('.messages-page').evaluate((el) => el.scrollWidth - el.clientWidth), `sideways scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);
      const list = page.getByRole('list', { name: 'Messages' });
      await expect(list.getByRole('listitem').first()).toContainText(inbox[0]!.subject);
      await fits();
      await checkA11y(page);
      await screenshotWhole(page, testInfo.outputPath(`messages-${viewport.width}.png`));
      if (viewport.width < 768) {
        // Phones: the list, then the reader pushed over it, with a way back.
        await expect(page.getByRole('article')).toHaveCount(0);
        await list.getByRole('button').first().click();
        const reader = page.getByRole('article', { name: inbox[0]!.subject });
        await expect(reader).toBeVisible();
        await fits();
        await checkA11y(page);
        await page.screenshot({ path: testInfo.outputPath(`reader-${viewport.width}.png`) });
        await page.getByRole('button', { name: 'Back to messages' }).click();
        await expect(page.getByRole('article')).toHaveCount(0);
        await expect(list).toBeVisible();
        // Swipe back: from the left edge across the reader.
        await list.getByRole('button').nth(1).click();
        await expect(page.getByRole('article', { name: inbox[1]!.subject })).toBeVisible();
        const box = (await page.locator('.messages-nav').boundingBox())!;
        // Halfway down the part of it on screen (the announcement above can push its middle below the screen).
        const y = box.y + Math.min(box.height, viewport.height - box.y) / 2;
        await page.mouse.move(box.x + 4, y);
        await page.mouse.down();
        await page.mouse.move(box.x + 120, y, { steps: 8 });
        await page.mouse.move(box.x + 330, y, { steps: 8 });
        await page.mouse.up();
        await expect(page.getByRole('article')).toHaveCount(0);
        await expect(list).toBeVisible();
      } else {
        // Tablets: list and reader side by side.
        const reader = page.getByRole('article', { name: inbox[0]!.subject });
        await expect(reader).toBeVisible();
        const [listBox, readerBox] = [await list.boundingBox(), await reader.boundingBox()];
        expect(readerBox!.x).toBeGreaterThan(listBox!.x + listBox!.width - 1);
      }
    });
  });
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
