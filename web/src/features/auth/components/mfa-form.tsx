import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { validateTfa } from '../api/validate-tfa';
import type { LoginResponse } from '../api/login';
import { loginErrorMessage } from '../login-error-message';

export const CODE_REQUIRED = 'A security code is required';

const METHOD_TEXT: Record<string, string> = {
  sms: 'We have sent a security code by text message to your registered mobile phone.',
  email: 'We have sent a security code to your registered email address.',
  token: 'Enter the security code shown in your authenticator app.',
};

interface Props {
  username: string;
  password: string;
  method: string;
  onResult(result: LoginResponse): void;
  onReturn(): void;
}

/** "Enter security code" (loginStatus MfaRequired): the code travels with the password. */
export function MfaForm({ username, password, method, onResult, onReturn }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = code.replace(/\s+/g, '');
    if (!trimmed) {
      setFieldError(CODE_REQUIRED);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const result = await validateTfa({ username, password, method, code: trimmed });
      setBusy(false);
      onResult(result);
    } catch (failure) {
      setBusy(false);
      setCode('');
      setError(loginErrorMessage(failure));
      inputRef.current?.focus();
    }
  };

  const errorId = `${ids}-code-error`;
  return (
    <>
      <h1 className="login__heading">Enter security code</h1>
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
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
          />
          {fieldError && (
            <p className="field__error" id={errorId}>
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
      <p className="login__help">
        <Link to="/login" onClick={onReturn}>
          Return to login
        </Link>
      </p>
    </>
  );
}
