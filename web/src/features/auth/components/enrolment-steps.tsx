import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../shared/http';
import { Notice } from '../../../shared/ui/field';
import { useToast } from '../../../shared/ui/toast';
import { enrolDevice, type DeviceEnrolment } from '../api/enrol-device';
import type { Credentials, LoginResponse } from '../api/login';
import { validateTfa } from '../api/validate-tfa';
import { loginErrorMessage } from '../login-error-message';
import {
  CODE_REQUEST_FAILED_TEXT,
  ENROLMENT_PROBLEM_TEXT,
  INVALID_OTP_TEXT,
  NO_ENROLMENT_METHOD_TEXT,
  SELECT_METHOD_TEXT,
  VERIFICATION_CODE_REQUIRED,
} from '../texts';
import { CodeEntryForm } from './code-entry-form';
import { MethodChoice } from './method-choice';
import { ReturnToLogin, StepHeading } from './step-heading';
import { TotpSetup } from './totp-setup';

/** How a failed request for a code is reported (spec 1 §8). */
export function useEnrolmentRequest(credentials: Credentials | null, onEnrolled: (enrolment: DeviceEnrolment) => void) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestCode = async (method: string | null) => {
    if (!credentials || !method) {
      toast.show({ kind: 'error', message: CODE_REQUEST_FAILED_TEXT });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const enrolment = await enrolDevice(credentials, method);
      setBusy(false);
      onEnrolled({ ...enrolment, method: enrolment.method || method });
    } catch (failure) {
      setBusy(false);
      if (isApiError(failure) && failure.api_message === 'invalid_number') setError(ENROLMENT_PROBLEM_TEXT);
      else if (isApiError(failure) && failure.status === 401) setError(loginErrorMessage(failure));
      else toast.show({ kind: 'error', message: CODE_REQUEST_FAILED_TEXT });
    }
  };
  return { busy, error, requestCode };
}

interface LinkProps {
  credentials: Credentials | null;
  methods: string[];
  onEnrolled(enrolment: DeviceEnrolment): void;
  onReturn(): void;
}

/** MfaEnrolmentLinkDevice: choose sms, email or token, then Select and continue. */
export function LinkDeviceStep({ credentials, methods, onEnrolled, onReturn }: LinkProps) {
  const [method, setMethod] = useState<string | null>(methods.length === 1 ? methods[0]! : null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const { busy, error, requestCode } = useEnrolmentRequest(credentials, onEnrolled);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!method) {
      setChoiceError(SELECT_METHOD_TEXT);
      return;
    }
    void requestCode(method);
  };

  return (
    <>
      <StepHeading>Additional verification</StepHeading>
      {methods.length === 0 ? (
        <Notice kind="error">{NO_ENROLMENT_METHOD_TEXT}</Notice>
      ) : (
        <>
          <p className="login__intro">
            Your account needs additional verification when you log in. Choose how you would like to receive your security
            codes.
          </p>
          {error && <Notice kind="error">{error}</Notice>}
          <form noValidate onSubmit={submit}>
            <MethodChoice
              name="enrol-method"
              legend="Verification method"
              methods={methods}
              value={method}
              onChange={(value) => {
                setMethod(value);
                setChoiceError(null);
              }}
              error={choiceError}
            />
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? 'Sending code...' : 'Select and continue'}
            </button>
          </form>
        </>
      )}
      <ReturnToLogin onReturn={onReturn} />
    </>
  );
}

interface ValidateProps {
  credentials: Credentials | null;
  enrolment: DeviceEnrolment | null;
  onAnswer(answer: LoginResponse): void;
  onReturn(): void;
}

const SENT_TO: Record<string, string> = {
  sms: 'We have sent a security code by text message to your mobile phone. Enter it below to validate your device.',
  email: 'We have sent a security code to your email address. Enter it below to validate your device.',
};

/** MfaEnrolmentValidateDevice: the code sent (or the authenticator app set up with the QR code). */
export function ValidateDeviceStep({ credentials, enrolment, onAnswer, onReturn }: ValidateProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const validate = async (code: string) => {
    if (!credentials || !enrolment?.method || !enrolment.deviceId || !code) {
      toast.show({ kind: 'error', message: CODE_REQUEST_FAILED_TEXT });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await validateTfa({ ...credentials, method: enrolment.method, code, deviceId: enrolment.deviceId });
      onAnswer(answer);
    } catch (failure) {
      setBusy(false);
      if (isApiError(failure) && failure.api_message === 'bad_otp') onAnswer({ loginStatus: 'MfaEnrolmentLinkDeviceInvalidOtp' });
      else setError(loginErrorMessage(failure));
    }
  };

  const method = enrolment?.method ?? 'sms';
  return (
    <>
      <StepHeading>Validate your device</StepHeading>
      {method === 'token' ? (
        <TotpSetup qrCode={enrolment?.qrCode} otpauthUri={enrolment?.otpauthUri} />
      ) : (
        <p className="login__intro">{SENT_TO[method] ?? SENT_TO.sms}</p>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <CodeEntryForm
        requiredMessage={VERIFICATION_CODE_REQUIRED}
        submitLabel="Validate"
        busyLabel="Validating..."
        busy={busy}
        onSubmit={(code) => void validate(code)}
      />
      <ReturnToLogin onReturn={onReturn} />
    </>
  );
}

interface InvalidProps {
  credentials: Credentials | null;
  method: string;
  onEnrolled(enrolment: DeviceEnrolment): void;
  onReturn(): void;
}

/** MfaEnrolmentLinkDeviceInvalidOtp: the incorrect-code screen with Request new code. */
export function InvalidOtpStep({ credentials, method, onEnrolled, onReturn }: InvalidProps) {
  const { busy, error, requestCode } = useEnrolmentRequest(credentials, onEnrolled);
  return (
    <>
      <StepHeading>Incorrect code</StepHeading>
      <Notice kind="error">{error ?? INVALID_OTP_TEXT}</Notice>
      <div className="form-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void requestCode(method)}>
          {busy ? 'Requesting...' : 'Request new code'}
        </button>
      </div>
      <ReturnToLogin onReturn={onReturn} />
    </>
  );
}
