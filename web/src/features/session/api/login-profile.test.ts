import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../../test/fetch-routes';
import { fetchSessionTimeoutMinutes } from './login-profile';

afterEach(() => vi.unstubAllGlobals());

const path = 'GET /xplanapi/sysadmin/loginsetting/login_profile/2';

describe('fetchSessionTimeoutMinutes', () => {
  it('reads minutes given as a number or a numeric string', async () => {
    routeFetch({ [path]: ok({ id: 2, inactive_session_timeout_client: 12 }) });
    expect(await fetchSessionTimeoutMinutes(2)).toBe(12);
    routeFetch({ [path]: ok({ id: 2, inactive_session_timeout_client: '5' }) });
    expect(await fetchSessionTimeoutMinutes(2)).toBe(5);
  });

  it('falls back to the configured times (null) for no timeout, a wrong shape or a failure', async () => {
    routeFetch({ [path]: ok({ id: 2, inactive_session_timeout_client: null }) });
    expect(await fetchSessionTimeoutMinutes(2)).toBeNull();
    routeFetch({ [path]: ok({ id: 2, inactive_session_timeout_client: { minutes: 5 } }) });
    expect(await fetchSessionTimeoutMinutes(2)).toBeNull();
    routeFetch({ [path]: fail(404, { api_message: 'Resource Not Found' }) });
    expect(await fetchSessionTimeoutMinutes(2)).toBeNull();
  });
});
