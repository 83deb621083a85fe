import { useId, useState, type FormEvent } from 'react';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useSession } from '../../../shared/session/session-context';
import { Notice } from '../../../shared/ui/field';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';
import { useToast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { changePassword } from '../api/change-password';
import { PasswordField, ShowPasswordCheckbox } from '../components/password-field';
import { loginErrorMessage } from '../login-error-message';
import {
  CURRENT_PASSWORD_LABEL,
  NEW_PASSWORD_LABEL,
  PASSWORD_CHANGED_TOAST,
  PASSWORD_REQUIRED,
  PREVIOUS_PASSWORD_REQUIRED,
} from '../texts';

/** Change Password (client only): current and new password, strength meter, guidance, Confirm password. */
export default function ChangePasswordPage() {
  const { settings, content } = useSiteConfig();
  const { user } = useSession();
  const toast = useToast();
  const ids = useId();
  usePageTitle('Change Password');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [visible, setVisible] = useState(false);
  const [touched, setTouched] = useState({ current: false, next: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  const valid = current !== '' && next !== '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !valid) return;
    setBusy(true);
    setError(null);
    try {
      await changePassword(user.id, current, next);
      toast.show({ kind: 'success', message: PASSWORD_CHANGED_TOAST });
      setCurrent('');
      setNext('');
      setTouched({ current: false, next: false });
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const names = [user.first_name, user.last_name, user.preferred_name].filter((name): name is string => Boolean(name));
  return (
    <div className="page-card account-page">
      <h1>Change Password</h1>
      {content.passwordGuidance && <SanitizedHtml className="guidance" html={content.passwordGuidance} />}
      {error && <Notice kind="error">{error}</Notice>}
      <form noValidate onSubmit={submit}>
        <PasswordField
          id={`${ids}-current`}
          label={CURRENT_PASSWORD_LABEL}
          value={current}
          onChange={setCurrent}
          onBlur={() => setTouched((t) => ({ ...t, current: true }))}
          error={touched.current && !current ? PREVIOUS_PASSWORD_REQUIRED : null}
          visible={visible}
          autoComplete="current-password"
        />
        <PasswordField
          id={`${ids}-new`}
          label={NEW_PASSWORD_LABEL}
          value={next}
          onChange={setNext}
          onBlur={() => setTouched((t) => ({ ...t, next: true }))}
          error={touched.next && !next ? PASSWORD_REQUIRED : null}
          visible={visible}
          autoComplete="new-password"
          strength={settings.showPasswordStrength}
          userInputs={names}
        />
        <ShowPasswordCheckbox id={`${ids}-show`} checked={visible} onChange={setVisible} />
        <button type="submit" className="button" disabled={busy || !valid}>
          {busy ? 'Changing password...' : 'Confirm password'}
        </button>
      </form>
    </div>
  );
}
