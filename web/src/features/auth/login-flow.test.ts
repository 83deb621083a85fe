import { describe, expect, it } from 'vitest';
import { clientUser } from '../../test/render-with-providers';
import {
  applyEnrolment,
  applyLoginAnswer,
  completeStep,
  currentStep,
  hasPendingSession,
  initialLoginFlow,
  orderSteps,
} from './login-flow';

const credentials = { username: 'demo.client', password: 'pw' };

describe('login flow', () => {
  it('orders the additional steps as spec 1 §4 does and drops unknown ones', () => {
    expect(orderSteps(['ForceChangePassword', 'Nonsense', 'SiteTerms', 'SiteTerms', 'SetSecurityQuestions'])).toEqual([
      'SiteTerms',
      'SetSecurityQuestions',
      'ForceChangePassword',
    ]);
    expect(orderSteps(undefined)).toEqual([]);
  });

  it('goes straight to LoginSuccess without steps', () => {
    const flow = applyLoginAnswer(initialLoginFlow, { loginStatus: 'LoginSuccess', user: clientUser }, credentials);
    expect(flow.status).toBe('LoginSuccess');
    expect(flow.user).toBe(clientUser);
  });

  it('takes the additional steps in order, then LoginSuccess', () => {
    let flow = applyLoginAnswer(
      initialLoginFlow,
      {
        loginStatus: 'SiteTerms',
        additionalLoginSteps: ['SiteTerms', 'SetSecurityQuestions', 'ForceChangePassword'],
        user: clientUser,
        siteTerms: { heading: 'Terms', disclaimer: '<p>x</p>' },
      },
      credentials,
    );
    expect(flow.status).toBe('SiteTerms');
    expect(flow.siteTerms?.heading).toBe('Terms');
    expect(hasPendingSession(flow)).toBe(true);
    flow = completeStep(flow);
    expect(currentStep(flow)).toBe('SetSecurityQuestions');
    flow = completeStep(flow);
    expect(flow.status).toBe('ForceChangePassword');
    flow = completeStep(flow);
    expect(flow.status).toBe('LoginSuccess');
    expect(hasPendingSession(flow)).toBe(false);
  });

  it('starts with the first listed step even when loginStatus says LoginSuccess', () => {
    const flow = applyLoginAnswer(initialLoginFlow, { loginStatus: 'LoginSuccess', additionalLoginSteps: ['ForceChangePassword'], user: clientUser });
    expect(flow.status).toBe('ForceChangePassword');
  });

  it('treats a step without a user as unsupported', () => {
    expect(applyLoginAnswer(initialLoginFlow, { loginStatus: 'SiteTerms' }).status).toBe('Unsupported');
    expect(applyLoginAnswer(initialLoginFlow, { loginStatus: 'SomethingNew' }).status).toBe('Unsupported');
  });

  it('follows enrolment: link device, validate, invalid code, MfaRequired with the enrolled notice', () => {
    let flow = applyLoginAnswer(initialLoginFlow, { loginStatus: 'MfaEnrolmentLinkDevice', tfaMethods: ['sms', 'token'] }, credentials);
    expect(flow.status).toBe('MfaEnrolmentLinkDevice');
    expect(flow.tfaMethods).toEqual(['sms', 'token']);
    flow = applyEnrolment(flow, { deviceId: 'd1', method: 'token', otpauthUri: 'otpauth://totp/x?secret=ABC', qrCode: 'data:image/png;base64,AA' });
    expect(flow.status).toBe('MfaEnrolmentValidateDevice');
    expect(flow.mfaMethod).toBe('token');
    expect(applyLoginAnswer(flow, { loginStatus: 'MfaEnrolmentLinkDeviceInvalidOtp' }).status).toBe('MfaEnrolmentLinkDeviceInvalidOtp');
    flow = applyLoginAnswer(flow, { loginStatus: 'MfaRequired', deviceEnrolled: true, mfaMethod: 'token' });
    expect(flow).toMatchObject({ status: 'MfaRequired', deviceEnrolled: true, enrolment: null, credentials });
    flow = applyLoginAnswer(flow, { loginStatus: 'LoginSuccess', user: clientUser });
    expect(flow).toMatchObject({ status: 'LoginSuccess', deviceEnrolled: false });
  });
});
