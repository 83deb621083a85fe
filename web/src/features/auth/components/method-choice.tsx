import { methodLabel } from '../texts';

interface Props {
  name: string;
  legend: string;
  methods: string[];
  value: string | null;
  onChange(method: string): void;
  error?: string | null;
  /** Marks the method in use now. */
  current?: string | null;
}

/** Radio buttons for the second-factor methods (sms, email, token), in a labelled group. */
export function MethodChoice({ name, legend, methods, value, onChange, error, current }: Props) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="choice-group" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {methods.map((method) => (
        <label key={method} className="choice">
          <input
            type="radio"
            name={name}
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            aria-invalid={error ? true : undefined}
          />
          <span>
            {methodLabel(method)}
            {current === method ? ' (current)' : ''}
          </span>
        </label>
      ))}
      <div aria-live="polite">
        {error && (
          <p className="field__error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}
