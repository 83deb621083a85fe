import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Field, fieldAria } from '../../../shared/ui/field';
import type { QuestionAndAnswer } from '../api/set-security-questions';
import {
  emptyQuestion,
  MAX_LENGTH,
  OTHER_QUESTION,
  QUESTION_PLACEHOLDER,
  questionText,
  validateSecurityQuestions,
  type QuestionInput,
} from '../security-questions';

interface Props {
  presets: string[];
  /** 8 or 0, by platform version (spec 1 §5). */
  answerMinimum: number;
  busy: boolean;
  onSubmit(questions: [QuestionAndAnswer, QuestionAndAnswer]): void;
  submitLabel?: string;
  busyLabel?: string;
  /** Further actions beside Continue (Return to login). */
  children?: ReactNode;
}

type Touched = { choice: boolean; custom: boolean; answer: boolean };
const untouched: Touched = { choice: false, custom: false, answer: false };

/**
 * Two dropdowns of preset questions plus Other (with its text field), an answer each, and Continue,
 * disabled until the form is valid. Errors show once a field has been visited.
 */
export function SecurityQuestionsForm({
  presets,
  answerMinimum,
  busy,
  onSubmit,
  submitLabel = 'Continue',
  busyLabel = 'Saving...',
  children,
}: Props) {
  const [inputs, setInputs] = useState<[QuestionInput, QuestionInput]>([emptyQuestion, emptyQuestion]);
  const [touched, setTouched] = useState<[Touched, Touched]>([untouched, untouched]);
  const ids = useId();
  const { errors, valid } = validateSecurityQuestions(inputs, answerMinimum);

  const update = (index: 0 | 1, patch: Partial<QuestionInput>) =>
    setInputs((current) => {
      const next: [QuestionInput, QuestionInput] = [current[0], current[1]];
      next[index] = { ...next[index], ...patch };
      return next;
    });
  const touch = (index: 0 | 1, field: keyof Touched) =>
    setTouched((current) => {
      const next: [Touched, Touched] = [current[0], current[1]];
      next[index] = { ...next[index], [field]: true };
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!valid) {
      setTouched([
        { choice: true, custom: true, answer: true },
        { choice: true, custom: true, answer: true },
      ]);
      return;
    }
    onSubmit([
      { question: questionText(inputs[0]), answer: inputs[0].answer.trim() },
      { question: questionText(inputs[1]), answer: inputs[1].answer.trim() },
    ]);
  };

  const answerHint = answerMinimum > 0 ? `At least ${answerMinimum} characters.` : undefined;

  return (
    <form noValidate onSubmit={submit}>
      {([0, 1] as const).map((index) => {
        const input = inputs[index];
        const error = errors[index];
        const seen = touched[index];
        const base = `${ids}-q${index + 1}`;
        const choiceError = seen.choice ? error.choice : null;
        const customError = seen.custom ? error.custom : null;
        const answerError = seen.answer ? error.answer : null;
        return (
          <fieldset key={index} className="choice-group">
            <legend>Security question {index + 1}</legend>
            <Field id={`${base}-choice`} label={`Question ${index + 1}`} error={choiceError}>
              <select
                {...fieldAria(`${base}-choice`, choiceError)}
                value={input.choice}
                // Choosing is a deliberate act: its error (a repeated question) shows at once.
                onChange={(event) => {
                  update(index, { choice: event.target.value });
                  touch(index, 'choice');
                }}
                onBlur={() => touch(index, 'choice')}
              >
                <option value="">{QUESTION_PLACEHOLDER}</option>
                {presets.map((preset) => (
                  <option key={preset} value={preset}>
                    {preset}
                  </option>
                ))}
                <option value={OTHER_QUESTION}>{OTHER_QUESTION}</option>
              </select>
            </Field>
            {input.choice === OTHER_QUESTION && (
              <Field id={`${base}-custom`} label={`Your own question ${index + 1}`} error={customError}>
                <input
                  {...fieldAria(`${base}-custom`, customError)}
                  maxLength={MAX_LENGTH + 1}
                  value={input.custom}
                  onChange={(event) => update(index, { custom: event.target.value })}
                  onBlur={() => touch(index, 'custom')}
                />
              </Field>
            )}
            <Field id={`${base}-answer`} label={`Answer ${index + 1}`} error={answerError} hint={answerHint}>
              <input
                {...fieldAria(`${base}-answer`, answerError, Boolean(answerHint))}
                autoComplete="off"
                maxLength={MAX_LENGTH + 1}
                value={input.answer}
                onChange={(event) => update(index, { answer: event.target.value })}
                onBlur={() => touch(index, 'answer')}
              />
            </Field>
          </fieldset>
        );
      })}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy || !valid}>
          {busy ? busyLabel : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
