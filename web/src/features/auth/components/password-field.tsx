import type { Ref } from 'react';
import { Field, fieldAria } from '../../../shared/ui/field';
import { PasswordStrengthMeter } from '../../../shared/ui/password-strength/password-strength-meter';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | null;
  visible: boolean;
  autoComplete: 'new-password' | 'current-password';
  /** Shows the strength meter under the field (new passwords, unless configured off). */
  strength?: boolean;
  userInputs?: string[];
  inputRef?: Ref<HTMLInputElement>;
}

/** A password input in a Field, optionally with the strength meter it points at. */
export function PasswordField({ id, label, value, onChange, onBlur, error, visible, autoComplete, strength, userInputs, inputRef }: Props) {
  const aria = fieldAria(id, error);
  const describedBy = [aria['aria-describedby'], strength ? `${id}-strength` : null].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <Field id={id} label={label} error={error}>
        <input
          ref={inputRef}
          {...aria}
          aria-describedby={describedBy}
          name={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </Field>
      {strength && <PasswordStrengthMeter id={`${id}-strength`} password={value} userInputs={userInputs} />}
    </>
  );
}

export function ShowPasswordCheckbox({ id, checked, onChange }: { id: string; checked: boolean; onChange(value: boolean): void }) {
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>Show password</label>
    </div>
  );
}
