import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, routeFetch } from '../../../test/fetch-routes';
import { clientUser, renderPage, seedClientData } from '../../../test/render-with-providers';
import { reviewInProgressStore } from '../../../shared/session/review-in-progress';
import { reviewStorageKey } from '../review-storage';
import { REVIEW_TEXTS } from '../review-texts';
import AnnualReviewPage from './annual-review-page';

const pages = [
  { type: 'introduction', order: 0, heading: 'Your annual review', introductionText: '<p>Intro</p><script>x()</script>', clientAccess: true },
  { type: 'question', order: 1, heading: 'Your goals', clientQuestion: 'Have your goals changed?', partnerQuestion: "Have James's goals changed?", hint: 'For example retiring early.', showAdditionalInformation: true, clientAccess: true },
  { type: 'risk', order: 2, heading: 'Risk', clientQuestion: 'Has your attitude changed?', partnerQuestion: "Has James's?", alternateClientQuestion: 'Assess you?', alternatePartnerQuestion: 'Assess James?', clientAccess: true },
  { type: 'contactDetailsQuestion', order: 3, heading: 'Contact details', clientQuestion: 'Update contact details?', partnerQuestion: "Update James's?", clientAccess: true,
    fields: [{ fieldName: 'preferred_phone', description: 'Phone number', enabled: true }, { fieldName: 'address', description: 'Home address', enabled: true }, { fieldName: 'preferred_email', description: 'Email', enabled: true }] },
  { type: 'submission', order: 4, heading: 'Submit your review', changesText: 'You told us of changes.', noChangesText: 'Nothing changed.', clientAccess: true },
  { type: 'completion', order: 5, heading: 'Thank you', successText: 'All done.', displayAdviserDetail: true, adviserDetailsHeader: 'Your adviser', clientAccess: true },
];
const playback = {
  clientId: 1001, partnerId: 1002, partnerName: 'James Whitfield',
  values: [
    { fieldName: 'preferred_phone', clientValue: '+44 7700 900417', partnerValue: '' },
    { fieldName: 'address', clientValue: '14 Royal York Crescent\nClifton, Bristol\nBS8 4JY', partnerValue: '14 Royal York Crescent' },
    { fieldName: 'preferred_email', clientValue: '', partnerValue: 'james@example.co.uk' },
  ],
};
const statuses = (id: number, status: number) => ok({ id, partner_entity_id: id === 1001 ? 1002 : 1001, xpt_review_status: status });

function show(routes: Record<string, ReturnType<typeof ok> | ReturnType<typeof ok>[]> = {}, viewPartner = true) {
  const api = routeFetch({
    'GET /xplanapi/entity/client-v4/1001': statuses(1001, 2),
    'GET /xplanapi/entity/client-v4/1002': statuses(1002, 2),
    'GET /xplanapi/entity/client-v3/1001/capability': ok({ view_partner: viewPartner }),
    'GET /xplanapi/review/page': ok(pages),
    'GET /xplanapi/entity/client-v4/1001/review/playback': ok(playback),
    'GET /xplanapi/entity/client/1001/risk_profile/value/client': ok({ index: 5, name: 'Balanced', description: '<p>Some <strong>ups</strong></p><img src=x onerror="alert(1)">', isEmpty: false }),
    'GET /xplanapi/entity/client/1002/risk_profile/value/client': ok({ index: null, name: '', description: '', isEmpty: true }),
    'GET /xplanapi/session/user/adviser': ok({ id: 7, adviser_name: 'Oliver Bennett', workEmail: 'oliver@example.co.uk', workPhone: [{ value: '0117 496 0123' }] }),
    ...routes,
  });
  seedClientData(clientUser);
  renderPage(<AnnualReviewPage />, { path: '/clients/annual-review', session: { status: 'signed-in', user: clientUser } });
  return api;
}

const choose = (group: string, answer: 'Yes' | 'No') => fireEvent.click(within(screen.getByRole('group', { name: new RegExp(group) })).getByLabelText(answer));

afterEach(() => {
  sessionStorage.clear();
  reviewInProgressStore.reset();
});

describe('the annual review page (spec 3 §2.3, §4.4, §5)', () => {
  it('requires the partner choice on Start, with focus back on the heading', async () => {
    show();
    const start = await screen.findByRole('button', { name: REVIEW_TEXTS.start });
    expect(document.querySelector('script')).toBeNull();
    fireEvent.click(start);
    expect(await screen.findByText('This question requires an answer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your annual review' })).toHaveFocus();
    choose(REVIEW_TEXTS.partnerSwitch, 'Yes');
    fireEvent.click(start);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your goals' })).toHaveFocus();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(reviewInProgressStore.get()).toBe(true);
  });

  it('hides the partner switch without view_partner and starts with No', async () => {
    show({}, false);
    fireEvent.click(await screen.findByRole('button', { name: REVIEW_TEXTS.start }));
    expect(await screen.findByRole('heading', { name: 'Your goals' })).toBeInTheDocument();
    expect(screen.queryByText(/James's goals/)).toBeNull();
  });

  it('asks each question for both, shows the textarea on Yes, the risk rating and the playback, and submits', async () => {
    const api = show({
      'POST /xplanapi/entity/client-v4/1001/review': ok({ id: 1001, submission: { id: 1, submittedAt: '2026-11-25T10:00:00Z', client: { id: 1001, name: 'Eleanor Whitfield', status: 4, responses: [] }, partner: null } }),
    });
    const start = await screen.findByRole('button', { name: REVIEW_TEXTS.start });
    choose(REVIEW_TEXTS.partnerSwitch, 'Yes');
    fireEvent.click(start);
    await screen.findByRole('heading', { name: 'Your goals' });
    expect(screen.getByText('For example retiring early.')).toBeInTheDocument();
    choose('Have your goals changed', 'Yes');
    fireEvent.change(screen.getByLabelText(REVIEW_TEXTS.additionalInformation), { target: { value: 'Retiring in 2028' } });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0'); // the partner has not answered
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.next }));
    expect(await screen.findByText('This question requires an answer')).toBeInTheDocument();
    choose("Have James's goals changed", 'No');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33'); // 1/3*100
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.next }));
    // Risk: Eleanor's rating and description (sanitised), James's alternate question.
    expect(await screen.findByText('Risk rating: 5 (Balanced)')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    choose('Has your attitude changed', 'No');
    choose('Assess James', 'No');
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.next }));
    // Playback: 'You' and 'Your Partner', 'None supplied', lines split, the phone tap-to-call.
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'You' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Your Partner' })).toBeInTheDocument();
    expect(within(table).getAllByText('None supplied')).toHaveLength(2);
    expect(within(table).getByText('Clifton, Bristol')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '+44 7700 900417' })).toHaveAttribute('href', 'tel:+447700900417');
    choose('Update contact details', 'No');
    choose("Update James's", 'No');
    // A reload keeps the answers: they are in sessionStorage.
    expect(JSON.parse(sessionStorage.getItem(reviewStorageKey(1001)) ?? '{}').answers['1'].client.additionalText).toBe('Retiring in 2028');
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.next }));
    expect(await screen.findByText('You told us of changes.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.submit }));
    expect(await screen.findByText('All done.')).toBeInTheDocument();
    const body = api.bodyOf('POST /xplanapi/entity/client-v4/1001/review') as Record<string, unknown>;
    expect(body).toMatchObject({ id: 1001, partnerId: 1002, status: 4, partnerStatus: 5 });
    expect((body.responses as { additionalText: string }[])[0]!.additionalText).toBe('Retiring in 2028');
    expect(sessionStorage.getItem(reviewStorageKey(1001))).toBeNull();
    expect(reviewInProgressStore.get()).toBe(false);
    expect(await screen.findByText('Oliver Bennett')).toBeInTheDocument();
  }, 30_000); // a long walk through every page type on a shared, busy machine

  it('shows the failure texts when the submission is refused, keeping the answers', async () => {
    show({ 'POST /xplanapi/entity/client-v4/1001/review': fail(409, { api_message: 'Review already submitted', user_message: 'Already.' }) }, false);
    fireEvent.click(await screen.findByRole('button', { name: REVIEW_TEXTS.start }));
    for (const q of ['Have your goals changed', 'Has your attitude changed', 'Update contact details']) {
      choose(q, 'No');
      fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.next }));
      await waitFor(() => expect(screen.queryByText('This question requires an answer')).toBeNull());
    }
    expect(await screen.findByText('Nothing changed.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.submit }));
    expect(await screen.findByText(REVIEW_TEXTS.submitFailed)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_TEXTS.contactAdviser)).toBeInTheDocument();
    expect(sessionStorage.getItem(reviewStorageKey(1001))).not.toBeNull();
  });

  it("I'd rather speak to my adviser: sets FollowUpRequired and confirms", async () => {
    const api = show({ 'PATCH /xplanapi/entity/client-v4/1001': statuses(1001, 3) });
    fireEvent.click(await screen.findByRole('button', { name: REVIEW_TEXTS.speakToAdviser }));
    expect(await screen.findByText(REVIEW_TEXTS.spokeToAdviser)).toBeInTheDocument();
    expect(api.bodyOf('PATCH /xplanapi/entity/client-v4/1001')).toEqual({ xpt_review_status: 3 });
    expect(screen.getByRole('button', { name: REVIEW_TEXTS.finish })).toBeInTheDocument();
  });
});
