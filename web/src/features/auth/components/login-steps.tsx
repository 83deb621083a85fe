import { ServerStateProvider } from '../../../shared/api/server-state-provider';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { Notice } from '../../../shared/ui/field';
import type { DeviceEnrolment } from '../api/enrol-device';
import type { LoginResponse } from '../api/login';
import { currentStep, type LoginFlow } from '../login-flow';
import { InvalidOtpStep, LinkDeviceStep, ValidateDeviceStep } from './enrolment-steps';
import { ForceChangePasswordStep } from './force-change-password-step';
import { SecurityQuestionsPanel } from './security-questions-step';
import { SiteTermsStep } from './site-terms-step';
import { ReturnToLogin, StepHeading } from './step-heading';

export interface LoginStepsProps {
  flow: LoginFlow;
  onAnswer(answer: LoginResponse): void;
  onEnrolled(enrolment: DeviceEnrolment): void;
  /** The current additional step is done (the new password, when it was the password step). */
  onStepDone(newPassword?: string): void;
  onReturn(): void;
  onDecline(): void;
}

/**
 * The login views after the form other than "Enter security code" (spec 1 §2): additional steps
 * and device enrolment. A lazy chunk: the plain login form never loads it. Its steps may use
 * server state (the platform version), so it brings the query client.
 */
export default function LoginSteps(props: LoginStepsProps) {
  return (
    <ServerStateProvider>
      <Steps {...props} />
    </ServerStateProvider>
  );
}

function Steps({ flow, onAnswer, onEnrolled, onStepDone, onReturn, onDecline }: LoginStepsProps) {
  const { content } = useSiteConfig();
  const step = currentStep(flow);
  const user = flow.user;

  if (step === 'SiteTerms' && user) {
    return <SiteTermsStep entityId={user.entity_id} terms={flow.siteTerms ?? content.siteTerms} onDone={() => onStepDone()} onDecline={onDecline} />;
  }
  if (step === 'SetSecurityQuestions') {
    return (
      <>
        <StepHeading>Set security questions</StepHeading>
        <p className="login__intro">Choose two security questions. We will ask you them if you forget your password.</p>
        <SecurityQuestionsPanel onDone={() => onStepDone()} />
        <ReturnToLogin onReturn={onReturn} />
      </>
    );
  }
  if (step === 'ForceChangePassword' && flow.credentials) {
    const names = [flow.credentials.username, user?.first_name, user?.last_name].filter((value): value is string => Boolean(value));
    return <ForceChangePasswordStep credentials={flow.credentials} userInputs={names} onDone={onStepDone} onReturn={onReturn} />;
  }
  switch (flow.status) {
    case 'MfaEnrolmentLinkDevice':
      return <LinkDeviceStep credentials={flow.credentials} methods={flow.tfaMethods} onEnrolled={onEnrolled} onReturn={onReturn} />;
    case 'MfaEnrolmentValidateDevice':
      return <ValidateDeviceStep credentials={flow.credentials} enrolment={flow.enrolment} onAnswer={onAnswer} onReturn={onReturn} />;
    case 'MfaEnrolmentLinkDeviceInvalidOtp':
      return <InvalidOtpStep credentials={flow.credentials} method={flow.enrolment?.method ?? flow.mfaMethod} onEnrolled={onEnrolled} onReturn={onReturn} />;
    default:
      return (
        <>
          <StepHeading>Login</StepHeading>
          <Notice kind="error">Something went wrong while logging in. Please try again.</Notice>
          <ReturnToLogin onReturn={onReturn} />
        </>
      );
  }
}
