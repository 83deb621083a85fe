import type { SessionUser } from '../../shared/session/session-user';
import type { DeviceEnrolment } from './api/enrol-device';
import type { Credentials, LoginResponse, LoginStatus, SiteTermsText } from './api/login';

/**
 * The login flow of spec 1 §4 as pure functions: which view the login page shows after each
 * answer, and how the additional login steps are taken in order.
 */

export type AdditionalLoginStep = 'SiteTerms' | 'SetSecurityQuestions' | 'ForceChangePassword';

/** The order of spec 1 §4: site terms agreement, security questions set, forced password change. */
export const ADDITIONAL_STEP_ORDER: readonly AdditionalLoginStep[] = ['SiteTerms', 'SetSecurityQuestions', 'ForceChangePassword'];

export type FlowStatus = 'LoginForm' | LoginStatus | 'Unsupported';

export interface LoginFlow {
  status: FlowStatus;
  credentials: Credentials | null;
  /** Steps still to take; the first is the current one while status is a step. */
  steps: AdditionalLoginStep[];
  user: SessionUser | null;
  mfaMethod: string;
  tfaMethods: string[];
  /** MfaRequired right after enrolling a device: "one more verification". */
  deviceEnrolled: boolean;
  enrolment: DeviceEnrolment | null;
  siteTerms: SiteTermsText | null;
}

export const initialLoginFlow: LoginFlow = {
  status: 'LoginForm',
  credentials: null,
  steps: [],
  user: null,
  mfaMethod: 'sms',
  tfaMethods: [],
  deviceEnrolled: false,
  enrolment: null,
  siteTerms: null,
};

const isStep = (value: unknown): value is AdditionalLoginStep =>
  (ADDITIONAL_STEP_ORDER as readonly unknown[]).includes(value);

/** Known steps only, each once, in the order of spec 1 §4. */
export function orderSteps(steps: readonly unknown[] | undefined): AdditionalLoginStep[] {
  const wanted = new Set((steps ?? []).filter(isStep));
  return ADDITIONAL_STEP_ORDER.filter((step) => wanted.has(step));
}

/** The next state after an answer of auth/login or auth/tfa/validate. */
export function applyLoginAnswer(flow: LoginFlow, answer: LoginResponse, credentials?: Credentials): LoginFlow {
  const base: LoginFlow = {
    ...flow,
    credentials: credentials ?? flow.credentials,
    user: answer.user ?? flow.user,
    mfaMethod: answer.mfaMethod ?? answer.tfaMethods?.[0] ?? flow.mfaMethod,
    tfaMethods: answer.tfaMethods ?? flow.tfaMethods,
    siteTerms: answer.siteTerms ?? flow.siteTerms,
  };
  const status = answer.loginStatus;
  if (status === 'LoginSuccess' || isStep(status)) {
    const steps = orderSteps([...(answer.additionalLoginSteps ?? []), ...(isStep(status) ? [status] : [])]);
    if (!base.user) return { ...base, status: 'Unsupported' };
    return { ...base, steps, enrolment: null, deviceEnrolled: false, status: steps[0] ?? 'LoginSuccess' };
  }
  switch (status) {
    case 'MfaRequired':
      return { ...base, status: 'MfaRequired', deviceEnrolled: answer.deviceEnrolled === true, enrolment: null };
    case 'MfaEnrolmentLinkDevice':
      return { ...base, status: 'MfaEnrolmentLinkDevice', tfaMethods: answer.tfaMethods ?? [], enrolment: null };
    case 'MfaEnrolmentLinkDeviceInvalidOtp':
      return { ...base, status: 'MfaEnrolmentLinkDeviceInvalidOtp' };
    default:
      return { ...base, status: 'Unsupported' };
  }
}

/** A device was enrolled (auth/tfa/device): validate it with the code. */
export function applyEnrolment(flow: LoginFlow, enrolment: DeviceEnrolment): LoginFlow {
  return { ...flow, status: 'MfaEnrolmentValidateDevice', enrolment, mfaMethod: enrolment.method || flow.mfaMethod };
}

/** The current additional step succeeded: the next one, or LoginSuccess when none is left. */
export function completeStep(flow: LoginFlow): LoginFlow {
  const steps = flow.steps.slice(1);
  return { ...flow, steps, status: steps[0] ?? 'LoginSuccess' };
}

/** The step being taken, when the status is one. */
export function currentStep(flow: LoginFlow): AdditionalLoginStep | null {
  return isStep(flow.status) ? flow.status : null;
}

/** Whether the server holds a (restricted) session for this flow that leaving should end. */
export function hasPendingSession(flow: LoginFlow): boolean {
  return currentStep(flow) !== null;
}
