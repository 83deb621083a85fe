import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { adviserUser, clientUser, renderPage } from '../../test/render-with-providers';
import { NOTIFICATION_FLAGS_KEY, updatedStore } from './notification-flags';
import { NotificationHost } from './notification-host';

// Ionic's modal does not open in jsdom (the e2e test opens the real one, with its focus trap and
// Escape): its elements are stood in for by plain ones, around the real modal's content.
vi.mock('../../shared/ui/ion-modal-elements', () => {
  const Plain = ({ children }: { children?: ReactNode }) => <div>{children}</div>;
  return {
    IonModal: ({ isOpen, children, 'aria-label': label }: { isOpen: boolean; children?: ReactNode; 'aria-label'?: string }) =>
      isOpen ? (
        <div role="dialog" aria-label={label}>
          {children}
        </div>
      ) : null,
    IonToolbar: Plain,
    IonTitle: Plain,
    IonContent: Plain,
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  updatedStore.reset();
});

const STATUSES = 'GET /xplanapi/entity/client-v4/1001';
const PATCH = 'PATCH /xplanapi/entity/client-v4/1001';
const eleanor = { id: 1001, partner_entity_id: 1002, xpt_review_status: 2, factfind_status: '1', robo_journey_type: '', robo_journey_status: '' };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function show(path = '/clients/home', user = clientUser) {
  return renderPage(
    <>
      <NotificationHost />
      <Where />
    </>,
    { path, session: { status: 'signed-in', user } },
  );
}

const dialog = () => screen.findByRole('dialog', { name: 'Action required' });
/** The modal's page: its heading. */
const shown = () => within(screen.getByRole('dialog')).getByRole('heading').textContent;

describe('the notification modal (spec 3 §2.4, §4.3)', () => {
  it('shows fact find first; next and previous wrap', async () => {
    routeFetch({ [STATUSES]: ok(eleanor) });
    show();
    await dialog();
    expect(shown()).toBe('Your fact find');
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shown()).toBe('Your annual review');
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shown()).toBe('Your fact find');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shown()).toBe('Your annual review');
  });

  it('close postpones every journey shown, for good: a new sign-in does not show them again', async () => {
    routeFetch({ [STATUSES]: ok(eleanor) });
    const first = show();
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_FLAGS_KEY) ?? '{}')).toEqual({ '1001': { dismissed: ['factFind', 'review'] } });
    first.unmount();
    // Logging out clears sessionStorage's persisted keys; the dismissed ones stay.
    sessionStorage.clear();
    show();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/clients/home'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows again at the next sign-in what was not dismissed (closed is for one sign-in only)', async () => {
    routeFetch({ [STATUSES]: ok(eleanor) });
    const first = show();
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Start your fact find' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/factfind/'));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();
    sessionStorage.clear();
    show();
    await dialog();
    expect(shown()).toBe('Your fact find');
  });

  it('the confirm button goes to the redirect URL and closes the modal for this sign-in', async () => {
    routeFetch({ [STATUSES]: ok(eleanor) });
    show();
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start your review' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/core/review'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(NOTIFICATION_FLAGS_KEY) ?? '{}')).toEqual({ '1001': { closed: ['factFind', 'review'] } });
  });

  it('is not shown for a journey whose redirect page is open', async () => {
    routeFetch({ [STATUSES]: ok(eleanor) });
    show('/factfind/');
    await dialog();
    expect(shown()).toBe('Your annual review');
    expect(screen.queryByText('1 of 2')).toBeNull();
  });

  it('speak to adviser on a review: FollowUpRequired, the review dismissed, the confirmation, then Finish goes on to the fact find', async () => {
    const api = routeFetch({ [STATUSES]: [ok(eleanor), ok({ ...eleanor, xpt_review_status: 3 })], [PATCH]: ok({ ...eleanor, xpt_review_status: 3 }) });
    show();
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: "I'd rather speak to my adviser" }));
    expect(await screen.findByText('You have opted for your adviser to contact you instead of completing the review.')).toBeInTheDocument();
    expect(api.bodyOf(PATCH)).toEqual({ xpt_review_status: 3 });
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_FLAGS_KEY) ?? '{}')).toEqual({ '1001': { dismissed: ['review'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(shown()).toBe('Your fact find');
    expect(screen.queryByText('1 of 2')).toBeNull();
  });

  it('speak to adviser on a fact find: status 0 with the email template id, then the confirmation', async () => {
    const after = { ...eleanor, factfind_status: '0' };
    const api = routeFetch({ [STATUSES]: [ok(eleanor), ok(after)], [PATCH]: ok(after) });
    show();
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: "I'd rather speak to my adviser" }));
    expect(await screen.findByText(/We have let your adviser know/)).toBeInTheDocument();
    expect(api.bodyOf(PATCH)).toEqual({ factfind_status: '0', emailTemplateId: 41 });
    expect(updatedStore.get()).toBe(1001);
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    // The fact find no longer awaits; the review is next.
    await waitFor(() => expect(shown()).toBe('Your annual review'));
  });

  it('a failed status change says why in the modal and keeps the journey on offer', async () => {
    routeFetch({ [STATUSES]: ok(eleanor), [PATCH]: fail(400, { user_message: 'The fact find is no longer awaiting your answers', api_message: 'factfind_status is 0' }) });
    show();
    await dialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: "I'd rather speak to my adviser" }));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: "I'd rather speak to my adviser" })).toBeEnabled());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The fact find is no longer awaiting your answers. Please try again. If the problem persists, contact your Financial Adviser.',
    );
    expect(shown()).toBe('Your fact find');
    expect(updatedStore.get()).toBeNull();
  });

  it('is never shown to an adviser, and asks nothing', async () => {
    const api = routeFetch({});
    show('/clients/home', adviserUser);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/clients/home'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls().filter((c) => c.key.includes('client-v4'))).toEqual([]);
  });

  it('treats a statuses call refused (invalid field name) as no data', async () => {
    routeFetch({ [STATUSES]: fail(400, { api_message: 'invalid field name: xpt_review_status' }) });
    show();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/clients/home'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
