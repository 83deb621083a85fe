import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, routeFetch } from '../../test/fetch-routes';
import { biometricSimulation } from '../../test/simulated-biometric';
import {
  BIOMETRIC_STORAGE_KEY,
  BIOMETRIC_TEXTS,
  biometricLoginOffered,
  BiometricLoginError,
  deviceName,
  DEVICE_CREDENTIAL_KEY,
  enrolThisDevice,
  forgetThisDevice,
  loginWithBiometrics,
  thisDeviceId,
} from './biometric-login';

// The app's web bridge fails closed; these tests drive the flow with a simulated check.
vi.mock('@portal/mobile', async (original) => (await import('../../test/simulated-biometric')).simulatedMobile(original));

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  biometricSimulation.outcome = 'pass';
  await forgetThisDevice();
});

describe('biometric login', () => {
  it('is offered only in the app and only with the permission 1', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(biometricLoginOffered(true, storage('1'))).toBe(true);
    expect(biometricLoginOffered(true, storage('0'))).toBe(false);
    expect(biometricLoginOffered(false, storage('1'))).toBe(false);
    expect(biometricLoginOffered(true, null)).toBe(false);
    localStorage.setItem(BIOMETRIC_STORAGE_KEY, '1');
    expect(biometricLoginOffered(true)).toBe(true);
  });

  it('names the device from its user agent', () => {
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('iPhone');
    expect(deviceName('Mozilla/5.0 (Linux; Android 15; Pixel 9) Mobile Safari')).toBe('Android phone');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Mobile device');
  });

  it('enrols, then exchanges the credential after the check and keeps the next one', async () => {
    const api = routeFetch({
      'POST /api/biometric/devices': ok({ device_id: 'bd-1', credential: 'first' }),
      'POST /api/biometric/login': ok({ loginStatus: 'LoginSuccess', user: { id: 7, first_name: 'Eleanor' }, credential: 'second' }),
    });
    await enrolThisDevice('iPhone');
    expect(await thisDeviceId()).toBe('bd-1');
    const user = await loginWithBiometrics('Harbour & Vale Online');
    expect(user).toMatchObject({ first_name: 'Eleanor' });
    expect(api.bodyOf('POST /api/biometric/login')).toEqual({ device_id: 'bd-1', credential: 'first' });
    const again = routeFetch({ 'POST /api/biometric/login': ok({ loginStatus: 'LoginSuccess', user: { id: 7 }, credential: 'third' }) });
    await loginWithBiometrics('Harbour & Vale Online');
    expect(again.bodyOf('POST /api/biometric/login')).toEqual({ device_id: 'bd-1', credential: 'second' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('second');
    expect(DEVICE_CREDENTIAL_KEY).toBe('biometric-device');
  });

  it('falls back to the password form with a message when the check or the credential fails', async () => {
    routeFetch({ 'POST /api/biometric/devices': ok({ device_id: 'bd-1', credential: 'first' }) });
    await enrolThisDevice('iPhone');
    biometricSimulation.outcome = 'cancelled';
    await expect(loginWithBiometrics('P')).rejects.toEqual(new BiometricLoginError(BIOMETRIC_TEXTS.cancelled));
    biometricSimulation.outcome = 'failed';
    await expect(loginWithBiometrics('P')).rejects.toEqual(new BiometricLoginError(BIOMETRIC_TEXTS.failed));
    biometricSimulation.outcome = 'unavailable';
    await expect(loginWithBiometrics('P')).rejects.toEqual(new BiometricLoginError(BIOMETRIC_TEXTS.failed));
    biometricSimulation.outcome = 'pass';

    routeFetch({ 'POST /api/biometric/login': fail(401, { api_message: 'Biometric login refused', user_message: BIOMETRIC_TEXTS.notSetUp }) });
    await expect(loginWithBiometrics('P')).rejects.toEqual(new BiometricLoginError(BIOMETRIC_TEXTS.notSetUp));
    // The refused credential is forgotten: the next try says so without asking the server.
    expect(await thisDeviceId()).toBeNull();
    await expect(loginWithBiometrics('P')).rejects.toEqual(new BiometricLoginError(BIOMETRIC_TEXTS.notSetUp));
  });
});
