/**
 * The security-questions rules of spec 1 §5, as a pure function. The same form serves the
 * SetSecurityQuestions login step and the Security questions page.
 */

export const QUESTION_PLACEHOLDER = 'Please select';
export const OTHER_QUESTION = 'Other';
export const MAX_LENGTH = 256;

export const SECURITY_QUESTION_MESSAGES = {
  question: 'Please enter a security question.',
  questionTooLong: 'Question needs to be at most 256 characters',
  answer: 'Please enter an answer to your security question.',
  answerTooLong: 'Answer needs to be at most 256 characters',
  answerTooShort: 'Answer needs to be at least 8 characters',
  different: 'Please select two different security questions.',
} as const;

export interface QuestionInput {
  /** A preset question, OTHER_QUESTION, or '' / QUESTION_PLACEHOLDER when nothing is chosen. */
  choice: string;
  /** The free-text question when choice is Other. */
  custom: string;
  answer: string;
}

export interface QuestionErrors {
  choice?: string;
  custom?: string;
  answer?: string;
}

export const emptyQuestion: QuestionInput = { choice: '', custom: '', answer: '' };

/** The question as it is saved: the preset, or the custom text for Other. */
export function questionText(input: QuestionInput): string {
  return input.choice === OTHER_QUESTION ? input.custom.trim() : input.choice.trim();
}

function validateOne(input: QuestionInput, answerMinimum: number): QuestionErrors {
  const errors: QuestionErrors = {};
  if (!input.choice || input.choice === QUESTION_PLACEHOLDER) errors.choice = SECURITY_QUESTION_MESSAGES.question;
  else if (input.choice === OTHER_QUESTION) {
    const custom = input.custom.trim();
    if (!custom) errors.custom = SECURITY_QUESTION_MESSAGES.question;
    else if (custom.length > MAX_LENGTH) errors.custom = SECURITY_QUESTION_MESSAGES.questionTooLong;
  }
  const answer = input.answer.trim();
  if (!answer) errors.answer = SECURITY_QUESTION_MESSAGES.answer;
  else if (answer.length > MAX_LENGTH) errors.answer = SECURITY_QUESTION_MESSAGES.answerTooLong;
  else if (answer.length < answerMinimum) errors.answer = SECURITY_QUESTION_MESSAGES.answerTooShort;
  return errors;
}

export interface SecurityQuestionsValidation {
  errors: [QuestionErrors, QuestionErrors];
  valid: boolean;
}

/**
 * Both questions chosen (Other needs its text), at most 256 characters, answers present, at most
 * 256 and at least `answerMinimum` characters (8 or 0 by platform version), and two different
 * questions (compared without case or surrounding spaces, custom ones too). The "different" error
 * is reported on the second question.
 */
export function validateSecurityQuestions(
  inputs: readonly [QuestionInput, QuestionInput],
  answerMinimum: number,
): SecurityQuestionsValidation {
  const errors: [QuestionErrors, QuestionErrors] = [validateOne(inputs[0], answerMinimum), validateOne(inputs[1], answerMinimum)];
  const [first, second] = inputs.map((input) => questionText(input).toLowerCase());
  const bothChosen = !errors[0].choice && !errors[0].custom && !errors[1].choice && !errors[1].custom;
  if (bothChosen && first === second) {
    if (inputs[1].choice === OTHER_QUESTION) errors[1].custom = SECURITY_QUESTION_MESSAGES.different;
    else errors[1].choice = SECURITY_QUESTION_MESSAGES.different;
  }
  const valid = errors.every((e) => !e.choice && !e.custom && !e.answer);
  return { errors, valid };
}
