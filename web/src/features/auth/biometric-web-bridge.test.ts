import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { BIOMETRIC_TEXTS, BiometricLoginError, enrolThisDevice, forgetThisDevice, loginWithBiometrics } from './biometric-login';

// No mock of @portal/mobile here: the bridges the app really ships with in a browser.
afterEach(async () => {
  vi.unstubAllGlobals();
  delete (globalThis as { portalBiometricSimulation?: string }).portalBiometricSimulation;
  await forgetThisDevice();
});

describe('biometric login outside the native shell', () => {
  it('fails closed: an enrolled device never logs in, whatever the page sets, and its credential is not spent', async () => {
    routeFetch({ 'POST /api/biometric/devices': ok({ device_id: 'bd-1', credential: 'first' }) });
    await enrolThisDevice('iPhone');
    for (const outcome of [undefined, 'pass', 'passed']) {
      (globalThis as { portalBiometricSimulation?: string }).portalBiometricSimulation = outcome;
      const api = routeFetch({ 'POST /api/biometric/login': fail(500, { api_message: 'must not be called', user_message: 'must not be called' }) });
      await expect(loginWithBiometrics('P')).rejects.toEqual(new BiometricLoginError(BIOMETRIC_TEXTS.failed));
      expect(api.bodyOf('POST /api/biometric/login')).toBeUndefined();
    }
  });
});
