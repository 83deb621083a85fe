import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { AssetView } from '../../../shared/api/client-assets';
import type { AssetMember } from '../api/asset-members';
import { ASSET_LISTS, tabLabel, VIEW_LABELS, VIEWS, type CurrencyView } from '../balance-sheet-rules';
import { BALANCE_SHEET_TEXTS } from '../balance-sheet-texts';
import { IonSegment, IonSegmentButton } from './ion-segment-elements';

const isView = (value: unknown): value is AssetView => (VIEWS as readonly unknown[]).includes(value);

/**
 * 'Your wealth:' Managed / Non-managed / Everything (spec 2 §2.5), the views the site shows, as
 * an Ionic segment. Its ionChange is listened to here rather than through the wrapper's event
 * prop, which @lit/react leaves unattached outside a browser build (the unit tests' jsdom).
 */
export function WealthToggle({ views, view, onView }: { views: readonly AssetView[]; view: AssetView; onView(view: AssetView): void }) {
  const segment = useRef<HTMLIonSegmentElement>(null);
  const latest = useRef({ view, onView });
  useEffect(() => {
    latest.current = { view, onView };
  });
  useEffect(() => {
    const element = segment.current;
    if (!element) return;
    const changed = (event: Event) => {
      const next = (event as CustomEvent<{ value?: unknown }>).detail?.value;
      if (isView(next) && next !== latest.current.view) latest.current.onView(next);
    };
    element.addEventListener('ionChange', changed);
    return () => element.removeEventListener('ionChange', changed);
  }, []);
  return (
    <div className="balance-sheet__wealth">
      <span id="balance-sheet-wealth" className="balance-sheet__wealth-label">
        {BALANCE_SHEET_TEXTS.wealth}
      </span>
      <IonSegment ref={segment} className="balance-sheet__segment" aria-labelledby="balance-sheet-wealth" value={view}>
        {views.map((v) => (
          <IonSegmentButton key={v} value={v} data-view={v}>
            {VIEW_LABELS[v]}
          </IonSegmentButton>
        ))}
      </IonSegment>
    </div>
  );
}

/** Whose assets: 'Me' first, then the related entities the client may see (spec 2 §2.5 ?id=). */
export function MemberSelect({ members, memberId, onMember }: { members: readonly AssetMember[]; memberId: number; onMember(id: number): void }) {
  return (
    <label className="balance-sheet__member">
      <span>Show assets of</span>
      <select value={memberId} onChange={(event) => onMember(Number(event.target.value))}>
        {members.map((m) => (
          <option key={m.entityId} value={m.entityId}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Spec 2 §2.5, §4: in multi-currency mode, plan (each record's own) or reporting currency. */
export function CurrencyMenu({ currencyView, reportCurrency, onCurrencyView }: { currencyView: CurrencyView; reportCurrency: string; onCurrencyView(view: CurrencyView): void }) {
  return (
    <details className="balance-sheet__menu">
      <summary>Currency</summary>
      <p className="balance-sheet__menu-state">{currencyView === 'plan' ? 'Values in their original currencies' : `Values in ${reportCurrency}`}</p>
      <button type="button" onClick={() => onCurrencyView(currencyView === 'plan' ? 'report' : 'plan')}>
        {currencyView === 'plan' ? `Convert to ${reportCurrency}` : 'Convert to original currencies'}
      </button>
    </details>
  );
}

/** The four tabs with their counts (spec 2 §2.5); arrow keys move between them. */
export function AssetTabs({ counts, shown, onTab }: { counts: readonly number[]; shown: number; onTab(index: number): void }) {
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = (shown + (event.key === 'ArrowRight' ? 1 : ASSET_LISTS.length - 1)) % ASSET_LISTS.length;
    onTab(next);
    document.getElementById(`balance-sheet-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Asset types" className="balance-sheet__tabs">
      {ASSET_LISTS.map((list, i) => (
        <button
          key={list}
          id={`balance-sheet-tab-${i}`}
          type="button"
          role="tab"
          data-list={list}
          aria-selected={shown === i}
          aria-controls="balance-sheet-panel"
          tabIndex={shown === i ? 0 : -1}
          onClick={() => onTab(i)}
          onKeyDown={onKey}
        >
          {tabLabel(list, counts[i] ?? 0)}
        </button>
      ))}
    </div>
  );
}
