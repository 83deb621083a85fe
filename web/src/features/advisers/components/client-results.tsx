import type { MouseEvent } from 'react';
import type { SiteAccessLevel } from '../../../shared/session/site-access';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import type { ClientSort, ClientSortField } from '../api/client-list';
import type { PortalViewOption } from '../client-rows';
import { BreakableEmail, ClientCards, ClientSortSelect } from './client-cards';
import { formatDob, NO_ACCESS_TEXT, type ClientRow } from './client-row';

export { NO_ACCESS_TEXT } from './client-row';
export const NO_CLIENTS_TEXT = 'No clients were found. Try widening your search criteria.';

/** The caption under the list (spec 3 §2.6). */
export function listCaption(count: number, ended: boolean): string {
  if (count === 0) return NO_CLIENTS_TEXT;
  return ended ? 'Showing all clients...' : `Showing the first ${count} clients...`;
}

type Row = ClientRow;

interface Props {
  rows: Row[];
  options: PortalViewOption[];
  sort: ClientSort;
  /** A new search or order is on its way; the rows shown are the previous ones. */
  busy: boolean;
  ended: boolean;
  loadingMore: boolean;
  /** The client being opened, while it opens: every row waits. */
  opening: number | null;
  /** A sortable column's header was chosen (the table: the same column again turns the order). */
  onSort(field: ClientSortField): void;
  /** An order was chosen outright (the phones' "Sort by"). */
  onSortBy(sort: ClientSort): void;
  onLoadMore(): void;
  onLevel(clientId: number, level: SiteAccessLevel): void;
  onOpen(row: Row): void;
}

/**
 * The results with their caption and 'Load more...': a table on tablets and desktops, cards on a
 * phone (client-cards.tsx), where a table of five columns would scroll sideways.
 */
export function ClientResults(props: Props) {
  const { rows, sort, busy, ended, loadingMore, opening, onSortBy, onLoadMore } = props;
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <>
      {rows.length > 0 &&
        (phone ? (
          <>
            <ClientSortSelect sort={sort} disabled={opening !== null} onSort={onSortBy} />
            <ClientCards rows={rows} options={props.options} busy={busy} opening={opening} onLevel={props.onLevel} onOpen={props.onOpen} />
          </>
        ) : (
          <ClientTable {...props} />
        ))}
      <p className={rows.length === 0 ? 'empty-state' : 'client-results__caption'} role="status">
        {listCaption(rows.length, ended)}
      </p>
      {!ended && rows.length > 0 && (
        <button type="button" className="button button--secondary client-results__more" disabled={loadingMore} onClick={onLoadMore}>
          {loadingMore ? 'Loading...' : 'Load more...'}
        </button>
      )}
    </>
  );
}

/**
 * The results as a table (name, email, date of birth, postcode, 'Portal view'): the sortable
 * headers are buttons with aria-sort, the name opens the client, each dropdown is labelled with
 * its client's name; a row that can be opened also opens on a tap anywhere outside its controls.
 */
function ClientTable({ rows, options, sort, busy, opening, onSort, onLevel, onOpen }: Props) {
  const header = (field: ClientSortField, label: string) => {
    const active = sort.field === field;
    return (
      <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}>
        <button type="button" className="sort-button" onClick={() => onSort(field)}>
          {label}
          <span className="sort-button__icon" aria-hidden="true">
            {active ? (sort.descending ? '▼' : '▲') : '↕'}
          </span>
        </button>
      </th>
    );
  };
  const rowClick = (row: Row) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (row.state.noAccess || opening !== null) return;
    if ((event.target as HTMLElement).closest('button, select, a, label')) return;
    onOpen(row);
  };
  return (
    <div className="client-table__scroller" role="region" aria-label="Clients" tabIndex={0}>
      <table className="client-table" aria-busy={busy || undefined}>
        <thead>
          <tr>
            {header('entity_name', 'Name')}
            <th scope="col">Email</th>
            {header('dob', 'Date of birth')}
            <th scope="col">Postcode</th>
            <th scope="col">Portal view</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { item, state } = row;
            const selectId = `portal-view-${item.id}`;
            return (
              <tr key={item.id} className={state.noAccess ? 'client-row client-row--no-access' : 'client-row'} onClick={rowClick(row)}>
                <th scope="row" className="client-row__name">
                  {state.noAccess ? (
                    <span>{item.entity_name}</span>
                  ) : (
                    <button type="button" className="link-button" disabled={opening !== null} onClick={() => onOpen(row)}>
                      {item.entity_name}
                    </button>
                  )}
                  {state.noAccess && <span className="client-tag client-tag--muted">{NO_ACCESS_TEXT}</span>}
                  {state.isPreview && <span className="client-tag">Preview</span>}
                  {opening === item.id && (
                    <span className="client-row__opening" role="status">
                      Opening…
                    </span>
                  )}
                </th>
                <td className="client-row__email">
                  <BreakableEmail email={item.preferred_email} />
                </td>
                <td className="client-row__dob">{formatDob(item.dob)}</td>
                <td className="client-row__postcode">{item.preferred_postcode}</td>
                <td>
                  <label className="visually-hidden" htmlFor={selectId}>
                    Portal view for {item.entity_name}
                  </label>
                  <select id={selectId} className="portal-view" value={state.level} disabled={opening !== null} onChange={(event) => onLevel(item.id, event.target.value as SiteAccessLevel)}>
                    {options.map((option) => (
                      <option key={option.level} value={option.level}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
