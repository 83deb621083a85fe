import { useEffect, useState } from 'react';
import { loadStrengthChecker, strengthLabel, type StrengthResult } from './strength';
import './password-strength.css';

interface Props {
  password: string;
  /** Words the password should not be built from (username, names). */
  userInputs?: string[];
  /** Element id, so the password input can point at the meter with aria-describedby. */
  id: string;
}

/**
 * The strength meter under a new-password field: five levels, Very Weak to Very Strong, with
 * zxcvbn's warning. Informational only: the server's policy decides whether a password is
 * accepted (spec 1 §5: "exact strength bounds are not shown"). The level is announced politely.
 */
export function PasswordStrengthMeter({ password, userInputs, id }: Props) {
  const [result, setResult] = useState<StrengthResult | null>(null);
  const inputsKey = (userInputs ?? []).join('\u0000');

  // Start the download when the form appears, so the meter is ready by the first keystrokes.
  useEffect(() => {
    loadStrengthChecker().catch(() => undefined);
  }, []);

  useEffect(() => {
    // An empty field shows no level (score below), whatever was scored before.
    if (!password) return undefined;
    let active = true;
    // Let typing settle before scoring: zxcvbn takes a few milliseconds on long inputs.
    const timer = setTimeout(() => {
      loadStrengthChecker().then(
        (check) => active && setResult(check(password, inputsKey ? inputsKey.split('\u0000') : [])),
        () => active && setResult(null),
      );
    }, 150);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  const score = password && result ? result.score : null;
  return (
    <div className="strength" id={id}>
      <div className="strength__bar" aria-hidden="true" data-score={score ?? 'none'}>
        {[0, 1, 2, 3, 4].map((segment) => (
          <span key={segment} className={score !== null && segment <= score ? 'strength__segment is-on' : 'strength__segment'} />
        ))}
      </div>
      <p className="strength__text" aria-live="polite">
        {score !== null ? `Password strength: ${strengthLabel(score)}` : ''}
        {score !== null && result?.warning ? <span className="strength__warning"> {result.warning}</span> : null}
      </p>
    </div>
  );
}
