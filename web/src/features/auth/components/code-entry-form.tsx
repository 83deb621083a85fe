import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Field, fieldAria } from '../../../shared/ui/field';

interface Props {
  label?: string;
  /** The message when the field is left empty (spec 1 §5). */
  requiredMessage: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit(code: string): void;
  children?: ReactNode;
}

/**
 * A verification code: the field is invalid when empty and submit is disabled until a code is
 * typed (spec 1 §5). The message appears once the field has been left empty.
 */
export function CodeEntryForm({ label = 'Security code', requiredMessage, submitLabel, busyLabel, busy, onSubmit, children }: Props) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const ids = useId();
  const id = `${ids}-code`;
  const trimmed = code.replace(/\s+/g, '');
  const error = touched && !trimmed ? requiredMessage : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!trimmed) {
      setTouched(true);
      return;
    }
    onSubmit(trimmed);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Field id={id} label={label} error={error}>
        <input
          {...fieldAria(id, error)}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onBlur={() => setTouched(true)}
        />
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy || !trimmed}>
          {busy ? busyLabel : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
