import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { isApiError } from '../../../shared/http';
import { dateLocale, dayjs } from '../../../shared/format/dates';
import { Field, fieldAria, focusFirstInvalid, Notice } from '../../../shared/ui/field';
import { forgotUsername } from '../api/forgot-username';
import { parseShortDate, shortDateFormat, USERNAME_FORM_MESSAGES, validateUsernameForm } from '../forgotten-username';
import { loginErrorMessage } from '../login-error-message';

/**
 * Forgotten username: email address and date of birth (in the locale's short format, sent as
 * YYYY-MM-DD). Success goes to login with the usernameSent banner.
 */
export function ForgottenUsername() {
  const { settings } = useSiteConfig();
  const navigate = useNavigate();
  const ids = useId();
  const locale = settings.defaultLocale;
  const format = shortDateFormat(locale);
  const example = dayjs('1961-04-23').locale(dateLocale(locale)).format(format);
  const [email, setEmail] = useState('');
  const [dob, setDob] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = submitted ? validateUsernameForm(email, dob, locale) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateUsernameForm(email, dob, locale);
    if (found.email || found.dob) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await forgotUsername(email.trim(), parseShortDate(dob, locale)!);
      // Spec 1 §2: to /core/, which shows the login page with the usernameSent banner.
      navigate('/core/?usernameSent=true', { replace: true });
    } catch (failure) {
      setBusy(false);
      const mismatch = isApiError(failure) && (failure.status === 400 || failure.status === 404);
      setError(mismatch ? USERNAME_FORM_MESSAGES.mismatch : loginErrorMessage(failure));
    }
  };

  const emailId = `${ids}-email`;
  const dobId = `${ids}-dob`;
  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Forgotten username">
      <p>Enter the email address and date of birth we hold for you and we will email you your username.</p>
      {error && <Notice kind="error">{error}</Notice>}
      <Field id={emailId} label="Email address" error={errors.email}>
        <input
          {...fieldAria(emailId, errors.email)}
          type="email"
          name="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Field id={dobId} label="Date of birth" hint={`${format}, for example ${example}`} error={errors.dob}>
        <input
          {...fieldAria(dobId, errors.dob, true)}
          name="dob"
          autoComplete="bday"
          inputMode="numeric"
          value={dob}
          onChange={(event) => setDob(event.target.value)}
        />
      </Field>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending...' : 'Send my username'}
      </button>
    </form>
  );
}
