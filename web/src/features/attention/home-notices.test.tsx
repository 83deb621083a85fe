import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { adviserUser, clientUser, jsonResponse, renderPage } from '../../test/render-with-providers';
import { clientInContextStore } from '../../shared/session/client-in-context';
import { HomeNotices } from './home-notices';

// The home page's notices (spec 3 §2.5, §2.7) with the demo firm's configuration (test config):
// announcement 134 and, for a ClientUser, the attention panel from the documents page's calls.

const asClient = { session: { status: 'signed-in' as const, user: clientUser } };
const asAdviser = { session: { status: 'signed-in' as const, user: adviserUser } };
const categories = [
  { category_id: 2, name: 'Tax', important: false },
  { category_id: 3, name: 'Important', important: true },
];
const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 + i, subject: `Doc ${i}` }));
const signature = (id: number, status: number, duedate: string | null = '2026-12-16') => ({
  id,
  filename: `Doc ${id}.pdf`,
  duedate,
  status,
  terms_and_conds: 'Terms.',
});

const home = (
  <HomeNotices documentsPath="/clients/documents-and-messages">
    <p>The dashboard</p>
  </HomeNotices>
);

afterEach(() => clientInContextStore.reset());

describe('HomeNotices', () => {
  it("shows a client's pluralised counts linking to the filtered folders, with announcement 134", async () => {
    const fetch = routeFetch({
      'GET /xplanapi/docnote-v2/category': ok(categories),
      'GET /xplanapi/docnote-v2': ok(docs(1)),
      'GET /xplanapi/digital_signature': ok([signature(1, 4), signature(2, 0), signature(3, 1), signature(4, 2), signature(5, 4)]),
    });
    renderPage(home, asClient);
    const panel = await screen.findByRole('region', { name: 'For your attention' });
    expect(within(panel).getByRole('link', { name: '1 important document to read' })).toHaveAttribute('href', '/clients/documents-and-messages/?importantOnly=true');
    expect(within(panel).getByRole('link', { name: '3 documents to sign' })).toHaveAttribute('href', '/clients/documents-and-messages/?toBeSigned=true');
    expect(screen.getByRole('region', { name: 'Changes to our charges from 1 January 2027' })).toBeVisible();
    expect(screen.getByText('The dashboard')).toBeVisible();
    // The important count: 20 of the important category's unread received documents (spec 3 §9).
    const important = fetch.calls().find((call) => call.key === 'GET /xplanapi/docnote-v2')!.url.searchParams;
    expect(Object.fromEntries(important)).toEqual({
      page_size: '20',
      'firstread.include_read_notes': 'false',
      docsubtype_exclude: 'Client Initiated',
      'categories.0': '3',
    });
    // One call each: no call per document.
    expect(fetch.calls().map((call) => call.key).sort()).toEqual(['GET /xplanapi/digital_signature', 'GET /xplanapi/docnote-v2', 'GET /xplanapi/docnote-v2/category']);
  });

  it('keeps the content hidden until the counts are in, so the panel never pushes it down', async () => {
    let answer: (response: Response) => void = () => undefined;
    const routes = routeFetch({
      'GET /xplanapi/docnote-v2/category': ok(categories),
      'GET /xplanapi/docnote-v2': ok(docs(2)),
      'GET /xplanapi/digital_signature': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderPage(home, asClient);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your home page');
    expect(screen.getByText('The dashboard', { selector: 'p' }).closest('.home-notices')).toHaveAttribute('hidden');
    await waitFor(() => expect(routes.calls().some((call) => call.key === 'GET /xplanapi/digital_signature')).toBe(true));
    answer(jsonResponse(200, []));
    const panel = await screen.findByRole('region', { name: 'For your attention' });
    expect(within(panel).getByRole('link', { name: '2 important documents to read' })).toBeVisible();
    expect(within(panel).queryByRole('link', { name: /to sign/ })).toBeNull();
    expect(screen.getByText('The dashboard').closest('.home-notices')).not.toHaveAttribute('hidden');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("reads 20+ for a full page of important documents", async () => {
    routeFetch({
      'GET /xplanapi/docnote-v2/category': ok(categories),
      'GET /xplanapi/docnote-v2': ok(docs(20)),
      'GET /xplanapi/digital_signature': ok([signature(1, 4)]),
    });
    renderPage(home, asClient);
    expect(await screen.findByRole('link', { name: '20+ important documents to read' })).toBeVisible();
    expect(screen.getByRole('link', { name: '1 document to sign' })).toBeVisible();
  });

  it('is hidden when both counts are zero, and when a count cannot be fetched', async () => {
    routeFetch({
      'GET /xplanapi/docnote-v2/category': ok(categories),
      'GET /xplanapi/docnote-v2': ok([]),
      'GET /xplanapi/digital_signature': fail(403, { api_message: 'Forbidden' }),
    });
    renderPage(home, asClient);
    await waitFor(() => expect(screen.getByText('The dashboard').closest('.home-notices')).not.toHaveAttribute('hidden'));
    expect(screen.queryByRole('region', { name: 'For your attention' })).toBeNull();
    // The announcement is the firm's, not the counts': it stays.
    expect(screen.getByRole('region', { name: 'Changes to our charges from 1 January 2027' })).toBeVisible();
  });

  it('is never shown to an adviser with a client in context, who waits for nothing', () => {
    clientInContextStore.set({ id: 1, entity_id: 1001, display_name: 'Eleanor Whitfield', is_preview_mode: false, site_access_level: 'Portfolio' });
    const fetch = routeFetch({});
    renderPage(home, asAdviser);
    expect(screen.getByText('The dashboard').closest('.home-notices')).not.toHaveAttribute('hidden');
    expect(screen.queryByRole('region', { name: 'For your attention' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(fetch.calls().filter((call) => /docnote-v2|digital_signature/.test(call.key))).toEqual([]);
  });
});
