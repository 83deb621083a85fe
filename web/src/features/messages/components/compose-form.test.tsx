import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../../test/fetch-routes';
import { clientUser, jsonResponse, renderPage } from '../../../test/render-with-providers';
import type { DocnoteItem } from '../api/docnote-item';
import { ComposeForm } from './compose-form';

afterEach(() => vi.unstubAllGlobals());

const created = { id: 501, subject: 'Hello', has_been_seen: true, created_date: '2026-11-25T10:00:00Z', complete: false };
const original: DocnoteItem = { id: 101, subject: 'Your annual review', has_been_seen: true, created_date: '2026-11-20T09:14:00Z', accounts: [11] };

function file(name: string, size = 10): File {
  const f = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function sendRoutes(overrides: Parameters<typeof routeFetch>[0] = {}) {
  return routeFetch({
    'POST /xplanapi/docnote-v2': ok(created),
    'POST /xplanapi/docnote-v2/501/firstread': ok({}),
    'POST /xplanapi/docnote-v2/501/attachment-v3': ok({ docpartid: 9, filename: 'a.pdf' }),
    'POST /xplanapi/email/email': ok({}),
    ...overrides,
  });
}

function show(props: Partial<Parameters<typeof ComposeForm>[0]> = {}) {
  const onSent = vi.fn();
  const onCancel = vi.fn();
  renderPage(<ComposeForm entityId={1001} original={null} onSent={onSent} onCancel={onCancel} {...props} />, { session: { status: 'signed-in', user: clientUser } });
  return { onSent, onCancel };
}

const addFiles = (user: ReturnType<typeof userEvent.setup>, files: File[]) => user.upload(screen.getByTestId('compose-file-input'), files);

describe('compose: subject (spec 3 §5)', () => {
  it('is required, checked on change and on blur, and must be under 256 characters', async () => {
    const user = userEvent.setup();
    sendRoutes();
    show();
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.click(subject);
    await user.tab();
    expect(screen.getByText('Please enter a message subject.')).toBeInTheDocument();
    await user.type(subject, 'Hello');
    expect(screen.queryByText('Please enter a message subject.')).toBeNull();
    expect(send).toBeEnabled();
    await user.clear(subject);
    await user.click(subject);
    await user.paste('a'.repeat(256));
    expect(screen.getByText('Subject must be under 256 characters.')).toBeInTheDocument();
    expect(send).toBeDisabled();
  });
});

describe('compose: attachments (spec 3 §5)', () => {
  it('checks each file in the browser and allows at most 5', async () => {
    const user = userEvent.setup({ applyAccept: false });
    sendRoutes();
    show();
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await addFiles(user, [file('setup.EXE'), file('big.pdf', 10_000_001), file('huge.zip', 20_000_000), file('ok.pdf', 10_000_000)]);
    expect(screen.getByText('File type not allowed, please remove.')).toBeInTheDocument();
    expect(screen.getByText('File is too large, please remove.')).toBeInTheDocument();
    expect(screen.getByText('File type not allowed and file is too large, please remove.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    for (const name of ['setup.EXE', 'big.pdf', 'huge.zip']) await user.click(screen.getByRole('button', { name: `Remove ${name}` }));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await addFiles(user, [file('2.pdf'), file('3.pdf'), file('4.pdf'), file('5.pdf'), file('6.pdf')]);
    expect(screen.getByText('You can upload a maximum of 5 attachments.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove 6.pdf' }));
    expect(screen.queryByText('You can upload a maximum of 5 attachments.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

describe('the send sequence and its outcomes (spec 3 §4.1, §8)', () => {
  async function fillAndSend(files: File[] = [file('a.pdf'), file('b.pdf')]) {
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Dear Oliver <script>x</script> €');
    await addFiles(user, files);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    return user;
  }

  it('creates, marks read, uploads, notifies, then says so', async () => {
    const routes = sendRoutes();
    const { onSent } = show();
    await fillAndSend();
    expect(await screen.findByText('Message sent successfully.')).toBeInTheDocument();
    expect(routes.calls().map((c) => c.key)).toEqual([
      'POST /xplanapi/docnote-v2',
      'POST /xplanapi/docnote-v2/501/firstread',
      'POST /xplanapi/docnote-v2/501/attachment-v3',
      'POST /xplanapi/docnote-v2/501/attachment-v3',
      'POST /xplanapi/email/email',
    ]);
    expect(routes.bodyOf('POST /xplanapi/docnote-v2')).toEqual({
      subject: 'Hello',
      body: '<p>Dear Oliver &lt;script&gt;x&lt;/script&gt;</p>',
      entity_id: 1001,
      accounts: [],
      reply_to: null,
      attachment_count: 2,
    });
    expect(routes.bodyOf('POST /xplanapi/email/email')).toEqual({ docnote_id: 501, template_id: null });
    expect(onSent).toHaveBeenCalledWith({ kind: 'sent', id: 501, sentFiles: ['a.pdf', 'b.pdf'], failedFiles: [], notified: true });
  });

  it('a failed create keeps everything typed and says to contact us', async () => {
    sendRoutes({ 'POST /xplanapi/docnote-v2': fail(400, { user_message: 'Subject must be under 256 characters.' }) });
    const { onSent } = show();
    await fillAndSend();
    expect(await screen.findByText('There was a problem sending your message. Please contact us for assistance')).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Dear Oliver <script>x</script> €');
    expect(screen.getByRole('button', { name: 'Remove a.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('a failed upload is reported with exactly the files sent and not sent', async () => {
    let n = 0;
    sendRoutes({ 'POST /xplanapi/docnote-v2/501/attachment-v3': () => (n++ === 0 ? jsonResponse(200, { docpartid: 9, filename: 'a.pdf' }) : jsonResponse(400, { user_message: 'File type not allowed, please remove.' })) });
    const { onSent } = show();
    await fillAndSend();
    expect(await screen.findByText('There has been a problem sending your attachments. Please review your sent messages.')).toBeInTheDocument();
    expect(screen.queryByText('Message sent successfully.')).toBeNull();
    expect(onSent).toHaveBeenCalledWith({ kind: 'sent', id: 501, sentFiles: ['a.pdf'], failedFiles: ['b.pdf'], notified: true });
  });

  it('a failed notification says no-one has been notified', async () => {
    sendRoutes({ 'POST /xplanapi/email/email': fail(502, { api_message: 'NotificationError' }) });
    show();
    await fillAndSend([]);
    expect(await screen.findByText('Message sent but no-one has been notified. Please contact us separately')).toBeInTheDocument();
    expect(screen.queryByText('Message sent successfully.')).toBeNull();
  });

  it('blocks the screen and warns before leaving while sending', async () => {
    let finish: (r: Response) => void = () => undefined;
    sendRoutes({ 'POST /xplanapi/docnote-v2': () => new Promise<Response>((resolve) => (finish = resolve)) });
    show();
    await fillAndSend([]);
    const modal = await screen.findByRole('alertdialog', { name: 'Sending' });
    expect(modal).toHaveAttribute('aria-modal', 'true');
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    // A link of the app asks first; staying keeps the page.
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const link = document.body.appendChild(Object.assign(document.createElement('a'), { href: '/clients/home', textContent: 'Home' }));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(confirm).toHaveBeenCalledWith('Your message is still being sent. If you leave now, it may not be sent in full.');
    expect(click.defaultPrevented).toBe(true);
    link.remove();
    finish(jsonResponse(200, created));
    expect(await screen.findByText('Message sent successfully.')).toBeInTheDocument();
    // The warning goes with the commit that ends the send; its effect's clean-up may run just
    // after the text is painted, so the check waits for it.
    await waitFor(() => {
      const after = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(after);
      expect(after.defaultPrevented).toBe(false);
    });
  });
});

describe('reply (spec 3 §4.1)', () => {
  it("has the fixed subject 'RE: …' and sends it as a reply with the original's accounts", async () => {
    const user = userEvent.setup();
    const routes = sendRoutes({ 'GET /xplanapi/entity/client-v3/1001/capability': ok({ view_portfolio: false }) });
    show({ original });
    expect(screen.queryByRole('textbox', { name: 'Subject' })).toBeNull();
    expect(screen.getByText('RE: Your annual review')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Message sent successfully.');
    expect(routes.bodyOf('POST /xplanapi/docnote-v2')).toMatchObject({ subject: 'RE: Your annual review', reply_to: 101, accounts: [11] });
  });

  it('lists the linked accounts with view_portfolio, and Send waits while they load', async () => {
    sendRoutes({
      'GET /xplanapi/entity/client-v3/1001/capability': ok({ view_portfolio: true }),
      // The accounts batch never answers in this test.
      'POST /xplanapi/': () => new Promise<Response>(() => undefined),
    });
    show({ original });
    const accounts = await screen.findByRole('heading', { name: 'Linked accounts' });
    expect(within(accounts.parentElement!).getByText('Loading accounts…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
