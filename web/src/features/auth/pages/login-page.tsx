import { Suspense, useRef, useState, type ComponentProps, type CSSProperties } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { fetchSessionUser } from '../../../shared/api/session';
import { useSession } from '../../../shared/session/session-context';
import { homePathFor } from '../../../shared/session/home-path';
import type { SessionUser } from '../../../shared/session/session-user';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { endPendingSession } from '../api/end-pending-session';
import type { DeviceEnrolment } from '../api/enrol-device';
import type { Credentials, LoginResponse } from '../api/login';
import { biometricLoginOffered, loginWithBiometrics } from '../biometric-login';
import { LoginForm } from '../components/login-form';
import type { MfaForm as EagerMfaForm } from '../components/mfa-form';
import { getWindowSettings } from '../../../shared/config/window-settings';
import {
  applyEnrolment,
  applyLoginAnswer,
  completeStep,
  hasPendingSession,
  initialLoginFlow,
  type FlowStatus,
  type LoginFlow,
} from '../login-flow';
import { TERMS_DECLINED_TEXT } from '../texts';
import './login-page.css';
import { lazyChunk } from '../../../shared/lazy/lazy-chunk';

// The additional steps and device enrolment are not needed for the plain login form (budget).
const LoginSteps = lazyChunk(() => import('../components/login-steps'));
// Only a login with a second factor needs the code form: it loads after the password.
const MfaForm = lazyChunk<ComponentProps<typeof EagerMfaForm>>(() => import('../components/mfa-form').then((module) => ({ default: module.MfaForm })));

export const PASSWORD_CHANGED_TEXT = 'Your password has been changed. Please log in with your new password.';
export const USERNAME_SENT_TEXT = 'Your username has been sent to your email address.';
export const LOST_SESSION_TEXT = 'Your session has ended. Please log in again.';
const UNSUPPORTED_STEP_TEXT =
  'Your account needs an extra step to log in that is not available here yet. Please contact your adviser.';
const FINISH_FAILED_TEXT = 'We could not finish logging you in. Please try again.';

const flagSet = (params: URLSearchParams, name: string) => params.has(name) && params.get(name) !== 'false';

/** Query flags that show a banner above the form (spec 1 §2). */
export function loginBanners(params: URLSearchParams): { kind: 'success' | 'info'; text: string }[] {
  const banners: { kind: 'success' | 'info'; text: string }[] = [];
  if (params.get('error') === 'LostSession') banners.push({ kind: 'info', text: LOST_SESSION_TEXT });
  if (flagSet(params, 'passwordChanged')) banners.push({ kind: 'success', text: PASSWORD_CHANGED_TEXT });
  if (flagSet(params, 'usernameSent')) banners.push({ kind: 'success', text: USERNAME_SENT_TEXT });
  return banners;
}

const TITLES: Partial<Record<FlowStatus, string>> = {
  MfaRequired: 'Enter security code',
  ForceChangePassword: 'Change Password',
  SetSecurityQuestions: 'Set security questions',
  MfaEnrolmentLinkDevice: 'Additional verification',
  MfaEnrolmentValidateDevice: 'Validate your device',
  MfaEnrolmentLinkDeviceInvalidOtp: 'Incorrect code',
};

export default function LoginPage() {
  const { settings, content, branding } = useSiteConfig();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [flow, setFlow] = useState<LoginFlow>(initialLoginFlow);
  // Views answer after a request: read the flow as it is then, not as it was when they rendered.
  const flowRef = useRef(flow);
  const [stepMessage, setStepMessage] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const title =
    flow.status === 'SiteTerms' ? (flow.siteTerms ?? content.siteTerms).heading : (TITLES[flow.status] ?? 'Login');
  usePageTitle(title);

  const sections = { clientBase: settings.clientBaseSegment, adviserBase: settings.adviserBaseSegment };

  const update = (next: LoginFlow) => {
    flowRef.current = next;
    setFlow(next);
  };

  const finish = (user: SessionUser) => {
    session.signIn(user);
    navigate(homePathFor(user, sections), { replace: true });
  };

  const backToForm = (message: string | null) => {
    update(initialLoginFlow);
    setFinishing(false);
    setStepMessage(message);
  };

  const handleAnswer = (answer: LoginResponse, credentials?: Credentials) => {
    const next = applyLoginAnswer(flowRef.current, answer, credentials);
    if (next.status === 'LoginSuccess' && next.user) {
      finish(next.user);
      return;
    }
    if (next.status === 'Unsupported') {
      backToForm(UNSUPPORTED_STEP_TEXT);
      return;
    }
    setStepMessage(null);
    update(next);
  };

  const handleStepDone = (newPassword?: string) => {
    const current = flowRef.current;
    const next = completeStep(
      newPassword && current.credentials ? { ...current, credentials: { ...current.credentials, password: newPassword } } : current,
    );
    if (next.status !== 'LoginSuccess') {
      update(next);
      return;
    }
    // The last step unlocks the session on the server: confirm it and take the user from there.
    setFinishing(true);
    fetchSessionUser().then(
      (user) => (user ? finish(user) : backToForm(LOST_SESSION_TEXT)),
      () => backToForm(FINISH_FAILED_TEXT),
    );
  };

  const handleReturn = (message: string | null = null) => {
    if (hasPendingSession(flowRef.current)) void endPendingSession();
    backToForm(message);
  };

  const backgrounds = {
    '--login-bg-desktop': cssUrl(branding.loginBackgroundDesktop),
    '--login-bg-tablet-portrait': cssUrl(branding.loginBackgroundTabletPortrait ?? branding.loginBackgroundDesktop),
    '--login-bg-tablet-landscape': cssUrl(branding.loginBackgroundTabletLandscape ?? branding.loginBackgroundDesktop),
  } as CSSProperties;

  const banners = loginBanners(params);
  if (stepMessage) banners.unshift({ kind: 'info', text: stepMessage });

  const renderView = () => {
    if (finishing) return <InlineLoading label="Logging in" />;
    if (flow.status === 'LoginForm') {
      return (
        <LoginForm
          heading={content.loginHeading ?? `Log in to ${settings.productName}`}
          intro={content.loginIntro}
          banners={banners}
          onResult={handleAnswer}
          onBiometricLogin={
            biometricLoginOffered(getWindowSettings().mobileAppMode)
              ? async () => finish(await loginWithBiometrics(settings.productName))
              : undefined
          }
        />
      );
    }
    if (flow.status === 'MfaRequired' && flow.credentials) {
      return (
        <Suspense fallback={<InlineLoading />}>
          <MfaForm
            username={flow.credentials.username}
            password={flow.credentials.password}
            method={flow.mfaMethod}
            deviceEnrolled={flow.deviceEnrolled}
            onResult={(result) => handleAnswer(result)}
            onReturn={() => handleReturn()}
          />
        </Suspense>
      );
    }
    return (
      <Suspense fallback={<InlineLoading />}>
        <LoginSteps
          flow={flow}
          onAnswer={(answer) => handleAnswer(answer)}
          onEnrolled={(enrolment: DeviceEnrolment) => update(applyEnrolment(flowRef.current, enrolment))}
          onStepDone={handleStepDone}
          onReturn={() => handleReturn()}
          onDecline={() => handleReturn(TERMS_DECLINED_TEXT)}
        />
      </Suspense>
    );
  };

  return (
    <main id="main-content" className="login" style={backgrounds}>
      <div className="login__card">
        <img className="login__logo" src={branding.logo} alt={branding.logoAlt || settings.firmName} width="220" height="48" />
        {renderView()}
      </div>
    </main>
  );
}

function cssUrl(path: string | undefined): string {
  return path ? `url("${encodeURI(path)}")` : 'none';
}
