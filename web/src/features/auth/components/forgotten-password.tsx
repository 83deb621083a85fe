import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { isApiError } from '../../../shared/http';
import { Field, fieldAria, focusFirstInvalid, Notice } from '../../../shared/ui/field';
import { useToast } from '../../../shared/ui/toast';
import { checkResetCode, requestResetCode, resetPassword } from '../api/forgotten-password';
import { loginErrorMessage } from '../login-error-message';
import { ARGUMENTS_INCORRECT_API, FORGOT_MESSAGES, RESET_CODE_INVALID_API } from '../texts';
import { PasswordField, ShowPasswordCheckbox } from './password-field';

/** The views of spec 1 §2: main (username), enterReset (code sent, no questions yet), secQNewPass. */
export type ForgotView = 'main' | 'enterReset' | 'secQNewPass';

/** Wrong codes allowed before the flow asks for a new code *(chosen: spec 1 only counts them)*. */
export const MAX_CODE_ERRORS = 3;

export const RESET_CODE_PANEL_TEXT =
  'The reset code you entered is incorrect or has expired. Check the code in the email we sent you and try again, or request a new code.';
export const TOO_MANY_CODES_TEXT = 'That reset code was entered incorrectly too many times. Please request a new reset code.';

type Panel = { kind: 'code' } | { kind: 'text'; text: string } | null;

/**
 * Forgotten password: username, then the emailed reset code, then the two security questions and
 * a new password. Every failure adds to codeErrorCount (spec 1 §4).
 */
export function ForgottenPassword() {
  const { settings } = useSiteConfig();
  const navigate = useNavigate();
  const toast = useToast();
  const ids = useId();
  const [view, setView] = useState<ForgotView>('main');
  const [username, setUsername] = useState('');
  const [resetCode, setResetCode] = useState('');
  const [questions, setQuestions] = useState<string[]>([]);
  const [answers, setAnswers] = useState<string[]>([]);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const [codeErrorCount, setCodeErrorCount] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const go = (next: ForgotView) => {
    setView(next);
    setSubmitted(false);
  };

  const focusInvalid = () => focusFirstInvalid(formRef.current);

  /** Every failure counts; wrong codes past the limit send the user back for a new code. */
  const failed = (failure: unknown) => {
    const count = codeErrorCount + 1;
    setCodeErrorCount(count);
    if (isApiError(failure) && failure.status === 400 && failure.api_message === RESET_CODE_INVALID_API) {
      toast.show({ kind: 'error', message: FORGOT_MESSAGES.resetCodeToast });
      if (count >= MAX_CODE_ERRORS) {
        setResetCode('');
        setCodeErrorCount(0);
        go('main');
        setPanel({ kind: 'text', text: TOO_MANY_CODES_TEXT });
      } else {
        go('enterReset');
        setPanel({ kind: 'code' });
      }
      return;
    }
    if (isApiError(failure) && failure.status === 400 && failure.api_message === ARGUMENTS_INCORRECT_API) {
      setPanel({ kind: 'text', text: FORGOT_MESSAGES.wrongAnswers });
      return;
    }
    setPanel({ kind: 'text', text: loginErrorMessage(failure) });
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setPanel(null);
    try {
      await action();
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  // Errors are shown after the first submit of each view, and follow the typing from then on.
  const errors = {
    username: submitted && !username.trim() ? FORGOT_MESSAGES.username : null,
    resetCode: submitted && !resetCode.trim() ? FORGOT_MESSAGES.resetCode : null,
    answers: questions.map((_, index) => (submitted && !(answers[index] ?? '').trim() ? FORGOT_MESSAGES.answer : null)),
    password: submitted && !password ? FORGOT_MESSAGES.password : null,
    confirmation: submitted && password && confirmation !== password ? FORGOT_MESSAGES.mismatch : null,
  };

  const submitUsername = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (!username.trim()) return focusInvalid();
    void run(async () => {
      await requestResetCode(username.trim());
      go('enterReset');
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (!resetCode.trim()) return focusInvalid();
    void run(async () => {
      const found = await checkResetCode(username.trim(), resetCode.trim());
      setQuestions(found.slice(0, 2));
      setAnswers(found.slice(0, 2).map(() => ''));
      go('secQNewPass');
    });
  };

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const missingAnswer = questions.some((_, index) => !(answers[index] ?? '').trim());
    if (missingAnswer || !password || confirmation !== password) return focusInvalid();
    void run(async () => {
      await resetPassword({
        username: username.trim(),
        resetCode: resetCode.trim(),
        newPassword: password,
        answers: answers.map((answer) => answer.trim()),
      });
      navigate('/login?passwordChanged=true', { replace: true });
    });
  };

  const panelView =
    panel?.kind === 'code' ? (
      <Notice kind="error">
        <p>
          <strong>{FORGOT_MESSAGES.resetCodeToast}</strong>
        </p>
        <p>{RESET_CODE_PANEL_TEXT}</p>
      </Notice>
    ) : panel ? (
      <Notice kind="error">{panel.text}</Notice>
    ) : null;

  if (view === 'main') {
    const id = `${ids}-username`;
    return (
      <form ref={formRef} noValidate onSubmit={submitUsername} aria-label="Forgotten password">
        <p>Enter your username and we will email you a code to reset your password.</p>
        {panelView}
        <Field id={id} label="Username" error={errors.username}>
          <input
            {...fieldAria(id, errors.username)}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Sending...' : 'Send reset code'}
        </button>
      </form>
    );
  }

  if (view === 'enterReset') {
    const id = `${ids}-code`;
    return (
      <form ref={formRef} noValidate onSubmit={submitCode} aria-label="Forgotten password">
        <Notice kind="info">
          If {username.trim()} is a username we know, we have emailed a reset code to the address we hold for it. Enter the code
          below.
        </Notice>
        {panelView}
        <Field id={id} label="Reset code" error={errors.resetCode}>
          <input
            {...fieldAria(id, errors.resetCode)}
            name="reset-code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            value={resetCode}
            onChange={(event) => setResetCode(event.target.value)}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Checking...' : 'Continue'}
          </button>
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => {
              setResetCode('');
              setPanel(null);
              go('main');
            }}
          >
            Request a new code
          </button>
        </div>
      </form>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={submitReset} aria-label="Forgotten password">
      {panelView}
      {questions.length > 0 && <p>Answer your security questions and choose a new password.</p>}
      {questions.map((question, index) => {
        const id = `${ids}-answer-${index + 1}`;
        const error = errors.answers[index];
        return (
          <Field key={question} id={id} label={question} error={error}>
            <input
              {...fieldAria(id, error)}
              autoComplete="off"
              value={answers[index] ?? ''}
              onChange={(event) => setAnswers((current) => current.map((value, i) => (i === index ? event.target.value : value)))}
            />
          </Field>
        );
      })}
      <PasswordField
        id={`${ids}-new`}
        label="New password"
        value={password}
        onChange={setPassword}
        error={errors.password}
        visible={visible}
        autoComplete="new-password"
        strength={settings.showPasswordStrength}
        userInputs={[username.trim()]}
      />
      <PasswordField
        id={`${ids}-confirm`}
        label="Confirm new password"
        value={confirmation}
        onChange={setConfirmation}
        error={errors.confirmation}
        visible={visible}
        autoComplete="new-password"
      />
      <ShowPasswordCheckbox id={`${ids}-show`} checked={visible} onChange={setVisible} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Resetting...' : 'Reset password'}
      </button>
    </form>
  );
}
