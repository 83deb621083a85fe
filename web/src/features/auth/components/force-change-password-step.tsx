import { useId, useRef, useState, type FormEvent } from 'react';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { Notice } from '../../../shared/ui/field';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';
import { forceChangePassword } from '../api/force-change-password';
import type { Credentials } from '../api/login';
import { loginErrorMessage } from '../login-error-message';
import { NEW_PASSWORD_LABEL, PASSWORD_REQUIRED } from '../texts';
import { PasswordField, ShowPasswordCheckbox } from './password-field';
import { ReturnToLogin, StepHeading } from './step-heading';

export const FORCED_CHANGE_GUIDANCE =
  'Your password needs to be changed before you can continue. Choose a new password that you have not used before.';

interface Props {
  credentials: Credentials;
  userInputs: string[];
  onDone(newPassword: string): void;
  onReturn(): void;
}

/** ForceChangePassword: a new password, show-password, strength meter, guidance, Confirm password. */
export function ForceChangePasswordStep({ credentials, userInputs, onDone, onReturn }: Props) {
  const { settings, content } = useSiteConfig();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const fieldError = touched && !password ? PASSWORD_REQUIRED : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setTouched(true);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await forceChangePassword(credentials, password);
      onDone(password);
    } catch (failure) {
      setBusy(false);
      setError(loginErrorMessage(failure));
    }
  };

  return (
    <>
      <StepHeading>Change Password</StepHeading>
      {content.passwordGuidance ? (
        <SanitizedHtml className="guidance" html={content.passwordGuidance} />
      ) : (
        <p className="login__intro">{FORCED_CHANGE_GUIDANCE}</p>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <form noValidate onSubmit={submit}>
        <PasswordField
          id={`${ids}-new`}
          label={NEW_PASSWORD_LABEL}
          value={password}
          onChange={setPassword}
          onBlur={() => setTouched(true)}
          error={fieldError}
          visible={visible}
          autoComplete="new-password"
          strength={settings.showPasswordStrength}
          userInputs={userInputs}
          inputRef={inputRef}
        />
        <ShowPasswordCheckbox id={`${ids}-show`} checked={visible} onChange={setVisible} />
        <button type="submit" className="button button--block" disabled={busy || !password}>
          {busy ? 'Changing password...' : 'Confirm password'}
        </button>
      </form>
      <ReturnToLogin onReturn={onReturn} />
    </>
  );
}
