/**
 * The rules of digital signing (spec 3 §3.2, §4.2, §5, §8): statuses and badges, the pending
 * list, who can sign, the phone rule, the OTP error texts, and the signing wizard's steps as a
 * state machine (signingReducer), so the folder component only renders a state and runs calls.
 */

/** Status numbers (spec 3 §3.2, the numeric map). */
export const SignatureStatus = { partSigned: 0, signed: 1, declined: 2, pending: 3, awaitingSignature: 4 } as const;

/** Signing methods (spec 3 §3.2). */
export const SigningMethod = { sign: 1, decline: 2 } as const;

export interface SignatureItem {
  id: number;
  filename: string;
  duedate: string | null;
  status: number;
  terms_and_conds: string;
}

export interface Signatory {
  id: number;
  entityid: number;
  entity_phone: string;
  can_sign: boolean;
  signing_method?: number | null;
}

/** The badge of a status: Pending, Declined, Signed, Awaiting signature (part signed still awaits). */
export function badgeOf(status: number): string {
  switch (status) {
    case SignatureStatus.pending:
      return 'Pending';
    case SignatureStatus.declined:
      return 'Declined';
    case SignatureStatus.signed:
      return 'Signed';
    default:
      return 'Awaiting signature';
  }
}

/** Spec 3 §4.2: the pending list keeps items whose status is neither 3 nor 1 and that have a due date. */
export function pendingList<T extends Pick<SignatureItem, 'status' | 'duedate'>>(items: readonly T[]): T[] {
  return items.filter((i) => i.status !== SignatureStatus.pending && i.status !== SignatureStatus.signed && !!i.duedate);
}

/**
 * Spec 3 §4.2: the user can sign when the status is awaiting signature, or part signed and the
 * user is a signatory who can sign; a signatory with no signing method counts as awaiting
 * signature (one who has acted cannot act again).
 */
export function canSign(status: number, signatory: Pick<Signatory, 'can_sign' | 'signing_method'> | undefined): boolean {
  if (!signatory || !signatory.can_sign || signatory.signing_method != null) return false;
  return status === SignatureStatus.awaitingSignature || status === SignatureStatus.partSigned;
}

/** Spec 3 §5: the registered phone number must contain '+'. */
export function validPhone(phone: string): boolean {
  return phone.includes('+');
}

/** Spec 3 §8 "Invalid phone". */
export const INVALID_PHONE_TEXT =
  'We are unable to sign the document as there seems to be a problem with your registered phone number. Please contact your adviser.';

export const OTP_MISMATCH_TEXT = 'The security code that you provided does not match the one that was sent. Please try again.';
export const OTP_TOO_MANY_TEXT = 'Too many invalid code attempts.';
export const OTP_EXPIRED_TEXT = 'The security code that we sent has expired.';
export const GENERIC_SIGN_ERROR = 'Please try again. If the problem persists, contact your Financial Adviser.';

/**
 * Spec 3 §8 "Signing code errors", from the server's api_message: a mismatch returns to code
 * entry; too many tries, an expired code and any other error lead to the expired step with a
 * resend link, showing the server's text for the others.
 */
export function otpError(apiMessage: string | undefined): { text: string; back: 'enterCode' | 'expired' } {
  switch (apiMessage) {
    case 'OTP does not match':
      return { text: OTP_MISMATCH_TEXT, back: 'enterCode' };
    case 'Too many incorrect OTP attempts':
      return { text: OTP_TOO_MANY_TEXT, back: 'expired' };
    case 'OTP code has expired':
      return { text: OTP_EXPIRED_TEXT, back: 'expired' };
    default:
      return { text: apiMessage || GENERIC_SIGN_ERROR, back: 'expired' };
  }
}

/** The wizard's steps (spec 3 §2.2) and the finished state. */
export type SigningStep =
  | 'selectAction'
  | 'acceptTerms'
  | 'invalidPhone'
  | 'sendCode'
  | 'enterCode'
  | 'validate'
  | 'declining'
  | 'expired'
  | 'done';

/** Spec 3 §3.2's request state. */
export type RequestState = 'None' | 'Requesting' | 'Success' | 'Error';

export interface SigningState {
  step: SigningStep;
  action: 'sign' | 'decline' | null;
  termsAccepted: boolean;
  code: string;
  secureData: string | null;
  request: RequestState;
  /** The text of the last error (signRequestError), shown on the step it led to. */
  error: string | null;
  hasSigned: boolean;
  hasDeclined: boolean;
}

export const initialSigning: SigningState = {
  step: 'selectAction',
  action: null,
  termsAccepted: false,
  code: '',
  secureData: null,
  request: 'None',
  error: null,
  hasSigned: false,
  hasDeclined: false,
};

export type SigningEvent =
  | { type: 'reset' }
  | { type: 'chooseSign' }
  | { type: 'chooseDecline' }
  | { type: 'acceptTerms'; accepted: boolean; phone: string }
  | { type: 'requestCode'; phone: string }
  | { type: 'codeSent'; secureData: string }
  | { type: 'codeFailed'; apiMessage: string | undefined }
  | { type: 'setCode'; code: string }
  | { type: 'verify' }
  | { type: 'verified'; method: number }
  | { type: 'verifyFailed'; apiMessage: string | undefined }
  | { type: 'resend' };

/** Spec 3 §5: Verify is disabled unless terms are accepted (when signing) and a code has been entered. */
export function canVerify(s: SigningState): boolean {
  return s.step === 'enterCode' && (s.action === 'decline' || s.termsAccepted) && s.code.trim() !== '';
}

/** The next state of the wizard for an event; events that do not fit the current step change nothing. */
export function signingReducer(s: SigningState, e: SigningEvent): SigningState {
  switch (e.type) {
    case 'reset':
      return initialSigning;
    case 'chooseSign':
      return s.step === 'selectAction' ? { ...s, step: 'acceptTerms', action: 'sign' } : s;
    case 'chooseDecline':
      return s.step === 'selectAction' ? { ...s, step: 'declining', action: 'decline' } : s;
    case 'acceptTerms':
      if (s.step !== 'acceptTerms') return s;
      if (!e.accepted) return { ...s, termsAccepted: false };
      // Ticking the terms requests a code (spec 3 §4.2), unless the phone cannot take one.
      return validPhone(e.phone)
        ? { ...s, termsAccepted: true, step: 'sendCode', request: 'Requesting', error: null }
        : { ...s, termsAccepted: true, step: 'invalidPhone' };
    case 'requestCode':
      if (s.step !== 'declining') return s;
      return validPhone(e.phone) ? { ...s, step: 'sendCode', request: 'Requesting', error: null } : { ...s, step: 'invalidPhone' };
    case 'codeSent':
      return s.step === 'sendCode' ? { ...s, step: 'enterCode', secureData: e.secureData, code: '', request: 'None' } : s;
    case 'codeFailed':
      if (s.step !== 'sendCode') return s;
      if (e.apiMessage === 'Invalid phone number') return { ...s, step: 'invalidPhone', request: 'Error' };
      return { ...s, step: 'expired', request: 'Error', error: otpError(e.apiMessage).text };
    case 'setCode':
      return s.step === 'enterCode' ? { ...s, code: e.code.replace(/\D/g, '').slice(0, 6) } : s;
    case 'verify':
      return canVerify(s) ? { ...s, step: 'validate', request: 'Requesting', error: null } : s;
    case 'verified':
      if (s.step !== 'validate') return s;
      return { ...s, step: 'done', request: 'Success', hasSigned: e.method === SigningMethod.sign, hasDeclined: e.method === SigningMethod.decline };
    case 'verifyFailed': {
      if (s.step !== 'validate') return s;
      const { text, back } = otpError(e.apiMessage);
      return { ...s, step: back, request: 'Error', error: text, code: '' };
    }
    case 'resend':
      return s.step === 'expired' || s.step === 'enterCode' ? { ...s, step: 'sendCode', request: 'Requesting', error: null, code: '' } : s;
  }
}
