import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientInContextStore } from '../../../shared/session/client-in-context';
import { fail, ok, routeFetch } from '../../../test/fetch-routes';
import { adviserUser, jsonResponse, renderPage } from '../../../test/render-with-providers';
import type { ClientListItem } from '../api/client-list';
import { PHONE_QUERY } from '../../../shared/ui/use-media-query';
import YourClientsPage from './your-clients-page';

const choices = [
  { code: '0', description: 'Not Assigned' },
  { code: '1', description: 'Client Portfolio' },
  { code: '2', description: 'Client Assets' },
  { code: '3', description: 'Client Messages' },
];

/** A list item as the platform sends it (dates typed). */
function wireItem(id: number, over: Partial<Record<keyof ClientListItem, unknown>> = {}) {
  return {
    id,
    entity_name: `Client ${String(id).padStart(2, '0')}, Test`,
    preferred_email: `client${id}@example.co.uk`,
    preferred_postcode: 'BS8 4JY',
    dob: { _type: 'Date', _val: '1968-04-17' },
    user_id: 100 + id,
    has_client_access: true,
    client_access_level: { code: '1', description: 'Client Portfolio' },
    bookmark: `after-${id}`,
    entity_groups: [],
    ...over,
  };
}
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => wireItem(from + i));

function renderList() {
  return renderPage(<YourClientsPage debounceMs={0} />, {
    path: '/advisers/',
    route: '/advisers/',
    session: { status: 'signed-in', user: adviserUser },
    extraRoutes: [<Route key="c" path="/clients/*" element={<p>At the client section</p>} />],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  clientInContextStore.reset();
});

describe('Your Clients', () => {
  it('shows a loading state while the first answer is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    routeFetch({
      'GET /xplanapi/entity/client-v3/': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
    });
    renderList();
    expect(await screen.findByText(/Searching your clients/)).toBeInTheDocument();
    await act(async () => answer(jsonResponse(200, [])));
    expect(await screen.findByText('No clients were found. Try widening your search criteria.')).toBeInTheDocument();
  });

  it('lists the first 20 clients, loads more by bookmark, then says it shows them all', async () => {
    const user = userEvent.setup();
    const calls = routeFetch({
      'GET /xplanapi/entity/client-v3/': [ok(page(1, 20)), ok(page(21, 3))],
      'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
    });
    renderList();
    expect(await screen.findByText('Showing the first 20 clients...')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Clients' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name▲', 'Email', 'Date of birth↕', 'Postcode', 'Portal view']);
    const first = table.querySelector<HTMLElement>('tbody tr')!;
    expect(within(first).getByRole('button', { name: 'Client 01, Test' })).toBeInTheDocument();
    expect(first).toHaveTextContent('client1@example.co.uk');
    expect(first).toHaveTextContent('17 Apr 1968');
    expect(first).toHaveTextContent('BS8 4JY');
    expect(within(first).getByRole('combobox', { name: 'Portal view for Client 01, Test' })).toHaveValue('Portfolio');
    const firstCall = calls.calls()[0]!.url.searchParams;
    expect([firstCall.get('page_size'), firstCall.get('page_sort'), firstCall.has('quicksearch'), firstCall.has('page_bookmark')]).toEqual(['20', '+entity_name', false, false]);

    await user.click(screen.getByText('Load more...'));
    expect(await screen.findByText('Showing all clients...')).toBeInTheDocument();
    expect(table.querySelectorAll('tbody tr')).toHaveLength(23);
    const more = calls.calls().filter((call) => call.key === 'GET /xplanapi/entity/client-v3/')[1]!.url.searchParams;
    expect(more.get('page_bookmark')).toBe('after-20');
    expect(screen.queryByText('Load more...')).not.toBeInTheDocument();
  });

  it('searches as the adviser types, with the quicksearch of spec 3 §7.4, and never with an invalid field', async () => {
    const user = userEvent.setup();
    const calls = routeFetch({
      'GET /xplanapi/entity/client-v3/': [ok(page(1, 2)), ok([])],
      'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
    });
    renderList();
    await screen.findByText('Showing all clients...');
    await user.type(screen.getByLabelText('Date of birth'), '1968-04-17');
    expect(await screen.findByText('Please enter a date in a valid format of DD/MM/YYYY')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Date of birth'));
    await user.type(screen.getByLabelText('Date of birth'), '17/04/1968');
    await user.type(screen.getByLabelText('Client name'), 'Whitfield');
    await user.type(screen.getByLabelText('Postcode'), 'BS8 4JY');
    expect(await screen.findByText('No clients were found. Try widening your search criteria.')).toHaveAttribute('role', 'status');
    const searched = calls
      .calls()
      .filter((call) => call.key === 'GET /xplanapi/entity/client-v3/')
      .map((call) => call.url.searchParams.get('quicksearch'));
    expect(searched.at(-1)).toBe('Whitfield pcode:BS8 4JY dob:19680417');
    // No request ever carried the date in the wrong format.
    expect(searched.some((q) => q?.includes('1968-04'))).toBe(false);
  });

  it('sorts by name and date of birth, saying which way in aria-sort', async () => {
    const user = userEvent.setup();
    const calls = routeFetch({
      'GET /xplanapi/entity/client-v3/': ok(page(1, 2)),
      'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
    });
    renderList();
    await screen.findByText('Showing all clients...');
    const name = () => screen.getByRole('columnheader', { name: /Name/ });
    const dob = () => screen.getByRole('columnheader', { name: /Date of birth/ });
    expect(name()).toHaveAttribute('aria-sort', 'ascending');
    expect(dob()).not.toHaveAttribute('aria-sort');
    await user.click(within(dob()).getByRole('button'));
    await waitFor(() => expect(dob()).toHaveAttribute('aria-sort', 'ascending'));
    expect(name()).not.toHaveAttribute('aria-sort');
    await user.click(within(dob()).getByRole('button'));
    await waitFor(() => expect(dob()).toHaveAttribute('aria-sort', 'descending'));
    await user.click(within(name()).getByRole('button'));
    await waitFor(() => expect(name()).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() =>
      expect(calls.calls().filter((call) => call.key === 'GET /xplanapi/entity/client-v3/').map((call) => call.url.searchParams.get('page_sort'))).toEqual([
        '+entity_name',
        '+dob',
        '-dob',
      ]),
    );
  });

  it('shows "No client access" rows that cannot be opened, and preview for another portal view or no login', async () => {
    const user = userEvent.setup();
    const calls = routeFetch({
      'GET /xplanapi/entity/client-v3/': ok([
        wireItem(1, { entity_name: 'Disabled, Dan', has_client_access: false }),
        wireItem(2, { entity_name: 'Nologin, Nia', user_id: null, has_client_access: false }),
        wireItem(3, { entity_name: 'Whitfield, Eleanor', client_access_level: { code: '2', description: 'Client Assets' } }),
      ]),
      'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
    });
    renderList();
    await screen.findByText('Showing all clients...');
    const [, dan, nia, eleanor] = screen.getAllByRole('row');
    expect(dan).toHaveTextContent('No client access');
    expect(within(dan!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(dan!).getByText('Disabled, Dan'));
    expect(nia).toHaveTextContent('Preview');
    expect(nia).not.toHaveTextContent('No client access');
    expect(within(eleanor!).getByRole('combobox', { name: 'Portal view for Whitfield, Eleanor' })).toHaveValue('Assets');
    expect(eleanor).not.toHaveTextContent('Preview');
    expect(within(eleanor!).getAllByRole('option').map((option) => option.textContent)).toEqual(['Not Assigned', 'Client Portfolio', 'Client Assets', 'Client Messages']);
    // Another portal view for the disabled login makes it a preview, which can be opened.
    await user.selectOptions(within(dan!).getByRole('combobox'), 'Messages');
    expect(dan).toHaveTextContent('Preview');
    expect(within(dan!).getByRole('button', { name: 'Disabled, Dan' })).toBeInTheDocument();
    expect(calls.calls().some((call) => call.key === 'PUT /api/client-context')).toBe(false);
  });

  it('opens a client with the chosen portal view: the portal switches, the capabilities load, then the client section opens', async () => {
    const user = userEvent.setup();
    const eleanor = { id: 3, entity_id: 3, display_name: 'Eleanor Whitfield', preferred_currency: 'GBP', is_preview_mode: true, last_login_datetime: null, user_timezone: 'Europe/London', site_access_level: 'Assets', has_client_access: true };
    const calls = routeFetch({
      'GET /xplanapi/entity/client-v3/': ok([wireItem(3, { entity_name: 'Whitfield, Eleanor' })]),
      'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
      'PUT /api/client-context': ok({ client_in_context: eleanor }),
      'GET /xplanapi/entity/client-v3/3/capability': ok({ view_portfolio: true }),
    });
    renderList();
    await screen.findByText('Showing all clients...');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Portal view for Whitfield, Eleanor' }), 'Assets');
    await user.click(screen.getByRole('button', { name: 'Whitfield, Eleanor' }));
    expect(await screen.findByText('At the client section')).toBeInTheDocument();
    expect(calls.bodyOf('PUT /api/client-context')).toEqual({ client_id: 3, site_access_level: 'Assets' });
    const keys = calls.calls().map((call) => call.key);
    expect(keys.indexOf('GET /xplanapi/entity/client-v3/3/capability')).toBeGreaterThan(keys.indexOf('PUT /api/client-context'));
    expect(clientInContextStore.get()).toMatchObject({ entity_id: 3, display_name: 'Eleanor Whitfield', is_preview_mode: true });
  });

  it('stays on the list when the portal refuses the client', async () => {
    const user = userEvent.setup();
    routeFetch({
      'GET /xplanapi/entity/client-v3/': ok([wireItem(3, { entity_name: 'Whitfield, Eleanor' })]),
      'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
      'PUT /api/client-context': fail(403, { user_message: 'You do not have access to this client.', api_message: 'You do not have access to this client.' }),
    });
    renderList();
    await screen.findByText('Showing all clients...');
    await user.click(screen.getByRole('button', { name: 'Whitfield, Eleanor' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Whitfield, Eleanor' })).toBeEnabled());
    expect(screen.queryByText('At the client section')).not.toBeInTheDocument();
    expect(clientInContextStore.get()).toBeNull();
  });

  describe('on a phone', () => {
    const phone = () => vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === PHONE_QUERY, addEventListener() {}, removeEventListener() {} }));

    it('shows one labelled card per client instead of the table, sorted by a "Sort by" select', async () => {
      phone();
      const user = userEvent.setup();
      const calls = routeFetch({
        'GET /xplanapi/entity/client-v3/': ok([
          wireItem(1, { entity_name: 'Disabled, Dan', has_client_access: false }),
          wireItem(3, { entity_name: 'Whitfield, Eleanor' }),
        ]),
        'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
      });
      renderList();
      await screen.findByText('Showing all clients...');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Clients' });
      const [dan, eleanor] = within(list).getAllByRole('listitem');
      // The card: the name as a heading, the details as labelled terms, the view and Open.
      expect(within(eleanor!).getByRole('heading', { level: 2, name: 'Whitfield, Eleanor' })).toBeInTheDocument();
      const terms = within(eleanor!).getAllByRole('term').map((term) => term.textContent);
      const definitions = within(eleanor!).getAllByRole('definition').map((definition) => definition.textContent);
      expect(terms).toEqual(['Email', 'Date of birth', 'Postcode']);
      expect(definitions).toEqual(['client3@example.co.uk', '17 Apr 1968', 'BS8 4JY']);
      expect(within(eleanor!).getByRole('combobox', { name: 'Portal view for Whitfield, Eleanor' })).toHaveValue('Portfolio');
      expect(within(eleanor!).getByRole('button', { name: 'Open Whitfield, Eleanor' })).toBeEnabled();
      // 'No client access': said on the card, and nothing opens it.
      expect(dan).toHaveTextContent('No client access');
      expect(within(dan!).queryByRole('button')).not.toBeInTheDocument();
      await user.click(within(dan!).getByRole('heading'));
      expect(calls.calls().some((call) => call.key === 'PUT /api/client-context')).toBe(false);

      // Sorting is one select: every order the table's headers give.
      const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
      expect(sortBy).toHaveValue('entity_name:asc');
      await user.selectOptions(sortBy, 'dob:desc');
      await user.selectOptions(sortBy, 'entity_name:desc');
      await waitFor(() =>
        expect(calls.calls().filter((call) => call.key === 'GET /xplanapi/entity/client-v3/').map((call) => call.url.searchParams.get('page_sort'))).toEqual([
          '+entity_name',
          '-dob',
          '-entity_name',
        ]),
      );
    });

    it('opens a client from its card with the chosen portal view', async () => {
      phone();
      const user = userEvent.setup();
      const eleanor = { id: 3, entity_id: 3, display_name: 'Eleanor Whitfield', preferred_currency: 'GBP', is_preview_mode: true, last_login_datetime: null, user_timezone: 'Europe/London', site_access_level: 'Messages', has_client_access: true };
      const calls = routeFetch({
        'GET /xplanapi/entity/client-v3/': ok([wireItem(3, { entity_name: 'Whitfield, Eleanor' })]),
        'GET /xplanapi/ufield/entity/client_access_level/choice': ok(choices),
        'PUT /api/client-context': ok({ client_in_context: eleanor }),
        'GET /xplanapi/entity/client-v3/3/capability': ok({ view_portfolio: true }),
      });
      renderList();
      await screen.findByText('Showing all clients...');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Portal view for Whitfield, Eleanor' }), 'Messages');
      expect(screen.getByRole('listitem')).toHaveTextContent('Preview');
      await user.click(screen.getByRole('button', { name: 'Open Whitfield, Eleanor' }));
      expect(await screen.findByText('At the client section')).toBeInTheDocument();
      expect(calls.bodyOf('PUT /api/client-context')).toEqual({ client_id: 3, site_access_level: 'Messages' });
    });
  });
});
