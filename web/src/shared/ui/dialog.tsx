import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  /** The sentence that explains the dialog; announced with the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** alertdialog for urgent questions (session ending, confirmations). */
  role?: 'dialog' | 'alertdialog';
  /** Escape key; usually the same as the safe choice. */
  onEscape?(): void;
  /** Where focus goes on opening; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Blurs the page behind (the session-timeout modal of spec 1 §2). */
  blurBackground?: boolean;
  /** Where focus goes on closing when the element that had it is gone (a closed menu). */
  returnFocusTo?(): HTMLElement | null;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): labelled by its title, aria-modal, focus kept inside
 * (Tab and Shift+Tab wrap), Escape handled, focus returned on close. Everything else on the page is
 * made inert while it is open, except live regions marked data-keep-live (the toasts).
 * Render it only while it is open.
 */
export function Dialog({ title, description, children, role = 'dialog', onEscape, initialFocusRef, blurBackground, returnFocusTo }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const ids = useId();

  useEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    const target = initialFocusRef?.current ?? node.querySelector<HTMLElement>(FOCUSABLE) ?? node;
    target.focus();
    const restoreOutside = makeOutsideInert(node, blurBackground ?? false);
    return () => {
      restoreOutside();
      if (previous && document.contains(previous) && previous !== document.body) previous.focus();
      else returnFocusTo?.()?.focus();
    };
    // Opening is the only moment that matters: the dialog is mounted while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, on opening
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-overlay">
      <div
        ref={ref}
        className="dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={description ? `${ids}-description` : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${ids}-title`} className="dialog__title">
          {title}
        </h2>
        {description && (
          <div id={`${ids}-description`} className="dialog__description">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}

/** Sets `inert` on every sibling of the dialog's ancestors (up to <body>), and undoes it. */
function makeOutsideInert(dialog: HTMLElement, blur: boolean): () => void {
  const changed: HTMLElement[] = [];
  const overlay = dialog.parentElement ?? dialog;
  for (let node: HTMLElement | null = overlay; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || !(sibling instanceof HTMLElement)) continue;
      if (sibling.hasAttribute('inert') || sibling.hasAttribute('data-keep-live') || sibling.tagName === 'SCRIPT') continue;
      sibling.setAttribute('inert', '');
      if (blur) sibling.classList.add('dialog-blurred');
      changed.push(sibling);
    }
  }
  return () => {
    for (const element of changed) {
      element.removeAttribute('inert');
      element.classList.remove('dialog-blurred');
    }
  };
}
