import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { clientUser } from '../../test/render-with-providers';
import { UnexpectedAnswerError } from '../http/parse-answer';
import { fetchSessionUser } from './session';

afterEach(() => vi.unstubAllGlobals());

describe('fetchSessionUser', () => {
  it('parses a good answer (a null list is an empty list)', async () => {
    routeFetch({ 'GET /xplanapi/session/user': ok({ ...clientUser, tfaMethods: null, entity_type: 1, login_profile_id: 2 }) });
    expect(await fetchSessionUser()).toEqual({ ...clientUser, tfaMethods: [], login_profile_id: 2 });
  });

  it('asks as a probe, and "not signed in" (200 {"authenticated":false}) is null', async () => {
    const routed = routeFetch({ 'GET /xplanapi/session/user': ok({ authenticated: false }) });
    expect(await fetchSessionUser()).toBeNull();
    const init = routed.fetch.mock.calls[0]![1] as RequestInit;
    expect(new Headers(init.headers).get('X-Session-Probe')).toBe('1');
  });

  it('is null on the spec\'s 401 without a session', async () => {
    routeFetch({ 'GET /xplanapi/session/user': fail(401, { api_message: 'This feature is not available without a valid session' }) });
    expect(await fetchSessionUser()).toBeNull();
  });

  it('refuses an answer of the wrong shape with UnexpectedAnswerError, naming the field, not its value', async () => {
    routeFetch({ 'GET /xplanapi/session/user': ok({ ...clientUser, entity_id: '1001', role_name: 'Root' }) });
    const error = await fetchSessionUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as UnexpectedAnswerError).paths).toEqual(['entity_id', 'role_name']);
    expect((error as Error).message).not.toContain('1001');
    routeFetch({ 'GET /xplanapi/session/user': ok('<html>proxy login</html>') });
    await expect(fetchSessionUser()).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});
