import type { MouseEvent } from 'react';
import type { SiteAccessLevel } from '../../../shared/session/site-access';
import type { ClientSort } from '../api/client-list';
import type { PortalViewOption } from '../client-rows';
import { formatDob, NO_ACCESS_TEXT, type ClientRow } from './client-row';

/** The phones' sort choices: the table's two sortable columns, each way (spec 3 §2.6). */
export const SORT_CHOICES: { value: string; label: string; sort: ClientSort }[] = [
  { value: 'entity_name:asc', label: 'Name (A to Z)', sort: { field: 'entity_name', descending: false } },
  { value: 'entity_name:desc', label: 'Name (Z to A)', sort: { field: 'entity_name', descending: true } },
  { value: 'dob:asc', label: 'Date of birth (oldest first)', sort: { field: 'dob', descending: false } },
  { value: 'dob:desc', label: 'Date of birth (youngest first)', sort: { field: 'dob', descending: true } },
];

const sortValue = (sort: ClientSort) => `${sort.field}:${sort.descending ? 'desc' : 'asc'}`;

/** "Sort by": the table's sortable headers as one select, for the cards. */
export function ClientSortSelect({ sort, disabled, onSort }: { sort: ClientSort; disabled: boolean; onSort(sort: ClientSort): void }) {
  return (
    <div className="client-sort">
      <label htmlFor="client-sort">Sort by</label>
      <select
        id="client-sort"
        className="portal-view"
        value={sortValue(sort)}
        disabled={disabled}
        onChange={(event) => {
          const choice = SORT_CHOICES.find((candidate) => candidate.value === event.target.value);
          if (choice) onSort(choice.sort);
        }}
      >
        {SORT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Props {
  rows: ClientRow[];
  options: PortalViewOption[];
  busy: boolean;
  opening: number | null;
  onLevel(clientId: number, level: SiteAccessLevel): void;
  onOpen(row: ClientRow): void;
}

/**
 * The results on a phone: one card per client in a labelled list (a table of five columns would
 * scroll sideways at 390 px). Each card names the client (a heading, so screen-reader users can
 * move card to card), lists email, date of birth and postcode as labelled terms, and holds the
 * 'Portal view' dropdown and the Open button; a 'No client access' card has no Open button. A tap
 * anywhere on a card that can be opened, outside its controls, opens it too.
 */
export function ClientCards({ rows, options, busy, opening, onLevel, onOpen }: Props) {
  const cardClick = (row: ClientRow) => (event: MouseEvent<HTMLLIElement>) => {
    if (row.state.noAccess || opening !== null) return;
    if ((event.target as HTMLElement).closest('button, select, a, label')) return;
    onOpen(row);
  };
  return (
    <ul className="client-cards" aria-label="Clients" aria-busy={busy || undefined}>
      {rows.map((row) => {
        const { item, state } = row;
        const selectId = `portal-view-${item.id}`;
        return (
          <li key={item.id} className={state.noAccess ? 'client-card client-card--no-access' : 'client-card'} onClick={cardClick(row)}>
            <h2 className="client-card__name">{item.entity_name}</h2>
            {(state.noAccess || state.isPreview) && (
              <p className="client-card__tags">
                {state.noAccess && <span className="client-tag client-tag--muted">{NO_ACCESS_TEXT}</span>}
                {state.isPreview && <span className="client-tag">Preview</span>}
              </p>
            )}
            <dl className="client-card__details">
              <div>
                <dt>Email</dt>
                <dd className="client-row__email">{item.preferred_email ? <BreakableEmail email={item.preferred_email} /> : '–'}</dd>
              </div>
              <div>
                <dt>Date of birth</dt>
                <dd className="client-row__dob">{formatDob(item.dob) || '–'}</dd>
              </div>
              <div>
                <dt>Postcode</dt>
                <dd className="client-row__postcode">{item.preferred_postcode || '–'}</dd>
              </div>
            </dl>
            <div className="client-card__actions">
              <div className="client-card__view">
                <label htmlFor={selectId}>
                  Portal view <span className="visually-hidden">for {item.entity_name}</span>
                </label>
                <select id={selectId} className="portal-view" value={state.level} disabled={opening !== null} onChange={(event) => onLevel(item.id, event.target.value as SiteAccessLevel)}>
                  {options.map((option) => (
                    <option key={option.level} value={option.level}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              {!state.noAccess && (
                <button type="button" className="button client-card__open" disabled={opening !== null} onClick={() => onOpen(row)}>
                  Open <span className="visually-hidden">{item.entity_name}</span>
                </button>
              )}
            </div>
            {opening === item.id && (
              <p className="client-row__opening" role="status">
                Opening…
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** An email address that wraps before its @ first, rather than inside the domain. */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
