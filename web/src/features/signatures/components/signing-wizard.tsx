import { useEffect, useId, useReducer, useRef } from 'react';
import { isApiError } from '../../../shared/http';
import { generateCode } from '../api/generate-code';
import { signDocument } from '../api/sign-document';
import { canVerify, INVALID_PHONE_TEXT, initialSigning, SigningMethod, signingReducer, type SigningStep } from '../signing-rules';

/**
 * The signing wizard of spec 3 §2.2: select action (Decline or Sign), accept terms, invalid
 * phone, send code, enter code, validate, declining, expired ('Send a new security code'), then
 * done. The steps are signingReducer's; this component renders the step, runs the two calls and
 * moves focus to each step's heading, so keyboard and screen-reader users follow along.
 */
export interface SigningWizardProps {
  documentId: number;
  signatoryId: number;
  /** The registered phone, masked by the server with its '+' kept (the phone rule needs it). */
  phone: string;
  terms: string;
  /** Called with the request's new status after a signature or a decline. */
  onDone(status: number): void;
}

const headings: Record<SigningStep, string> = {
  selectAction: 'Sign or decline this document',
  acceptTerms: 'Terms and conditions',
  invalidPhone: 'Unable to sign',
  sendCode: 'Sending your security code',
  enterCode: 'Enter your security code',
  validate: 'Checking your security code',
  declining: 'Decline this document',
  expired: 'Security code problem',
  done: 'Thank you',
};

function apiMessageOf(error: unknown): string | undefined {
  return isApiError(error) ? (error.api_message ?? error.user_message) : undefined;
}

export function SigningWizard({ documentId, signatoryId, phone, terms, onDone }: SigningWizardProps) {
  const [s, dispatch] = useReducer(signingReducer, initialSigning);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const ids = useId();
  useEffect(() => {
    // The first step is not announced over the list: focus moves once the user acts.
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [s.step]);

  async function sendCode() {
    try {
      dispatch({ type: 'codeSent', secureData: await generateCode(documentId, signatoryId) });
    } catch (error) {
      dispatch({ type: 'codeFailed', apiMessage: apiMessageOf(error) });
    }
  }

  async function verify() {
    if (!canVerify(s) || !s.secureData) return;
    const method = s.action === 'decline' ? SigningMethod.decline : SigningMethod.sign;
    dispatch({ type: 'verify' });
    try {
      const answer = await signDocument({ id: documentId, signatoryId, method, secureData: s.secureData, otp: s.code.trim() });
      dispatch({ type: 'verified', method });
      onDone(answer.status);
    } catch (error) {
      dispatch({ type: 'verifyFailed', apiMessage: apiMessageOf(error) });
    }
  }

  function resend() {
    dispatch({ type: 'resend' });
    void sendCode();
  }

  const heading = s.step === 'done' ? (s.hasDeclined ? 'Document declined' : 'Document signed') : s.step === 'validate' && s.action === 'decline' ? 'Declining the document' : headings[s.step];
  const codeId = `${ids}-code`;
  const errorId = `${ids}-error`;

  return (
    <section className="signing-wizard" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
        {heading}
      </h3>

      {s.step === 'selectAction' && (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => dispatch({ type: 'chooseSign' })}>
            Sign
          </button>
          <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'chooseDecline' })}>
            Decline
          </button>
        </div>
      )}

      {s.step === 'acceptTerms' && (
        <>
          <div className="terms" tabIndex={0} aria-label="Terms and conditions text">
            <p>{terms}</p>
          </div>
          <label className="choice">
            <input
              type="checkbox"
              checked={s.termsAccepted}
              onChange={(e) => {
                dispatch({ type: 'acceptTerms', accepted: e.target.checked, phone });
                if (e.target.checked && phone.includes('+')) void sendCode();
              }}
            />{' '}
            I accept the terms and conditions
          </label>
          <div className="form-actions">
            <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'reset' })}>
              Back
            </button>
          </div>
        </>
      )}

      {s.step === 'declining' && (
        <>
          <p>To decline this document, confirm it with a security code that we send to your registered phone {phone}.</p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                dispatch({ type: 'requestCode', phone });
                if (phone.includes('+')) void sendCode();
              }}
            >
              Send security code
            </button>
            <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'reset' })}>
              Back
            </button>
          </div>
        </>
      )}

      {s.step === 'invalidPhone' && (
        <p className="signing-wizard__error" role="alert">
          {INVALID_PHONE_TEXT}
        </p>
      )}

      {s.step === 'sendCode' && <p aria-live="polite">Sending a security code to {phone}…</p>}

      {s.step === 'enterCode' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void verify();
          }}
        >
          <p>We have sent a security code to {phone}. It expires in 10 minutes.</p>
          {s.error && (
            <p className="signing-wizard__error" id={errorId} role="alert">
              {s.error}
            </p>
          )}
          <div className="field">
            <label htmlFor={codeId}>Security code</label>
            <input
              id={codeId}
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={s.code}
              aria-describedby={s.error ? errorId : undefined}
              aria-invalid={s.error ? true : undefined}
              onChange={(e) => dispatch({ type: 'setCode', code: e.target.value })}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={!canVerify(s)}>
              Verify
            </button>
            <button type="button" className="button button--secondary" onClick={resend}>
              Send a new security code
            </button>
          </div>
        </form>
      )}

      {s.step === 'validate' && <p aria-live="polite">{s.action === 'decline' ? 'Declining the document…' : 'Signing the document…'}</p>}

      {s.step === 'expired' && (
        <>
          <p className="signing-wizard__error" role="alert">
            {s.error}
          </p>
          <button type="button" className="button button--secondary" onClick={resend}>
            Send a new security code
          </button>
        </>
      )}

      {s.step === 'done' && (
        <p role="status">{s.hasDeclined ? 'You have declined this document. Your adviser has been told.' : 'You have signed this document. A signed copy is kept with your documents.'}</p>
      )}
    </section>
  );
}
