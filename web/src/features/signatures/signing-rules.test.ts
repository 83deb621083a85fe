import { describe, expect, it } from 'vitest';
import {
  badgeOf,
  canSign,
  canVerify,
  initialSigning,
  INVALID_PHONE_TEXT,
  otpError,
  pendingList,
  signingReducer,
  validPhone,
  type SigningEvent,
  type SigningState,
} from './signing-rules';

const run = (events: SigningEvent[], from: SigningState = initialSigning) => events.reduce(signingReducer, from);

describe('statuses, the pending list and who can sign (spec 3 §3.2, §4.2)', () => {
  it('badges each status', () => {
    expect([3, 2, 1, 4, 0].map(badgeOf)).toEqual(['Pending', 'Declined', 'Signed', 'Awaiting signature', 'Awaiting signature']);
  });

  it('keeps items neither pending (3) nor signed (1) that have a due date', () => {
    const items = [
      { id: 1, status: 4, duedate: '2026-12-16' },
      { id: 2, status: 3, duedate: '2026-12-16' },
      { id: 3, status: 1, duedate: '2026-12-16' },
      { id: 4, status: 2, duedate: '2026-12-16' },
      { id: 5, status: 0, duedate: '2026-12-16' },
      { id: 6, status: 4, duedate: null },
    ];
    expect(pendingList(items).map((i) => i.id)).toEqual([1, 4, 5]);
  });

  it('lets a signatory sign an awaiting document, or a part-signed one they have not acted on', () => {
    const fresh = { can_sign: true, signing_method: null };
    expect(canSign(4, fresh)).toBe(true);
    expect(canSign(0, fresh)).toBe(true);
    expect(canSign(0, { can_sign: true, signing_method: 1 })).toBe(false);
    expect(canSign(0, { can_sign: false, signing_method: null })).toBe(false);
    expect(canSign(1, fresh)).toBe(false);
    expect(canSign(2, fresh)).toBe(false);
    expect(canSign(3, fresh)).toBe(false);
    expect(canSign(4, undefined)).toBe(false);
  });

  it("needs a '+' in the registered phone (spec 3 §5)", () => {
    expect(validPhone('+44 ••• ••• 417')).toBe(true);
    expect(validPhone('••• ••• 163')).toBe(false);
  });
});

describe('OTP errors (spec 3 §8)', () => {
  it('maps each api_message to its text and step', () => {
    expect(otpError('OTP does not match')).toEqual({
      text: 'The security code that you provided does not match the one that was sent. Please try again.',
      back: 'enterCode',
    });
    expect(otpError('Too many incorrect OTP attempts')).toEqual({ text: 'Too many invalid code attempts.', back: 'expired' });
    expect(otpError('OTP code has expired')).toEqual({ text: 'The security code that we sent has expired.', back: 'expired' });
    expect(otpError('Something else went wrong')).toEqual({ text: 'Something else went wrong', back: 'expired' });
  });
});

describe('the signing wizard (spec 3 §2.2, §4.2, §5)', () => {
  it('signs: select, accept terms (which requests a code), enter code, validate, done', () => {
    let s = run([{ type: 'chooseSign' }]);
    expect(s.step).toBe('acceptTerms');
    s = run([{ type: 'acceptTerms', accepted: true, phone: '+44 ••• ••• 417' }], s);
    expect(s).toMatchObject({ step: 'sendCode', request: 'Requesting', termsAccepted: true });
    s = run([{ type: 'codeSent', secureData: 'sd' }], s);
    expect(s).toMatchObject({ step: 'enterCode', secureData: 'sd', request: 'None' });
    expect(canVerify(s)).toBe(false);
    s = run([{ type: 'setCode', code: '12 34-56x7' }], s);
    expect(s.code).toBe('123456');
    expect(canVerify(s)).toBe(true);
    s = run([{ type: 'verify' }], s);
    expect(s).toMatchObject({ step: 'validate', request: 'Requesting' });
    s = run([{ type: 'verified', method: 1 }], s);
    expect(s).toMatchObject({ step: 'done', request: 'Success', hasSigned: true, hasDeclined: false });
  });

  it('unticking the terms requests nothing, and Verify stays off without the terms', () => {
    const s = run([{ type: 'chooseSign' }, { type: 'acceptTerms', accepted: false, phone: '+44' }]);
    expect(s).toMatchObject({ step: 'acceptTerms', termsAccepted: false, request: 'None' });
    const noTerms: SigningState = { ...initialSigning, step: 'enterCode', action: 'sign', code: '123456', termsAccepted: false };
    expect(canVerify(noTerms)).toBe(false);
    expect(signingReducer(noTerms, { type: 'verify' })).toBe(noTerms);
  });

  it("goes to invalid phone when the registered phone has no '+'", () => {
    expect(run([{ type: 'chooseSign' }, { type: 'acceptTerms', accepted: true, phone: '••• ••• 163' }]).step).toBe('invalidPhone');
    expect(run([{ type: 'chooseDecline' }, { type: 'requestCode', phone: '••• ••• 163' }]).step).toBe('invalidPhone');
    // The server's answer says the same.
    const sending = run([{ type: 'chooseSign' }, { type: 'acceptTerms', accepted: true, phone: '+44' }]);
    expect(run([{ type: 'codeFailed', apiMessage: 'Invalid phone number' }], sending).step).toBe('invalidPhone');
    expect(INVALID_PHONE_TEXT).toBe(
      'We are unable to sign the document as there seems to be a problem with your registered phone number. Please contact your adviser.',
    );
  });

  it('declines with a code too, without terms', () => {
    let s = run([{ type: 'chooseDecline' }]);
    expect(s).toMatchObject({ step: 'declining', action: 'decline' });
    s = run([{ type: 'requestCode', phone: '+44' }, { type: 'codeSent', secureData: 'sd' }, { type: 'setCode', code: '654321' }], s);
    expect(canVerify(s)).toBe(true);
    s = run([{ type: 'verify' }, { type: 'verified', method: 2 }], s);
    expect(s).toMatchObject({ step: 'done', hasDeclined: true, hasSigned: false });
  });

  it('returns to code entry on a mismatch, and to expired with a resend on the other errors', () => {
    const entering = run([{ type: 'chooseSign' }, { type: 'acceptTerms', accepted: true, phone: '+44' }, { type: 'codeSent', secureData: 'sd' }, { type: 'setCode', code: '111111' }]);
    const mismatch = run([{ type: 'verify' }, { type: 'verifyFailed', apiMessage: 'OTP does not match' }], entering);
    expect(mismatch).toMatchObject({ step: 'enterCode', request: 'Error', code: '', error: 'The security code that you provided does not match the one that was sent. Please try again.' });
    for (const [apiMessage, text] of [
      ['Too many incorrect OTP attempts', 'Too many invalid code attempts.'],
      ['OTP code has expired', 'The security code that we sent has expired.'],
      ['This document is not awaiting your signature', 'This document is not awaiting your signature'],
    ]) {
      const s = run([{ type: 'verify' }, { type: 'verifyFailed', apiMessage }], entering);
      expect(s).toMatchObject({ step: 'expired', error: text });
      // 'Send a new security code' restarts from the error: a new code is requested.
      expect(run([{ type: 'resend' }], s)).toMatchObject({ step: 'sendCode', request: 'Requesting', error: null, termsAccepted: true });
    }
    const failedSend = run([{ type: 'codeFailed', apiMessage: 'Too many codes have been requested. Please wait a few minutes and try again.' }], run([{ type: 'chooseSign' }, { type: 'acceptTerms', accepted: true, phone: '+44' }]));
    expect(failedSend).toMatchObject({ step: 'expired', error: 'Too many codes have been requested. Please wait a few minutes and try again.' });
  });

  it('ignores events that do not fit the step, and reset starts over', () => {
    expect(signingReducer(initialSigning, { type: 'verify' })).toBe(initialSigning);
    expect(signingReducer(initialSigning, { type: 'codeSent', secureData: 'x' })).toBe(initialSigning);
    expect(run([{ type: 'chooseSign' }, { type: 'reset' }])).toEqual(initialSigning);
  });
});
