import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { login, type LoginResponse } from '../api/login';
import { BIOMETRIC_TEXTS, BiometricLoginError } from '../biometric-login';
import { loginErrorMessage } from '../login-error-message';
import { prepareUsername, type LoginTab } from '../username';
import { LOGIN_PANEL_ID, LoginTabs, tabId } from './login-tabs';

export const USERNAME_REQUIRED = 'Please enter a username';
export const PASSWORD_REQUIRED = 'Please enter a password';

interface Props {
  heading: string;
  intro?: string;
  banners: { kind: 'success' | 'info'; text: string }[];
  onResult(result: LoginResponse, credentials: { username: string; password: string }): void;
  /** Offered only in the app with the biometric permission 1 (spec 1 §2); throws a message to show. */
  onBiometricLogin?: () => Promise<void>;
}

export function LoginForm({ heading, intro, banners, onResult, onBiometricLogin }: Props) {
  const [tab, setTab] = useState<LoginTab>('client');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  const biometricLogin = async () => {
    if (busy || !onBiometricLogin) return;
    setBusy(true);
    setError(null);
    try {
      await onBiometricLogin();
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof BiometricLoginError ? failure.message : loginErrorMessage(failure));
    }
  };

  const selectTab = (next: LoginTab) => {
    setTab(next);
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const prepared = prepareUsername(username, tab);
    const errors = {
      username: prepared ? undefined : USERNAME_REQUIRED,
      password: password ? undefined : PASSWORD_REQUIRED,
    };
    setFieldErrors(errors);
    if (errors.username || errors.password) {
      (errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await login({ username: prepared, password });
      setBusy(false);
      onResult(result, { username: prepared, password });
    } catch (failure) {
      setBusy(false);
      setError(loginErrorMessage(failure));
    }
  };

  const usernameErrorId = `${ids}-username-error`;
  const passwordErrorId = `${ids}-password-error`;

  return (
    <>
      <h1 className="login__heading">{heading}</h1>
      {intro && <p className="login__intro">{intro}</p>}
      {banners.map((banner) => (
        <div key={banner.text} className={`notice notice--${banner.kind}`} role="status">
          <p>{banner.text}</p>
        </div>
      ))}
      <LoginTabs selected={tab} onSelect={selectTab} />
      <div role="tabpanel" id={LOGIN_PANEL_ID} aria-labelledby={tabId(tab)} className="login__panel">
        {error && (
          <div className="notice notice--error" role="alert">
            <p>{error}</p>
          </div>
        )}
        <form noValidate onSubmit={submit} aria-describedby={undefined}>
          <div className="field">
            <label htmlFor={`${ids}-username`}>Username</label>
            <input
              ref={usernameRef}
              id={`${ids}-username`}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={fieldErrors.username ? true : undefined}
              aria-describedby={fieldErrors.username ? usernameErrorId : undefined}
            />
            {fieldErrors.username && (
              <p className="field__error" id={usernameErrorId}>
                {fieldErrors.username}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-password`}>Password</label>
            <input
              ref={passwordRef}
              id={`${ids}-password`}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? passwordErrorId : undefined}
            />
            {fieldErrors.password && (
              <p className="field__error" id={passwordErrorId}>
                {fieldErrors.password}
              </p>
            )}
          </div>
          <div className="checkbox">
            <input
              id={`${ids}-show-password`}
              type="checkbox"
              checked={showPassword}
              onChange={(e) => setShowPassword(e.target.checked)}
            />
            <label htmlFor={`${ids}-show-password`}>Show password</label>
          </div>
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? 'Logging in...' : 'Login'}
          </button>
          {onBiometricLogin && tab === 'client' && (
            <button type="button" className="button button--secondary button--block" disabled={busy} onClick={() => void biometricLogin()}>
              {BIOMETRIC_TEXTS.button}
            </button>
          )}
        </form>
        {tab === 'client' && (
          <p className="login__help">
            <Link to="/help-with-logging-in">Help with logging in</Link>
          </p>
        )}
      </div>
    </>
  );
}
