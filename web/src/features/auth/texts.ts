/** The fixed texts of spec 1 (§2, §5, §8) used by the login steps, help and account pages. */

// Second factor
export const CODE_REQUIRED = 'A security code is required';
export const VERIFICATION_CODE_REQUIRED = 'Please enter the verification code sent to you';
export const INVALID_OTP_TEXT =
  'Sorry, there was a problem with the authentication. You entered an incorrect code. Please request another code and try again.';
export const NO_ENROLMENT_METHOD_TEXT =
  'There is no available additional verification method. Please contact your advisor for assistance.';
export const ENROLMENT_PROBLEM_TEXT =
  'There is a problem with your registered Phone Number or Email Address. Please contact your adviser for assistance.';
export const NO_ALTERNATIVE_METHOD_TEXT = 'There is no alternative method of verification available.';
export const METHOD_CHANGED_TEXT = 'Authentication method has been successfully changed';
export const CODE_REQUEST_FAILED_TEXT = 'An error occurred whilst requesting additional verification code.';
export const SELECT_METHOD_TEXT = 'Please select an additional verification method.';
export const DEVICE_ENROLLED_TEXT =
  'Your device is now set up for additional verification. For your security, please verify it once more with a new code.';

// Passwords
export const PREVIOUS_PASSWORD_REQUIRED = 'Previous password required';
export const PASSWORD_REQUIRED = 'Password required';
export const CURRENT_PASSWORD_LABEL = 'Please enter your current password';
export const NEW_PASSWORD_LABEL = 'Please enter a password';
export const PASSWORD_CHANGED_TOAST = 'Password changed';

// Security questions and biometrics
export const QUESTIONS_SET_TOAST = 'Your security questions have been set';
export const PERMISSION_SET_TOAST = 'Your permission choice has been set';
export const PERMISSION_LOAD_FAILED = 'Your permission choice could not be loaded.';
export const PERMISSION_SAVE_FAILED = 'Your permission choice could not be set.';

// Help with logging in
export const FORGOT_MESSAGES = {
  username: 'Please enter a username',
  resetCode: 'Please enter your reset code',
  password: 'Password is required',
  mismatch: 'Passwords do not match',
  answer: 'Answer required',
  resetCodeToast: 'Reset code incorrect',
  wrongAnswers: 'One or both of your security answers are incorrect, please try again or contact us',
} as const;

/** api_message values of the forgotten-password calls (docs/api-contract.md). */
export const RESET_CODE_INVALID_API = 'Password reset code incorrect or invalid for user';
export const ARGUMENTS_INCORRECT_API = 'One or more of the arguments are missing or incorrect.';

// Login steps
export const TERMS_DECLINED_TEXT = 'You need to agree to the terms of use to log in.';

/** How each second-factor method is offered. */
export const METHOD_LABELS: Record<string, string> = {
  sms: 'Text message to your mobile phone',
  email: 'Email to your email address',
  token: 'Authenticator app on your phone',
};

export const methodLabel = (method: string) => METHOD_LABELS[method] ?? method;
