import type { ReactNode } from 'react';
import './forms.css';

/**
 * A labelled form field: label, optional hint, the control, and its error. The error sits in a
 * polite live region, so it is announced when it appears, and the control points at the hint and
 * the error through aria-describedby (use `fieldAria`).
 */
interface Props {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Field({ id, label, error, hint, children, className }: Props) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      <div aria-live="polite">
        {error && (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** The accessibility attributes of the control inside a Field. */
export function fieldAria(id: string, error?: string | null, hint?: boolean) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** An inline message panel: errors are alerts (announced at once), the rest polite status. */
export function Notice({ kind, children, id }: { kind: 'error' | 'success' | 'info'; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {typeof children === 'string' ? <p>{children}</p> : children}
    </div>
  );
}

/**
 * After a refused submit, moves focus to the form's first invalid field once it is marked
 * (next frame) — unless the user has already started typing in a field, whose focus is theirs.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active instanceof HTMLInputElement || active instanceof HTMLSelectElement || active instanceof HTMLTextAreaElement) return;
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
