import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { fetchJourneyStatuses, setJourneyStatus, statusPatchBody } from './journey-statuses';

afterEach(() => vi.unstubAllGlobals());

describe('the journey statuses (spec 3 §3.3, §7.3)', () => {
  it('reads the record in the spec’s values', async () => {
    routeFetch({
      'GET /xplanapi/entity/client-v4/7': ok({ id: 7, partner_entity_id: 8, xpt_review_status: 2, factfind_status: '1', robo_journey_type: '', robo_journey_status: '' }),
    });
    await expect(fetchJourneyStatuses(7)).resolves.toEqual({
      id: 7,
      partnerEntityId: 8,
      reviewStatus: 2,
      factFindStatus: '1',
      roboJourneyType: '',
      roboJourneyStatus: '',
    });
  });

  it("treats the platform's 400 'invalid field name' as no data (spec 3 §8), and other failures as failures", async () => {
    routeFetch({ 'GET /xplanapi/entity/client-v4/7': fail(400, { api_message: 'invalid field name: xpt_review_status' }) });
    await expect(fetchJourneyStatuses(7)).resolves.toMatchObject({ id: 7, reviewStatus: null, factFindStatus: null, roboJourneyType: '' });
    vi.unstubAllGlobals();
    routeFetch({ 'GET /xplanapi/entity/client-v4/7': fail(500, { api_message: 'boom' }) });
    await expect(fetchJourneyStatuses(7)).rejects.toMatchObject({ status: 500 });
  });

  it('sends only the last present status, in the order review, fact find, robo (spec 3 §4.3)', () => {
    expect(statusPatchBody({ review: 3 })).toEqual({ xpt_review_status: 3 });
    expect(statusPatchBody({ review: 3, factFind: '0', emailTemplateId: 12 })).toEqual({ factfind_status: '0', emailTemplateId: 12 });
    expect(statusPatchBody({ review: 3, factFind: '0', robo: 'declined' })).toEqual({ robo_journey_status: 'declined' });
    expect(() => statusPatchBody({})).toThrow();
  });

  it('PATCHes the body and reads the answer', async () => {
    const routes = routeFetch({
      'PATCH /xplanapi/entity/client-v4/7': ok({ id: 7, partner_entity_id: null, xpt_review_status: 3, factfind_status: '1', robo_journey_type: '', robo_journey_status: '' }),
    });
    await expect(setJourneyStatus(7, { review: 3 })).resolves.toMatchObject({ reviewStatus: 3, partnerEntityId: null });
    expect(routes.bodyOf('PATCH /xplanapi/entity/client-v4/7')).toEqual({ xpt_review_status: 3 });
  });
});
