import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { validateTfa } from '../api/validate-tfa';
import type { LoginResponse } from '../api/login';
import { loginErrorMessage } from '../login-error-message';
import { CODE_REQUIRED, DEVICE_ENROLLED_TEXT } from '../texts';

export { CODE_REQUIRED };

const METHOD_TEXT: Record<string, string> = {
  sms: 'We have sent a security code by text message to your registered mobile phone.',
  email: 'We have sent a security code to your registered email address.',
  token: 'Enter the security code shown in your authenticator app.',
};

interface Props {
  username: string;
  password: string;
  method: string;
  /** Just after enrolling a device: say why another code is asked for (spec 1 §4). */
  deviceEnrolled?: boolean;
  onResult(result: LoginResponse): void;
  onReturn(): void;
}

/**
 * "Enter security code" (loginStatus MfaRequired): the code travels with the password. The field is
 * invalid when empty and Verify is disabled until a code is typed (spec 1 §5).
 */
export function MfaForm({ username, password, method, deviceEnrolled, onResult, onReturn }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const trimmed = code.replace(/\s+/g, '');
  const fieldError = touched && !trimmed ? CODE_REQUIRED : null;

  // This view replaces the login form in place: start keyboard and screen-reader users at its heading.
  useEffect(() => headingRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!trimmed) {
      setTouched(true);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await validateTfa({ username, password, method, code: trimmed });
      setBusy(false);
      onResult(result);
    } catch (failure) {
      setBusy(false);
      setCode('');
      setTouched(false);
      setError(loginErrorMessage(failure));
      inputRef.current?.focus();
    }
  };

  const errorId = `${ids}-code-error`;
  return (
    <>
      <h1 ref={headingRef} className="login__heading" tabIndex={-1}>
        Enter security code
      </h1>
      {deviceEnrolled && (
        <div className="notice notice--info" role="status">
          <p>{DEVICE_ENROLLED_TEXT}</p>
        </div>
      )}
      <p className="login__intro">{METHOD_TEXT[method] ?? METHOD_TEXT.sms}</p>
      {error && (
        <div className="notice notice--error" role="alert">
          <p>{error}</p>
        </div>
      )}
      <form noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${ids}-code`}>Security code</label>
          <input
            ref={inputRef}
            id={`${ids}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
          />
          <div aria-live="polite">
            {fieldError && (
              <p className="field__error" id={errorId}>
                {fieldError}
              </p>
            )}
          </div>
        </div>
        <button type="submit" className="button button--block" disabled={busy || !trimmed}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
      <p className="login__help">
        <button type="button" className="link-button" onClick={onReturn}>
          Return to login
        </button>
      </p>
    </>
  );
}
