import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { adviserUser, clientUser, renderPage } from '../../test/render-with-providers';
import { updatedStore } from '../notifications';
import { journeyActions, journeyStatus } from './journey-rules';
import { journeyRoutes } from './journey-routes';
import JourneyPage from './pages/journey-page';

afterEach(() => {
  vi.unstubAllGlobals();
  updatedStore.reset();
});

const STATUSES = 'GET /xplanapi/entity/client-v4/1001';
const PATCH = 'PATCH /xplanapi/entity/client-v4/1001';
const base = { id: 1001, partner_entity_id: null, xpt_review_status: 1, factfind_status: '0', robo_journey_type: '', robo_journey_status: '' };
const signedIn = { status: 'signed-in', user: clientUser } as const;

describe('journey rules (spec 3 §4.3)', () => {
  it('a fact find awaits on 1 or 2; a robo journey counts only for its own type', () => {
    expect(journeyStatus('factFind', { factFindStatus: '2', roboJourneyType: '', roboJourneyStatus: '' })).toBe('awaiting');
    expect(journeyStatus('factFind', { factFindStatus: '0', roboJourneyType: '', roboJourneyStatus: '' })).toBe('none');
    expect(journeyStatus('roboAdvice', { factFindStatus: '0', roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'in_progress' })).toBe('in_progress');
    expect(journeyStatus('automatedPersonalAdvice', { factFindStatus: '0', roboJourneyType: 'retirement_health_check', roboJourneyStatus: 'in_progress' })).toBe('none');
  });

  it('an in-progress journey continues; a declined one may start again but not decline again; a follow-up offers nothing', () => {
    expect(journeyActions('in_progress')).toEqual({ start: 'continue', speakToAdviser: true, decline: true });
    expect(journeyActions('enabled')).toEqual({ start: 'start', speakToAdviser: true, decline: true });
    expect(journeyActions('declined')).toEqual({ start: 'start', speakToAdviser: true, decline: false });
    expect(journeyActions('follow_up_requested')).toEqual({ start: null, speakToAdviser: false, decline: false });
    expect(journeyActions('awaiting')).toEqual({ start: 'start', speakToAdviser: true, decline: false });
  });
});

describe('the fact find page', () => {
  it("says what it is and where it stands; speak to adviser sets '0' with the email template and confirms", async () => {
    const api = routeFetch({ [STATUSES]: ok({ ...base, factfind_status: '1' }), [PATCH]: ok(base) });
    const open = vi.fn();
    renderPage(<JourneyPage type="factFind" openJourney={open} />, { session: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your fact find' })).toBeInTheDocument();
    expect(screen.getByText('Your fact find is waiting for you.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: "I'd rather speak to my adviser" }));
    expect(await screen.findByText(/We have let your adviser know/)).toBeInTheDocument();
    expect(api.bodyOf(PATCH)).toEqual({ factfind_status: '0', emailTemplateId: 41 });
    expect(updatedStore.get()).toBe(1001);
    expect(open).not.toHaveBeenCalled();
  });

  it("start opens the firm's fact find and changes no status", async () => {
    const api = routeFetch({ [STATUSES]: ok({ ...base, factfind_status: '2' }) });
    const open = vi.fn();
    renderPage(<JourneyPage type="factFind" openJourney={open} />, { session: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: 'Start your fact find' }));
    expect(open).toHaveBeenCalledWith('https://factfind.harbourandvale.co.uk/start');
    expect(api.calls().filter((c) => c.key === PATCH)).toEqual([]);
  });

  it('says why a status change failed, beside its buttons, and keeps them', async () => {
    routeFetch({ [STATUSES]: ok({ ...base, factfind_status: '1' }), [PATCH]: fail(500, { api_message: 'internal server error' }) });
    renderPage(<JourneyPage type="factFind" openJourney={vi.fn()} />, { session: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: "I'd rather speak to my adviser" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again. If the problem persists, contact your Financial Adviser.');
    await waitFor(() => expect(screen.getByRole('button', { name: "I'd rather speak to my adviser" })).toBeEnabled());
    expect(updatedStore.get()).toBeNull();
  });

  it('offers nothing when no fact find is outstanding', async () => {
    routeFetch({ [STATUSES]: ok(base) });
    renderPage(<JourneyPage type="factFind" />, { session: signedIn });
    expect(await screen.findByText('There is nothing for you to do here at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the robo journey pages', () => {
  const roboInProgress = { ...base, robo_journey_type: 'retirement_health_check', robo_journey_status: 'in_progress' };

  it("an in-progress journey shows Continue: starting sets 'none', then opens the firm's journey", async () => {
    const api = routeFetch({ [STATUSES]: ok(roboInProgress), [PATCH]: ok({ ...roboInProgress, robo_journey_status: 'none' }) });
    const open = vi.fn();
    renderPage(<JourneyPage type="roboAdvice" openJourney={open} />, { session: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Retirement health check' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://advice.harbourandvale.co.uk/retirement-health-check'));
    expect(api.bodyOf(PATCH)).toEqual({ robo_journey_status: 'none' });
  });

  it("no thanks declines ('declined'); speak to adviser asks for a follow-up", async () => {
    const api = routeFetch({ [STATUSES]: ok(roboInProgress), [PATCH]: ok(roboInProgress) });
    const first = renderPage(<JourneyPage type="roboAdvice" openJourney={vi.fn()} />, { session: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: 'No thanks' }));
    expect(await screen.findByText(/You can come back to this from your home page/)).toBeInTheDocument();
    expect(api.bodyOf(PATCH)).toEqual({ robo_journey_status: 'declined' });
    first.unmount();
    renderPage(<JourneyPage type="roboAdvice" openJourney={vi.fn()} />, { session: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: "I'd rather speak to my adviser" }));
    expect(await screen.findByText('Thank you. Your adviser will contact you to talk about your retirement plans.')).toBeInTheDocument();
    expect(api.bodyOf(PATCH, 1)).toEqual({ robo_journey_status: 'follow_up_requested' });
  });

  it('automated personal advice is the investment journey: a retirement health check is not it', async () => {
    routeFetch({ [STATUSES]: ok(roboInProgress) });
    renderPage(<JourneyPage type="automatedPersonalAdvice" />, { session: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Investment advice online' })).toBeInTheDocument();
    expect(screen.getByText('There is nothing for you to do here at the moment.')).toBeInTheDocument();
  });
});

describe('the journey routes (spec 3 §2.3: both readings)', () => {
  function Where() {
    return <p data-testid="where">{useLocation().pathname}</p>;
  }
  const app = (
    <>
      <Routes>
        {journeyRoutes()}
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>
  );

  it.each([
    ['/factfind/', 'Your fact find'],
    ['/core/factfind', 'Your fact find'],
    ['/apa/', 'Investment advice online'],
    ['/core/apa', 'Investment advice online'],
    ['/core/robo', 'Retirement health check'],
  ])('%s is the page %s', async (path, heading) => {
    routeFetch({ [STATUSES]: ok(base) });
    renderPage(app, { path, session: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('/core/review leads to the annual review of the client section', async () => {
    renderPage(app, { path: '/core/review', session: signedIn });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/clients/annual-review'));
  });

  it('asks an anonymous visitor to log in, and refuses an adviser', async () => {
    const first = renderPage(app, { path: '/core/factfind', session: { status: 'anonymous' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    first.unmount();
    renderPage(app, { path: '/core/factfind', session: { status: 'signed-in', user: adviserUser } });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });
});
