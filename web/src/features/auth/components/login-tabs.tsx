import { useRef, type KeyboardEvent } from 'react';
import type { LoginTab } from '../username';

const TABS: { id: LoginTab; label: string }[] = [
  { id: 'client', label: 'Client' },
  { id: 'adviser', label: 'Adviser' },
];

export const LOGIN_PANEL_ID = 'login-panel';
export const tabId = (tab: LoginTab) => `login-tab-${tab}`;

interface Props {
  selected: LoginTab;
  onSelect(tab: LoginTab): void;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function LoginTabs({ selected, onSelect }: Props) {
  const refs = useRef<Record<LoginTab, HTMLButtonElement | null>>({ client: null, adviser: null });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[next]!.id;
    onSelect(tab);
    refs.current[tab]?.focus();
  };

  return (
    <div className="login-tabs" role="tablist" aria-label="Log in as">
      {TABS.map((tab) => (
        <button
          key={tab.id}
          ref={(node) => {
            refs.current[tab.id] = node;
          }}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          className="login-tabs__tab"
          aria-selected={tab.id === selected}
          aria-controls={LOGIN_PANEL_ID}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
