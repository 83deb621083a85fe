import { useState } from 'react';
import { Notice } from '../../../shared/ui/field';
import { SanitizedHtml } from '../../../shared/ui/sanitized-html';
import { acceptSiteTerms } from '../api/accept-site-terms';
import type { SiteTermsText } from '../api/login';
import { loginErrorMessage } from '../login-error-message';
import { StepHeading } from './step-heading';

interface Props {
  entityId: number;
  terms: SiteTermsText;
  onDone(): void;
  onDecline(): void;
}

/** SiteTerms: the terms (sanitised HTML) with Agree and Continue and Decline. */
export function SiteTermsStep({ entityId, terms, onDone, onDecline }: Props) {
  const [busy, setBusy] = useState<'agree' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const agree = async () => {
    setBusy('agree');
    setError(null);
    try {
      await acceptSiteTerms(entityId, terms.disclaimer);
      onDone();
    } catch (failure) {
      setBusy(null);
      setError(loginErrorMessage(failure));
    }
  };

  return (
    <>
      <StepHeading>{terms.heading}</StepHeading>
      <p className="login__intro">Please read and agree to these terms to continue.</p>
      {error && <Notice kind="error">{error}</Notice>}
      {/* Focusable so keyboard users can scroll long terms. */}
      <div className="terms" tabIndex={0} role="region" aria-label={terms.heading}>
        <SanitizedHtml className="rich-text" html={terms.disclaimer} />
      </div>
      <div className="form-actions">
        <button type="button" className="button" disabled={busy !== null} onClick={agree}>
          {busy === 'agree' ? 'Saving...' : 'Agree and Continue'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          onClick={() => {
            setBusy('decline');
            onDecline();
          }}
        >
          Decline
        </button>
      </div>
    </>
  );
}
