import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { isApiError } from '../../../shared/http';
import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { useToast } from '../../../shared/ui/toast';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { tfaDetailsQuery, useTfaDetails, type TfaDetails } from '../api/tfa-details';
import { changeTfaMethod } from '../api/tfa-method';
import { validateTfaDevice } from '../api/tfa-validate';
import { CodeEntryForm } from '../components/code-entry-form';
import { MethodChoice } from '../components/method-choice';
import { TotpSetup } from '../components/totp-setup';
import { loginErrorMessage } from '../login-error-message';
import {
  CODE_REQUEST_FAILED_TEXT,
  ENROLMENT_PROBLEM_TEXT,
  INVALID_OTP_TEXT,
  METHOD_CHANGED_TEXT,
  NO_ALTERNATIVE_METHOD_TEXT,
  SELECT_METHOD_TEXT,
  VERIFICATION_CODE_REQUIRED,
} from '../texts';

/** Leaving the app for a URL the server gave (a separate object so tests can watch it). */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

type View = 'select' | 'validate' | 'invalid' | 'success';
interface Device {
  deviceId: string;
  mfaMethod: string;
  otpauthUri?: string;
  qrCode?: string;
}

const SENT_TO: Record<string, string> = {
  sms: 'We have sent a verification code by text message to your mobile phone.',
  email: 'We have sent a verification code to your email address.',
};

/**
 * Additional verification (client only): change of second-factor method (spec 1 §2, §4). Select a
 * method (when there is another to choose), validate the device with a code, then success; or the
 * invalid-code state with Request new code. A redirect URL in the answer is followed.
 */
export default function AdditionalVerificationPage() {
  const { content } = useSiteConfig();
  const texts = content.additionalVerification;
  const toast = useToast();
  usePageTitle(texts.heading);
  const queryClient = useQueryClient();
  const query = useTfaDetails();
  const details = query.data ?? null;
  const loadFailed = query.isError;
  const [view, setView] = useState<View>('select');
  // The method picked; until the user picks one, the current method.
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const chosen = picked === undefined ? (details?.mfaMethod ?? null) : picked;
  const setChosen = (method: string | null) => setPicked(method);
  const [device, setDevice] = useState<Device | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState(false);

  const current = details?.mfaMethod ?? null;

  const requestCode = async (method: string | null) => {
    if (!method) {
      toast.show({ kind: 'error', message: CODE_REQUEST_FAILED_TEXT });
      return;
    }
    setBusy(true);
    setError(null);
    setProblem(false);
    try {
      const answer = await changeTfaMethod(method);
      if ('redirectUrl' in answer && answer.redirectUrl) {
        browserNavigation.assign(answer.redirectUrl);
        return;
      }
      if ('deviceId' in answer && answer.deviceId) {
        setDevice({ ...answer, mfaMethod: answer.mfaMethod || method });
        setView('validate');
      } else {
        toast.show({ kind: 'error', message: CODE_REQUEST_FAILED_TEXT });
      }
    } catch (failure) {
      if (isApiError(failure) && failure.api_message === 'invalid_number') setProblem(true);
      else toast.show({ kind: 'error', message: CODE_REQUEST_FAILED_TEXT });
    } finally {
      setBusy(false);
    }
  };

  const validate = async (code: string) => {
    if (!device?.mfaMethod || !device.deviceId || !code) {
      toast.show({ kind: 'error', message: CODE_REQUEST_FAILED_TEXT });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const linked = await validateTfaDevice({ mfaMethod: device.mfaMethod, mfaCode: code, deviceId: device.deviceId });
      if (linked) {
        queryClient.setQueryData(tfaDetailsQuery().queryKey, (old: TfaDetails | undefined) => (old ? { ...old, mfaMethod: device.mfaMethod } : old));
        toast.show({ kind: 'success', message: METHOD_CHANGED_TEXT });
        setView('success');
      } else {
        setView('invalid');
      }
    } catch (failure) {
      setError(loginErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const returnLink = (
    <p>
      <Link to={texts.returnUrl}>Return</Link>
    </p>
  );

  const body = () => {
    if (loadFailed) {
      return <Notice kind="error">We could not load your verification details. Please try again later.</Notice>;
    }
    if (!details) return <InlineLoading />;
    const alternatives = details.tfaMethods.filter((method) => method !== current);
    if (view === 'success') {
      return <Notice kind="success">{METHOD_CHANGED_TEXT}</Notice>;
    }
    if (view === 'invalid') {
      return (
        <>
          <Notice kind="error">{INVALID_OTP_TEXT}</Notice>
          <div className="form-actions">
            <button type="button" className="button" disabled={busy} onClick={() => void requestCode(device?.mfaMethod ?? chosen)}>
              {busy ? 'Requesting...' : 'Request new code'}
            </button>
          </div>
        </>
      );
    }
    if (view === 'validate' && device) {
      return (
        <>
          <h2>Validate your device</h2>
          {device.mfaMethod === 'token' ? (
            <TotpSetup qrCode={device.qrCode} otpauthUri={device.otpauthUri} />
          ) : (
            <p>{SENT_TO[device.mfaMethod] ?? SENT_TO.sms} Enter it below.</p>
          )}
          {error && <Notice kind="error">{error}</Notice>}
          <CodeEntryForm
            label="Verification code"
            requiredMessage={VERIFICATION_CODE_REQUIRED}
            submitLabel="Validate"
            busyLabel="Validating..."
            busy={busy}
            onSubmit={(code) => void validate(code)}
          >
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setView('select')}>
              Cancel
            </button>
          </CodeEntryForm>
        </>
      );
    }
    if (alternatives.length === 0) return <Notice kind="info">{NO_ALTERNATIVE_METHOD_TEXT}</Notice>;
    const unchanged = chosen === current;
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (busy || unchanged) return;
      void requestCode(chosen);
    };
    return (
      <form noValidate onSubmit={submit}>
        {problem && (
          <Notice kind="error">
            <p>{ENROLMENT_PROBLEM_TEXT}</p>
            <p>
              <Link to={texts.composeUrl}>Send a message to your adviser</Link>
            </p>
          </Notice>
        )}
        {!chosen && <p>{SELECT_METHOD_TEXT}</p>}
        <MethodChoice
          name="verification-method"
          legend="How would you like to receive your security codes?"
          methods={details.tfaMethods}
          value={chosen}
          current={current}
          onChange={setChosen}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy || unchanged}>
            {busy ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className="button button--secondary" disabled={busy || unchanged} onClick={() => setChosen(current)}>
            Cancel
          </button>
        </div>
      </form>
    );
  };

  return (
    <div className="page-card account-page">
      <h1>{texts.heading}</h1>
      {body()}
      {returnLink}
    </div>
  );
}
