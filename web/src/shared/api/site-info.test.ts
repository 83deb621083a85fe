import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { fetchPlatformVersion } from './site-info';

afterEach(() => vi.unstubAllGlobals());

describe('fetchPlatformVersion', () => {
  it('reads the version of a good answer', async () => {
    routeFetch({ 'GET /xplanapi/site': ok({ version: '22.8.240', site_locales: ['en-gb'], more: 1 }) });
    expect(await fetchPlatformVersion()).toBe('22.8.240');
  });

  it('is null (no minimum) for an answer of the wrong shape or a failure, never a crash', async () => {
    routeFetch({ 'GET /xplanapi/site': ok({ version: 22.8 }) });
    expect(await fetchPlatformVersion()).toBeNull();
    routeFetch({ 'GET /xplanapi/site': fail(403, { api_message: 'Permission Error' }) });
    expect(await fetchPlatformVersion()).toBeNull();
  });
});
