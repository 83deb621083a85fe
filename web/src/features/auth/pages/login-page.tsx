import { useState, type CSSProperties } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useSession } from '../../../shared/session/session-context';
import { homePathFor } from '../../../shared/session/home-path';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import type { LoginResponse } from '../api/login';
import { LoginForm } from '../components/login-form';
import { MfaForm } from '../components/mfa-form';
import './login-page.css';

export const PASSWORD_CHANGED_TEXT = 'Your password has been changed. Please log in with your new password.';
export const USERNAME_SENT_TEXT = 'Your username has been sent to your email address.';
export const LOST_SESSION_TEXT = 'Your session has ended. Please log in again.';
const UNSUPPORTED_STEP_TEXT =
  'Your account needs an extra step to log in that is not available here yet. Please contact your adviser.';

type View = { kind: 'form' } | { kind: 'mfa'; username: string; password: string; method: string };

const flagSet = (params: URLSearchParams, name: string) => params.has(name) && params.get(name) !== 'false';

/** Query flags that show a banner above the form (spec 1 §2). */
export function loginBanners(params: URLSearchParams): { kind: 'success' | 'info'; text: string }[] {
  const banners: { kind: 'success' | 'info'; text: string }[] = [];
  if (params.get('error') === 'LostSession') banners.push({ kind: 'info', text: LOST_SESSION_TEXT });
  if (flagSet(params, 'passwordChanged')) banners.push({ kind: 'success', text: PASSWORD_CHANGED_TEXT });
  if (flagSet(params, 'usernameSent')) banners.push({ kind: 'success', text: USERNAME_SENT_TEXT });
  return banners;
}

export default function LoginPage() {
  const { settings, content, branding } = useSiteConfig();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>({ kind: 'form' });
  const [stepMessage, setStepMessage] = useState<string | null>(null);
  usePageTitle(view.kind === 'mfa' ? 'Enter security code' : 'Login');

  const sections = { clientBase: settings.clientBaseSegment, adviserBase: settings.adviserBaseSegment };

  const handleResult = (result: LoginResponse, credentials?: { username: string; password: string }) => {
    if (result.loginStatus === 'LoginSuccess' && result.user) {
      session.signIn(result.user);
      navigate(homePathFor(result.user, sections), { replace: true });
      return;
    }
    if (result.loginStatus === 'MfaRequired' && credentials) {
      setView({ kind: 'mfa', ...credentials, method: result.mfaMethod ?? result.tfaMethods?.[0] ?? 'sms' });
      return;
    }
    // ForceChangePassword, SiteTerms, SetSecurityQuestions and enrolment arrive in later issues.
    setView({ kind: 'form' });
    setStepMessage(UNSUPPORTED_STEP_TEXT);
  };

  const backgrounds = {
    '--login-bg-desktop': cssUrl(branding.loginBackgroundDesktop),
    '--login-bg-tablet-portrait': cssUrl(branding.loginBackgroundTabletPortrait ?? branding.loginBackgroundDesktop),
    '--login-bg-tablet-landscape': cssUrl(branding.loginBackgroundTabletLandscape ?? branding.loginBackgroundDesktop),
  } as CSSProperties;

  const banners = loginBanners(params);
  if (stepMessage) banners.unshift({ kind: 'info', text: stepMessage });

  return (
    <main id="main-content" className="login" style={backgrounds}>
      <div className="login__card">
        <img className="login__logo" src={branding.logo} alt={branding.logoAlt || settings.firmName} width="220" height="48" />
        {view.kind === 'form' ? (
          <LoginForm
            heading={content.loginHeading ?? `Log in to ${settings.productName}`}
            intro={content.loginIntro}
            banners={banners}
            onResult={handleResult}
          />
        ) : (
          <MfaForm
            username={view.username}
            password={view.password}
            method={view.method}
            onResult={(result) => handleResult(result)}
            onReturn={() => setView({ kind: 'form' })}
          />
        )}
      </div>
    </main>
  );
}

function cssUrl(path: string | undefined): string {
  return path ? `url("${encodeURI(path)}")` : 'none';
}
