import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, routeFetch } from '../../../test/fetch-routes';
import { UnexpectedAnswerError } from '../../../shared/http/parse-answer';
import { fetchTfaDetails } from './tfa-details';

afterEach(() => vi.unstubAllGlobals());

describe('fetchTfaDetails', () => {
  it('parses a good answer; no method yet is null and no list an empty list', async () => {
    routeFetch({ 'GET /api/tfa/details': ok({ mfaMethod: 'sms', tfaMethods: ['sms', 'token'] }) });
    expect(await fetchTfaDetails()).toEqual({ mfaMethod: 'sms', tfaMethods: ['sms', 'token'] });
    routeFetch({ 'GET /api/tfa/details': ok({ mfaMethod: null, tfaMethods: null }) });
    expect(await fetchTfaDetails()).toEqual({ mfaMethod: null, tfaMethods: [] });
  });

  it('refuses an answer of the wrong shape (the page then shows its load error)', async () => {
    routeFetch({ 'GET /api/tfa/details': ok({ mfaMethod: 3, tfaMethods: 'sms' }) });
    await expect(fetchTfaDetails()).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});
