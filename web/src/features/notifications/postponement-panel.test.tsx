import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { adviserUser, clientUser, renderPage } from '../../test/render-with-providers';
import { clientInContextStore } from '../../shared/session/client-in-context';
import { NOTIFICATION_FLAGS_KEY, updatedStore } from './notification-flags';
import { WithPostponementPanel } from './postponement-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  updatedStore.reset();
  clientInContextStore.reset();
});

const STATUSES = 'GET /xplanapi/entity/client-v4/1001';
const TOGGLES = 'GET /api/feature-toggles';
const eleanor = { id: 1001, partner_entity_id: 1002, xpt_review_status: 2, factfind_status: '1', robo_journey_type: '', robo_journey_status: '' };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function show(path = '/clients/home', user = clientUser) {
  return renderPage(
    <>
      <WithPostponementPanel>
        <h1>Welcome, Eleanor</h1>
      </WithPostponementPanel>
      <Where />
    </>,
    { path, session: { status: 'signed-in', user } },
  );
}

const panel = () => screen.findByRole('region', { name: 'Action required' });

describe("the 'Action required' panel (spec 3 §2.4, §4.3)", () => {
  it('holds the page back until the statuses are in, so it never pushes the page down', async () => {
    let answer: (r: Response) => void = () => undefined;
    routeFetch({ [STATUSES]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    show();
    await waitFor(() => expect(screen.getByTestId('where')).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Welcome, Eleanor' })).toBeNull();
    answer(new Response(JSON.stringify(eleanor), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect(await panel()).toBeInTheDocument();
    // The panel comes before the page's content.
    const heading = screen.getByRole('heading', { name: 'Welcome, Eleanor' });
    expect(screen.getByRole('region', { name: 'Action required' }).compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists the awaiting journeys with links to their pages', async () => {
    routeFetch({ [STATUSES]: ok({ ...eleanor, robo_journey_type: 'investment', robo_journey_status: 'declined' }) });
    show();
    await panel();
    expect(screen.getByRole('link', { name: 'Your fact find' })).toHaveAttribute('href', '/factfind/');
    expect(screen.getByRole('link', { name: 'Your annual review' })).toHaveAttribute('href', '/core/review');
    expect(screen.getByRole('link', { name: 'Investment advice online' })).toHaveAttribute('href', '/apa/');
  });

  it("fact find's click clears its stored value, puts it aside for this sign-in and navigates", async () => {
    localStorage.setItem(NOTIFICATION_FLAGS_KEY, JSON.stringify({ '1001': { dismissed: ['factFind', 'review'] } }));
    routeFetch({ [STATUSES]: ok(eleanor) });
    show();
    await panel();
    fireEvent.click(screen.getByRole('link', { name: 'Your fact find' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/factfind/'));
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_FLAGS_KEY) ?? '{}')).toEqual({ '1001': { dismissed: ['review'] } });
    expect(JSON.parse(sessionStorage.getItem(NOTIFICATION_FLAGS_KEY) ?? '{}')).toEqual({ '1001': { closed: ['factFind'] } });
  });

  it('with use-ids-notification on, lists only the journeys postponed from the modal', async () => {
    localStorage.setItem(NOTIFICATION_FLAGS_KEY, JSON.stringify({ '1001': { dismissed: ['review'] } }));
    routeFetch({ [STATUSES]: ok(eleanor), [TOGGLES]: ok([{ name: 'use-ids-notification', enabled: true }]) });
    show();
    await panel();
    expect(screen.getByRole('link', { name: 'Your annual review' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your fact find' })).toBeNull();
  });

  it('is gone just after a status was set in this sign-in', async () => {
    updatedStore.set(1001);
    routeFetch({ [STATUSES]: ok(eleanor) });
    show();
    expect(await screen.findByRole('heading', { name: 'Welcome, Eleanor' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Action required' })).toBeNull();
  });

  it('is not shown to an adviser with a client in context, whose page does not wait', async () => {
    clientInContextStore.set({ id: 9, entity_id: 1001, display_name: 'Eleanor Whitfield', is_preview_mode: false, site_access_level: 'Portfolio' });
    const api = routeFetch({});
    show('/clients/home', adviserUser);
    expect(screen.getByRole('heading', { name: 'Welcome, Eleanor' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Action required' })).toBeNull();
    expect(api.calls().filter((c) => c.key.includes('client-v4'))).toEqual([]);
  });

  it('lets the page show without the panel when the statuses cannot be had', async () => {
    routeFetch({ [STATUSES]: fail(400, { api_message: 'invalid field name: robo_journey_type' }) });
    show();
    expect(await screen.findByRole('heading', { name: 'Welcome, Eleanor' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Action required' })).toBeNull();
  });
});
