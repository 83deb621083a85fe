import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatLastLogin } from '../../shared/format/dates';
import type { NavLinkItem } from './navigation';

interface Props {
  lastLogin: string | null;
  /** Configured and built-in account links, above Log out. */
  links?: NavLinkItem[];
  busy: boolean;
  onLogout(): void;
}

/**
 * "My Account": a menu button (WAI-ARIA menu pattern). The last-login line sits above the menu
 * items, outside role=menu, because a menu may only contain items.
 */
export function AccountMenu({ lastLogin, links = [], busy, onLogout }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const ids = useId();
  const lastLoginText = formatLastLogin(lastLogin);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return undefined;
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const target: Record<string, number | undefined> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (target[event.key] !== undefined) {
      event.preventDefault();
      list[target[event.key]!]?.focus();
    }
  };

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        id={`${ids}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${ids}-menu` : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        My Account <span className="account-menu__chevron" aria-hidden="true" />
      </button>
      {open && (
        <div className="account-menu__panel">
          {lastLoginText && <p className="account-menu__last-login">Last login: {lastLoginText}</p>}
          <ul ref={menuRef} role="menu" id={`${ids}-menu`} aria-labelledby={`${ids}-button`} onKeyDown={onMenuKeyDown}>
            {links.map((link) => (
              <li role="none" key={link.to}>
                {link.kind === 'page' ? (
                  <Link role="menuitem" tabIndex={-1} to={link.to} onClick={() => setOpen(false)}>
                    {link.label}
                  </Link>
                ) : (
                  <a role="menuitem" tabIndex={-1} href={link.to}>
                    {link.label}
                  </a>
                )}
              </li>
            ))}
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                disabled={busy}
                onClick={() => {
                  // Closed first: a confirmation dialog may follow, and returns focus to My Account.
                  close(false);
                  onLogout();
                }}
              >
                {busy ? 'Logging out...' : 'Log out'}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
