import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, routeFetch } from '../../../test/fetch-routes';
import { clientUser } from '../../../test/render-with-providers';
import { UnexpectedAnswerError } from '../../../shared/http/parse-answer';
import { enrolDevice } from './enrol-device';
import { checkResetCode } from './forgotten-password';
import { login } from './login';
import { changeTfaMethod } from './tfa-method';
import { validateTfaDevice } from './tfa-validate';
import { validateTfa } from './validate-tfa';

afterEach(() => vi.unstubAllGlobals());

const credentials = { username: 'someone', password: 'secret' };

describe('the login calls parse their answers', () => {
  it('login: a good answer passes (nulls dropped, the user completed), an unknown status is kept', async () => {
    routeFetch({
      'POST /xplanapi/auth/login': [
        ok({ loginStatus: 'LoginSuccess', user: { ...clientUser, tfaMethods: null } }),
        ok({ loginStatus: 'MfaRequired', mfaMethod: 'sms', tfaMethods: null }),
        ok({ loginStatus: 'SomethingNew' }),
      ],
    });
    expect(await login(credentials)).toEqual({ loginStatus: 'LoginSuccess', user: { ...clientUser, tfaMethods: [] } });
    expect(await login(credentials)).toEqual({ loginStatus: 'MfaRequired', mfaMethod: 'sms' });
    expect(await login(credentials)).toEqual({ loginStatus: 'SomethingNew' });
  });

  it('login: an answer of another shape is UnexpectedAnswerError naming the call, never a half user', async () => {
    routeFetch({
      'POST /xplanapi/auth/login': [ok({ loginStatus: 'LoginSuccess', user: { id: 'x' } }), ok({ status: 'ok' }), ok('<html>')],
    });
    for (let i = 0; i < 3; i++) {
      const failure = await login(credentials).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(UnexpectedAnswerError);
      expect((failure as UnexpectedAnswerError).call).toBe('POST auth/login');
    }
  });

  it('auth/tfa/validate answers like a login', async () => {
    routeFetch({
      'POST /xplanapi/auth/tfa/validate': [
        ok({ loginStatus: 'MfaRequired', deviceEnrolled: true, mfaMethod: 'sms', tfaMethods: ['sms'] }),
        ok({ loginStatus: 'LoginSuccess', additionalLoginSteps: 'SiteTerms' }),
      ],
    });
    const body = { ...credentials, method: 'sms', code: '123456' };
    expect(await validateTfa(body)).toEqual({ loginStatus: 'MfaRequired', deviceEnrolled: true, mfaMethod: 'sms', tfaMethods: ['sms'] });
    await expect(validateTfa(body)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('auth/tfa/device needs a device id; the method asked for stands in for a missing one', async () => {
    routeFetch({
      'POST /xplanapi/auth/tfa/device': [
        ok({ loginStatus: 'MfaEnrolmentValidateDevice', deviceId: 'd-1' }),
        ok({ loginStatus: 'MfaEnrolmentValidateDevice', method: 'token', otpauthUri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AA' }),
        ok({ loginStatus: 'MfaEnrolmentValidateDevice', method: 'sms' }),
      ],
    });
    expect(await enrolDevice(credentials, 'sms')).toEqual({ deviceId: 'd-1', method: 'sms' });
    await expect(enrolDevice(credentials, 'token')).rejects.toBeInstanceOf(UnexpectedAnswerError);
    await expect(enrolDevice(credentials, 'sms')).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('a change of method is a redirect or a device; anything else is refused', async () => {
    routeFetch({
      'PUT /api/tfa/method': [ok({ redirectUrl: 'https://example.test/mfa' }), ok({ deviceId: 'd-2' }), ok({ result: 'sent' })],
    });
    expect(await changeTfaMethod('email')).toEqual({ redirectUrl: 'https://example.test/mfa' });
    expect(await changeTfaMethod('email')).toEqual({ deviceId: 'd-2', mfaMethod: 'email' });
    await expect(changeTfaMethod('email')).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('/api/tfa/validate: device_linked is success, another result an incorrect code, no result a mismatch', async () => {
    routeFetch({ 'POST /api/tfa/validate': [ok({ result: 'device_linked' }), ok({ result: 'bad_otp' }), ok({ linked: true })] });
    const body = { mfaMethod: 'sms', mfaCode: '1', deviceId: 'd-1' };
    expect(await validateTfaDevice(body)).toBe(true);
    expect(await validateTfaDevice(body)).toBe(false);
    await expect(validateTfaDevice(body)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });

  it('forgotten_password: the questions (blanks dropped, none is empty); another shape is refused', async () => {
    routeFetch({
      'GET /xplanapi/forgotten_password': [ok({ questions: ['First pet?', ' '] }), ok({ questions: null }), ok({ questions: 'First pet?' })],
    });
    expect(await checkResetCode('someone', '123456')).toEqual(['First pet?']);
    expect(await checkResetCode('someone', '123456')).toEqual([]);
    await expect(checkResetCode('someone', '123456')).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});
