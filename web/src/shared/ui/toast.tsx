import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

/**
 * A small toast of our own: the login route must not load Ionic's ion-toast. Toasts sit at the
 * bottom start, last 6 seconds (paused while hovered or focused, so nobody loses a message they are
 * reading), error toasts have a Dismiss button, and a live region announces them.
 */

export type ToastKind = 'error' | 'success' | 'info';

export interface ToastInput {
  kind?: ToastKind;
  title?: string;
  message: string;
  durationMs?: number;
}

interface Toast extends Required<Omit<ToastInput, 'title'>> {
  id: number;
  title?: string;
}

export const TOAST_DURATION_MS = 6000;

interface ToastApi {
  show(toast: ToastInput): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    const toast: Toast = {
      id,
      kind: input.kind ?? 'info',
      title: input.title,
      message: input.message,
      durationMs: input.durationMs ?? TOAST_DURATION_MS,
    };
    // The same message twice in a row (e.g. three parallel calls failing) is shown once.
    setToasts((current) =>
      current.some((t) => t.title === toast.title && t.message === toast.message) ? current : [...current, toast].slice(-3),
    );
    return id;
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toast-region" aria-label="Notifications" data-keep-live="">
        <div className="toast-stack" aria-live="assertive" aria-relevant="additions text">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.durationMs, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.kind}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__body">
        {toast.title && <p className="toast__title">{toast.title}</p>}
        <p className="toast__message">{toast.message}</p>
      </div>
      {toast.kind === 'error' && (
        <button type="button" className="toast__dismiss" onClick={() => onDismiss(toast.id)}>
          Dismiss
        </button>
      )}
    </div>
  );
}
