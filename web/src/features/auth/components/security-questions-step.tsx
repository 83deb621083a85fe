import { useState, type ReactNode } from 'react';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { securityAnswerMinimum } from '../../../shared/format/platform-version';
import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { setSecurityQuestions, type QuestionAndAnswer } from '../api/set-security-questions';
import { usePlatformVersion } from '../../../shared/api/site-info';
import { loginErrorMessage } from '../login-error-message';
import { SecurityQuestionsForm } from './security-questions-form';

/** The platform version decides the answer minimum; null while it loads. */
export function useAnswerMinimum(): number | null {
  const version = usePlatformVersion();
  return version === undefined ? null : securityAnswerMinimum(version);
}

interface Props {
  onDone(): void;
  submitLabel?: string;
  children?: ReactNode;
}

/** Loads the answer minimum, shows the form and saves the questions. Used at login and on the page. */
export function SecurityQuestionsPanel({ onDone, submitLabel, children }: Props) {
  const { content } = useSiteConfig();
  const minimum = useAnswerMinimum();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (questions: [QuestionAndAnswer, QuestionAndAnswer]) => {
    setBusy(true);
    setError(null);
    try {
      await setSecurityQuestions(questions);
      setBusy(false);
      onDone();
    } catch (failure) {
      setBusy(false);
      setError(loginErrorMessage(failure));
    }
  };

  if (minimum === null) return <InlineLoading label="Loading" />;
  return (
    <>
      {error && <Notice kind="error">{error}</Notice>}
      <SecurityQuestionsForm
        presets={content.securityQuestions}
        answerMinimum={minimum}
        busy={busy}
        onSubmit={save}
        submitLabel={submitLabel}
      >
        {children}
      </SecurityQuestionsForm>
    </>
  );
}
