import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientInContextStore } from '../../../shared/session/client-in-context';
import { unreadCountStore } from '../../../shared/session/unread-count';
import { ok, routeFetch } from '../../../test/fetch-routes';
import { adviserUser, clientUser, jsonResponse, renderPage, seedClientData, testConfig } from '../../../test/render-with-providers';
import type { SiteConfig } from '../../../shared/config/site-config';
import { SiteConfigProvider } from '../../../shared/config/site-config-context';
import type * as IsoDates from '../../../shared/format/iso-dates';
import MessagesPage from './messages-page';

// The page's today is fixed (Wednesday 25 November 2026) so the date range's dates are known; the
// global clock is left alone, as the query client and Ionic time themselves by it.
vi.mock('../../../shared/format/iso-dates', async (importOriginal) => ({
  ...(await importOriginal<typeof IsoDates>()),
  localToday: () => '2026-11-25',
}));

afterEach(() => {
  vi.unstubAllGlobals();
  clientInContextStore.reset();
  unreadCountStore.reset();
});

type Item = Record<string, unknown> & { id: number };

const item = (id: number, extra: Partial<Item> = {}): Item => ({
  id,
  subject: `Message ${id}`,
  has_been_seen: true,
  created_date: '2026-11-20T09:14:00Z',
  reference_date: '2026-11-20',
  categories: [],
  entity_ids: [1001],
  docsubtype: 'Secure Message',
  doctype: 'LETTER',
  is_client_access_accessible: true,
  session_info: { firstread: '2026-11-20T10:00:00Z' },
  accounts: [],
  attachments: [],
  sender: 'adviser',
  complete: true,
  bookmark: `bm-${id}`,
  ...extra,
});

const unread = (id: number, extra: Partial<Item> = {}) => item(id, { has_been_seen: false, session_info: { firstread: null }, ...extra });

interface Lists {
  inbox?: Item[] | ((url: URL) => Item[]);
  sent?: Item[];
  unreadInbox?: number | (() => number);
  unreadImportant?: number;
  /** Documents of the demo's custom folder type (PLAN). */
  plans?: Item[];
}

/** GET docnote-v2 answered by what the query asks: counts, Sent, pages of the Inbox. */
function docnotes(lists: Lists) {
  return (_: unknown, url: URL) => {
    const q = url.searchParams;
    if (q.get('firstread.include_read_notes') === 'false') {
      const inboxCount = typeof lists.unreadInbox === 'function' ? lists.unreadInbox() : (lists.unreadInbox ?? 0);
      const n = q.get('categories.0') ? (lists.unreadImportant ?? 0) : inboxCount;
      return jsonResponse(200, Array.from({ length: n }, (_, i) => unread(900 + i)));
    }
    if (q.get('docsubtype') === 'Client Initiated') return jsonResponse(200, lists.sent ?? []);
    if (q.get('doctype.0') === 'PLAN') return jsonResponse(200, lists.plans ?? []);
    const inbox = typeof lists.inbox === 'function' ? lists.inbox(url) : (lists.inbox ?? []);
    return jsonResponse(200, inbox);
  };
}

const detail = (id: number, extra: Record<string, unknown> = {}) => () =>
  jsonResponse(200, { ...item(id), documentBody: `<p>Body of ${id}</p><img src="x" onerror="alert(1)"><script>alert(2)</script>`, documentAttachments: [], ...extra });

function routes(lists: Lists, more: Parameters<typeof routeFetch>[0] = {}) {
  return routeFetch({
    'GET /xplanapi/docnote-v2/category': ok([{ category_id: 3, name: 'Important', important: true }]),
    'GET /xplanapi/docnote-v2/doctype': ok([{ code: 'LETTER', name: 'Letter' }, { code: 'TAX', name: 'Tax certificate' }]),
    'GET /xplanapi/docnote-v2': docnotes(lists),
    ...more,
  });
}

function withDocuments(documents: Record<string, unknown>): SiteConfig {
  return { ...testConfig, settings: { ...testConfig.settings, documents } };
}

function show(options: { user?: typeof clientUser; path?: string; config?: SiteConfig } = {}) {
  const user = options.user ?? clientUser;
  seedClientData(clientUser);
  const page = options.config ? (
    <SiteConfigProvider initialConfig={options.config} loading={null} renderError={() => null}>
      <MessagesPage />
    </SiteConfigProvider>
  ) : (
    <MessagesPage />
  );
  return renderPage(page, { session: { status: 'signed-in', user }, path: options.path ?? '/clients/documents-and-messages' });
}

const viewAsAdviser = () =>
  clientInContextStore.set({ id: 1001, entity_id: 1001, display_name: 'Eleanor Whitfield', site_access_level: 'Portfolio', is_preview_mode: false });

describe('messages view (spec 3 §2.1, §4.1)', () => {
  it('shows the folders with unread counts, (20+) above 20, and keeps the navigation badge in step', async () => {
    routes({ inbox: [item(1)], unreadInbox: 21, unreadImportant: 2 }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show();
    const folders = await screen.findByRole('navigation', { name: 'Folders' });
    await waitFor(() => expect(within(folders).getByRole('button', { name: /Inbox/ })).toHaveTextContent('Inbox (20+)'));
    expect(within(folders).getByRole('button', { name: /Important only/ })).toHaveTextContent('Important only (2)');
    expect(within(folders).getAllByRole('button').map((b) => b.textContent?.replace(/ ?\(.*$/, '').trim())).toEqual(['Inbox', 'Important only', 'Sent', 'To be signed']);
    await waitFor(() => expect(unreadCountStore.get()).toBe(21));
  });

  it('shows a custom folder only when messages of its types exist, and lists those types', async () => {
    const r = routes({ inbox: [item(1)], plans: [item(7, { doctype: 'PLAN', subject: 'Your financial plan 2026' })] }, { 'GET /xplanapi/docnote-v2/1': detail(1), 'GET /xplanapi/docnote-v2/7': detail(7) });
    show();
    const folders = await screen.findByRole('navigation', { name: 'Folders' });
    await userEvent.click(await within(folders).findByRole('button', { name: /^Financial plans/ }));
    expect(await screen.findByRole('article', { name: 'Your financial plan 2026' })).toBeInTheDocument();
    const listCall = r.calls().filter((c) => c.url.searchParams.get('page_size') === '20').at(-1)!;
    expect(listCall.url.searchParams.get('doctype.0')).toBe('PLAN');
  });

  it('hides a custom folder without messages of its types', async () => {
    const r = routes({ inbox: [item(1)], plans: [] }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show();
    const folders = await screen.findByRole('navigation', { name: 'Folders' });
    await waitFor(() => expect(r.calls().some((c) => c.url.searchParams.get('doctype.0') === 'PLAN')).toBe(true));
    await screen.findByRole('article', { name: 'Message 1' });
    expect(within(folders).queryByRole('button', { name: /Financial plans/ })).toBeNull();
  });

  it('selects the first document, shows its body sanitised, and sends the read receipt for an unread one', async () => {
    // The count follows the server: 3 before the receipt, 2 after.
    let unreadLeft = 3;
    const r = routes(
      { inbox: [unread(1), item(2)], unreadInbox: () => unreadLeft },
      {
        'GET /xplanapi/docnote-v2/1': detail(1),
        'POST /xplanapi/docnote-v2/1/firstread': () => {
          unreadLeft = 2;
          return jsonResponse(200, {});
        },
      },
    );
    show();
    const reader = await screen.findByRole('article', { name: 'Message 1' });
    expect(await within(reader).findByText('Body of 1')).toBeInTheDocument();
    expect(reader.querySelector('script')).toBeNull();
    expect(reader.querySelector('img')?.getAttribute('onerror')).toBeNull();
    await waitFor(() => expect(r.calls().some((c) => c.key === 'POST /xplanapi/docnote-v2/1/firstread')).toBe(true));
    await waitFor(() => expect(unreadCountStore.get()).toBe(2));
    // The highlighted (unread) row is no longer unread once opened.
    expect(screen.getByRole('button', { name: /^Message 1/ }).closest('li')).not.toHaveClass('is-unread');
  });

  it("says 'No messages for current selection' for an empty folder", async () => {
    routes({ inbox: [] });
    show();
    expect(await screen.findByText('No messages for current selection')).toBeInTheDocument();
  });

  it("pages by bookmark with 'Load more' until a page has fewer than 20", async () => {
    const page1 = Array.from({ length: 20 }, (_, i) => item(i + 1));
    const page2 = Array.from({ length: 5 }, (_, i) => item(i + 21));
    const r = routes({ inbox: (url) => (url.searchParams.get('page_bookmark') === 'bm-20' ? page2 : page1) }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show();
    const more = await screen.findByRole('button', { name: 'Load more' });
    await userEvent.click(more);
    expect(await screen.findByRole('button', { name: /^Message 25/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const listCalls = r.calls().filter((c) => c.key === 'GET /xplanapi/docnote-v2' && c.url.searchParams.get('page_size') === '20');
    expect(listCalls.map((c) => c.url.searchParams.get('page_bookmark'))).toEqual([null, 'bm-20']);
  });

  it('changing the sort clears the selection and asks the first page again', async () => {
    const r = routes({ inbox: [item(1), item(2)] }, { 'GET /xplanapi/docnote-v2/1': detail(1), 'GET /xplanapi/docnote-v2/2': detail(2) });
    show();
    await screen.findByRole('article', { name: 'Message 1' });
    await userEvent.click(screen.getByRole('button', { name: /^Message 2/ }));
    expect(await screen.findByRole('article', { name: 'Message 2' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Subject, A to Z');
    await waitFor(() => expect(r.calls().some((c) => c.url.searchParams.get('page_sort') === 'subject')).toBe(true));
    // The new list's first document is selected again, not the one chosen before.
    expect(await screen.findByRole('article', { name: 'Message 1' })).toBeInTheDocument();
  });

  it('searches by subject on Enter, as a wildcard', async () => {
    const r = routes({ inbox: [item(1)] }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show();
    await screen.findByRole('article', { name: 'Message 1' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by subject' }), 'valuation{Enter}');
    await waitFor(() => expect(r.calls().some((c) => c.url.searchParams.get('subject') === '*valuation*')).toBe(true));
  });

  it('previous and next move through the list; close empties the reader', async () => {
    routes({ inbox: [item(1), item(2)] }, { 'GET /xplanapi/docnote-v2/1': detail(1), 'GET /xplanapi/docnote-v2/2': detail(2) });
    show();
    const reader = await screen.findByRole('article', { name: 'Message 1' });
    expect(within(reader).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(reader).getByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('article', { name: 'Message 2' });
    expect(within(second).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(second).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('expands the reader over the list and shrinks it back (spec 3 §2.1)', async () => {
    routes({ inbox: [item(1), item(2)] }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    const { container } = show();
    const reader = await screen.findByRole('article', { name: 'Message 1' });
    const layout = container.querySelector('.messages-layout')!;
    expect(layout).not.toHaveClass('is-expanded');
    await userEvent.click(within(reader).getByRole('button', { name: 'Expand' }));
    expect(layout).toHaveClass('is-expanded');
    expect(within(reader).queryByRole('button', { name: 'Expand' })).toBeNull();
    await userEvent.click(within(reader).getByRole('button', { name: 'Shrink' }));
    expect(layout).not.toHaveClass('is-expanded');
    expect(within(reader).getByRole('button', { name: 'Expand' })).toBeInTheDocument();
  });

  it('Next on the last loaded document loads the next page from the reader and opens the document after it', async () => {
    const page1 = Array.from({ length: 20 }, (_, i) => item(i + 1));
    const page2 = Array.from({ length: 3 }, (_, i) => item(i + 21));
    const r = routes({ inbox: (url) => (url.searchParams.get('page_bookmark') === 'bm-20' ? page2 : page1) }, { 'GET /xplanapi/docnote-v2/1': detail(1), 'GET /xplanapi/docnote-v2/20': detail(20), 'GET /xplanapi/docnote-v2/21': detail(21) });
    show();
    await screen.findByRole('article', { name: 'Message 1' });
    await userEvent.click(screen.getByRole('button', { name: /^Message 20/ }));
    const last = await screen.findByRole('article', { name: 'Message 20' });
    // More pages exist, so Next is offered on the last loaded document.
    await userEvent.click(within(last).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Message 21' })).toBeInTheDocument();
    const pages = r.calls().filter((c) => c.key === 'GET /xplanapi/docnote-v2' && c.url.searchParams.get('page_size') === '20');
    expect(pages.map((c) => c.url.searchParams.get('page_bookmark'))).toEqual([null, 'bm-20']);
  });

  it('opens Important only with ?importantOnly=true', async () => {
    const r = routes({ inbox: [] });
    show({ path: '/clients/documents-and-messages/?importantOnly=true' });
    await screen.findByText('No messages for current selection');
    const list = r.calls().find((c) => c.key === 'GET /xplanapi/docnote-v2' && c.url.searchParams.get('page_size') === '20');
    expect(list?.url.searchParams.get('categories.0')).toBe('3');
  });

  it("shows 'Document Container View Error' for an unknown view", async () => {
    routes({});
    show({ path: '/clients/documents-and-messages/?view=calendar' });
    expect(await screen.findByText('Document Container View Error')).toBeInTheDocument();
  });

  it('warns before downloading a file that may carry macros; No does not download', async () => {
    routes(
      { inbox: [item(1, { attachments: [{ docpartid: 5, filename: 'Plan.docx' }] })] },
      { 'GET /xplanapi/docnote-v2/1': detail(1, { documentAttachments: [{ docpartid: 5, filename: 'Plan.docx', created_date: null }, { docpartid: 6, filename: 'Letter.pdf' }] }) },
    );
    show();
    const link = await screen.findByRole('link', { name: /Plan\.docx/ });
    expect(link).toHaveAttribute('href', '/xplanapi/docnote/files/1/5/Plan.docx');
    expect(await screen.findByRole('link', { name: /Letter\.pdf/ })).toHaveAttribute('download', 'Letter.pdf');
    const clicked = vi.fn();
    document.addEventListener('click', clicked);
    fireEvent.click(link);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('This file type may contain macros or other potentially harmful content. Make sure you trust the source before proceeding.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    document.removeEventListener('click', clicked);
  });

  it('shows the Sent message that did not get all its attachments as incomplete', async () => {
    routes({ inbox: [item(1, { docsubtype: 'Client Initiated', sender: 'client', complete: false })] }, { 'GET /xplanapi/docnote-v2/1': detail(1, { complete: false }) });
    show();
    const reader = await screen.findByRole('article', { name: 'Message 1' });
    expect(within(reader).getByText('Not all attachments of this message were sent.')).toBeInTheDocument();
  });
});

describe('compose from the page (spec 3 §2.1, §4.1, §8)', () => {
  it('?compose=true opens compose; after a partly failed send the page lists exactly what was sent', async () => {
    let uploads = 0;
    routes(
      { inbox: [] },
      {
        'POST /xplanapi/docnote-v2': () => jsonResponse(200, item(501, { sender: 'client', docsubtype: 'Client Initiated', complete: false })),
        'POST /xplanapi/docnote-v2/501/firstread': ok({}),
        'POST /xplanapi/docnote-v2/501/attachment-v3': () => (uploads++ === 0 ? jsonResponse(200, { docpartid: 1, filename: 'a.pdf' }) : jsonResponse(500, {})),
        'POST /xplanapi/email/email': ok({}),
      },
    );
    show({ path: '/clients/documents-and-messages/?compose=true' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Documents you asked for');
    await user.upload(screen.getByTestId('compose-file-input'), [new File(['1'], 'a.pdf'), new File(['2'], 'b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const report = await screen.findByText('Not sent: b.pdf');
    expect(report.closest('.notice')).toHaveTextContent('There has been a problem sending your attachments. Please review your sent messages.Sent: a.pdfNot sent: b.pdf');
    // Back in the messages view.
    expect(screen.queryByRole('textbox', { name: 'Subject' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Compose' })).toBeInTheDocument();
  });

  it('Cancel goes back to the messages without sending', async () => {
    const r = routes({ inbox: [] });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Compose' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('No messages for current selection')).toBeInTheDocument();
    expect(r.calls().some((c) => c.key.startsWith('POST'))).toBe(false);
  });
});

describe('an adviser with the client in context (spec 3 §4.1, §6)', () => {
  it('reads without compose, reply or read receipts, and sees what the client cannot', async () => {
    viewAsAdviser();
    const r = routes({ inbox: [unread(1, { is_client_access_accessible: false })] }, { 'GET /xplanapi/docnote-v2/1': detail(1, { is_client_access_accessible: false }) });
    show({ user: adviserUser });
    const reader = await screen.findByRole('article', { name: 'Message 1' });
    expect(within(reader).getByText('Not visible to the client')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compose' })).toBeNull();
    expect(within(reader).queryByRole('button', { name: 'Reply' })).toBeNull();
    // Unread rows are highlighted for clients only, and the To be signed folder is a client's.
    expect(screen.getByRole('button', { name: /^Message 1/ }).closest('li')).not.toHaveClass('is-unread');
    expect(screen.queryByRole('button', { name: 'To be signed' })).toBeNull();
    await within(reader).findByText('Body of 1');
    expect(r.calls().some((c) => c.key.startsWith('POST'))).toBe(false);
    expect(unreadCountStore.get()).toBe(0);
  });

  it("sees 'Attachments can be downloaded via Xplan' when downloads are prevented", async () => {
    viewAsAdviser();
    routes({ inbox: [item(1)] }, { 'GET /xplanapi/docnote-v2/1': detail(1, { documentAttachments: [{ docpartid: 5, filename: 'Letter.pdf' }] }) });
    show({ user: adviserUser, config: withDocuments({ preventAttachmentDownload: true }) });
    expect(await screen.findByText('Attachments can be downloaded via Xplan')).toBeInTheDocument();
    expect(screen.getByText('Letter.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Letter\.pdf/ })).toBeNull();
  });

  it('is not offered compose even with ?compose=true', async () => {
    viewAsAdviser();
    routes({ inbox: [] });
    show({ user: adviserUser, path: '/clients/documents-and-messages/?compose=true' });
    expect(await screen.findByText('No messages for current selection')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).toBeNull();
  });
});

describe("'Show messages for' with related entities (spec 3 §2.1, §4.1, §5, §6)", () => {
  const members = [
    { entity_id: 1001, group_id: 7, login_accessible: true, first_name: 'Eleanor', last_name: 'Whitfield', entity_name: 'Whitfield, Eleanor', partner_entity_id: 1002 },
    { entity_id: 1002, group_id: 7, login_accessible: true, first_name: 'James', last_name: 'Whitfield', entity_name: '', partner_entity_id: 1001 },
    { entity_id: 1003, group_id: 7, login_accessible: false, first_name: 'Lucy', last_name: 'Whitfield', entity_name: '', partner_entity_id: null },
  ];
  const jamesLetter = item(40, { subject: "Letter for James's pension", entity_ids: [1002] });
  const related = (more: Parameters<typeof routeFetch>[0] = {}) =>
    routes(
      { inbox: (url) => (url.searchParams.get('entity_ids.0') === '1002' ? [jamesLetter] : [item(1)]) },
      {
        'GET /xplanapi/entity/client/1001/client_group/member': ok(members),
        'GET /xplanapi/entity/client-v3/1001/capability': ok({ view_portfolio: true, view_partner: true }),
        'GET /xplanapi/docnote-v2/1': detail(1),
        'GET /xplanapi/docnote-v2/40': detail(40, { entity_ids: [1002] }),
        ...more,
      },
    );

  it("shows an adviser with the client in context the client and its login_accessible related entities, lists the chosen one's documents from the Inbox, and marks them", async () => {
    viewAsAdviser();
    const r = related();
    show({ user: adviserUser, config: withDocuments({ enableRelatedEntities: true }), path: '/clients/documents-and-messages/?importantOnly=true' });
    const select = await screen.findByRole('combobox', { name: 'Show messages for' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Eleanor Whitfield', 'James Whitfield']));
    expect(select).toHaveValue('self');
    await userEvent.selectOptions(select, '1002');
    expect(await screen.findByRole('article', { name: "Letter for James's pension" })).toBeInTheDocument();
    const listCall = r.calls().filter((c) => c.url.searchParams.get('page_size') === '20' && !c.url.searchParams.get('categories.0')).at(-1)!;
    expect(listCall.url.searchParams.get('entity_ids.0')).toBe('1002');
    // Changing the entity goes back to the Inbox (spec 3 §4.1).
    expect(listCall.url.searchParams.get('docsubtype_exclude')).toBe('Client Initiated');
    expect(within(screen.getByRole('navigation', { name: 'Folders' })).getByRole('button', { name: /^Inbox/ })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText('Related entity: James Whitfield')).toBeInTheDocument();
    // Read-only all the same.
    expect(screen.queryByRole('button', { name: 'Compose' })).toBeNull();
    expect(r.calls().some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('shows the client the same options, without the marker', async () => {
    related();
    show({ config: withDocuments({ enableRelatedEntities: true }) });
    const select = await screen.findByRole('combobox', { name: 'Show messages for' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Eleanor Whitfield', 'James Whitfield']));
    await userEvent.selectOptions(select, '1002');
    await screen.findByRole('article', { name: "Letter for James's pension" });
    expect(screen.queryByText('Related entity: James Whitfield')).toBeNull();
  });

  it('offers the client alone when the client lacks view_partner', async () => {
    viewAsAdviser();
    related({ 'GET /xplanapi/entity/client-v3/1001/capability': ok({ view_portfolio: true, view_partner: false }) });
    show({ user: adviserUser, config: withDocuments({ enableRelatedEntities: true }) });
    const select = await screen.findByRole('combobox', { name: 'Show messages for' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Eleanor Whitfield']);
  });

  it('shows no entity filter when related entities are off', async () => {
    viewAsAdviser();
    related();
    show({ user: adviserUser, config: withDocuments({ enableRelatedEntities: false }) });
    await screen.findByRole('article', { name: 'Message 1' });
    expect(screen.queryByRole('combobox', { name: 'Show messages for' })).toBeNull();
  });
});

describe('one-way messaging (spec 3 §2.1, §4.1)', () => {
  it('hides Compose and Reply, and Sent when the client has sent nothing', async () => {
    routes({ inbox: [item(1)], sent: [] }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show({ config: withDocuments({ oneWayMessaging: true }) });
    const reader = await screen.findByRole('article', { name: 'Message 1' });
    expect(within(reader).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compose' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Folders' })).toBeInTheDocument());
    expect(within(screen.getByRole('navigation', { name: 'Folders' })).queryByRole('button', { name: 'Sent' })).toBeNull();
  });
});

describe('the documents’ date range (spec 3 §9)', () => {
  // Today is Wednesday 25 November 2026 (the page's today is mocked at the top of this file).
  const listCalls = (r: ReturnType<typeof routes>) => r.calls().filter((c) => c.key === 'GET /xplanapi/docnote-v2' && c.url.searchParams.get('page_size') === '20').map((c) => c.url.searchParams);
  /** The list calls asking exactly these dates. */
  const asked = (r: ReturnType<typeof routes>, from: string, to: string) => listCalls(r).filter((q) => q.get('date_from') === from && q.get('date_to') === to);

  it('opens unfiltered by default; Custom is then pre-filled with last week to today and applied', async () => {
    const r = routes({ inbox: [item(1)] }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show();
    await screen.findByRole('article', { name: 'Message 1' });
    const select = screen.getByLabelText('Date range');
    expect(select).toHaveDisplayValue('All dates');
    expect(listCalls(r)[0]!.get('date_from')).toBeNull();
    expect(listCalls(r)[0]!.get('date_to')).toBeNull();
    expect(screen.queryByLabelText('From')).toBeNull();
    await userEvent.selectOptions(select, 'Custom');
    // One week before 25 Nov 2026 is 18 Nov.
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-18');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-25');
    await waitFor(() => expect(asked(r, '2026-11-18', '2026-11-25')).toHaveLength(1));
  });

  it("with defaultDateRange 'custom-last-week' opens filtered to last week, without All dates", async () => {
    const r = routes({ inbox: [item(1)] }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show({ config: withDocuments({ defaultDateRange: 'custom-last-week' }) });
    await screen.findByRole('article', { name: 'Message 1' });
    expect(screen.getByLabelText('Date range')).toHaveDisplayValue('Custom');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-18');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-25');
    // The page asked its list once, with last week's dates. (Not "the first call": the call log
    // is the global fetch stub's, and under load a call of the previous test's page, unfiltered,
    // can land in it before or after this page's; see the closing note of 2026-11-25.)
    await waitFor(() => expect(asked(r, '2026-11-18', '2026-11-25')).toHaveLength(1));
    expect(within(screen.getByLabelText('Date range')).queryByRole('option', { name: 'All dates' })).toBeNull();
  });

  it('asks a preset’s dates, tax years by the client’s region', async () => {
    const r = routes({ inbox: [item(1)] }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show({ user: { ...clientUser, region: 'AU' } });
    await screen.findByRole('article', { name: 'Message 1' });
    await userEvent.selectOptions(screen.getByLabelText('Date range'), 'Previous Tax Year');
    // Australia: the tax year began 1 Jul 2026, so the previous one ran 1 Jul 2025 - 30 Jun 2026.
    await waitFor(() => expect(asked(r, '2025-07-01', '2026-06-30')).toHaveLength(1));
  });

  it('refuses a custom From after To with a message and asks nothing until it is put right', async () => {
    const r = routes({ inbox: [item(1)] }, { 'GET /xplanapi/docnote-v2/1': detail(1) });
    show();
    await screen.findByRole('article', { name: 'Message 1' });
    await userEvent.selectOptions(screen.getByLabelText('Date range'), 'Custom');
    await waitFor(() => expect(asked(r, '2026-11-18', '2026-11-25')).toHaveLength(1));
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-11-26' } });
    expect(await screen.findByText('The From date cannot be after the To date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls(r).some((q) => q.get('date_from') === '2026-11-26')).toBe(false);
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    await waitFor(() => expect(asked(r, '2026-11-01', '2026-11-25')).toHaveLength(1));
    expect(screen.queryByText('The From date cannot be after the To date.')).toBeNull();
    // Applying keeps the same input (no remount), so a keyboard user's focus stays where it was.
    expect(screen.getByLabelText('From')).toBe(from);
    expect(from).toHaveValue('2026-11-01');
  });

  it('changing the range starts the list again without a bookmark and clears the selection', async () => {
    const page1 = Array.from({ length: 20 }, (_, i) => item(i + 1));
    const page2 = Array.from({ length: 5 }, (_, i) => item(i + 21));
    const r = routes({ inbox: (url) => (url.searchParams.get('page_bookmark') === 'bm-20' ? page2 : page1) }, { 'GET /xplanapi/docnote-v2/1': detail(1), 'GET /xplanapi/docnote-v2/25': detail(25) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Message 25/ }));
    expect(await screen.findByRole('article', { name: 'Message 25' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Date range'), 'One Year');
    // One year back from 25 Nov 2026 is 25 Nov 2025.
    await waitFor(() => expect(asked(r, '2025-11-25', '2026-11-25')).toHaveLength(1));
    expect(asked(r, '2025-11-25', '2026-11-25')[0]!.get('page_bookmark')).toBeNull();
    // The new list's first document is selected, not the one chosen before.
    expect(await screen.findByRole('article', { name: 'Message 1' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Message 25' })).toBeNull();
  });
});
