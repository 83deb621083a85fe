import { useState, type FormEvent } from 'react';
import type { DocType } from '../api/doc-types';
import { ALL_DOC_TYPES, SORT_OPTIONS, type MessageFilters, type SortValue, type ViewAction } from '../messages-rules';

export interface EntityOption {
  /** The entity ids it selects; the first option (the client) is empty: the server's default. */
  key: string;
  name: string;
  entityIds: number[];
}

interface Props {
  filters: MessageFilters;
  entityOptions: readonly EntityOption[] | null;
  docTypes: readonly DocType[] | null;
  onChange(action: ViewAction): void;
}

/**
 * The list's filters (spec 3 §2.1, §3.1): 'Show messages for' (related entities only), sort,
 * document type (unless switched off), dates, and the subject search that applies on Enter or
 * the search button.
 */
export function MessageFiltersBar({ filters, entityOptions, docTypes, onChange }: Props) {
  const [search, setSearch] = useState(filters.search);
  const entityKey = entityOptions?.find((option) => option.entityIds.join(',') === filters.entityIds.join(','))?.key ?? entityOptions?.[0]?.key;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ type: 'search', search });
  };
  return (
    <div className="messages-filters">
      {entityOptions && (
        <div className="field">
          <label htmlFor="messages-entity">Show messages for</label>
          <select
            id="messages-entity"
            value={entityKey}
            onChange={(event) => onChange({ type: 'entity', entityIds: entityOptions.find((o) => o.key === event.target.value)?.entityIds ?? [] })}
          >
            {entityOptions.map((option) => (
              <option key={option.key} value={option.key}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="messages-sort">Sort by</label>
        <select id="messages-sort" value={filters.sort} onChange={(event) => onChange({ type: 'sort', sort: event.target.value as SortValue })}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {docTypes && (
        <div className="field">
          <label htmlFor="messages-doctype">Document type</label>
          <select id="messages-doctype" value={filters.docType} onChange={(event) => onChange({ type: 'docType', docType: event.target.value })}>
            <option value={ALL_DOC_TYPES}>All</option>
            {docTypes.map((type) => (
              <option key={type.code} value={type.code}>
                {type.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="messages-from">From</label>
        <input id="messages-from" type="date" value={filters.dateFrom} max={filters.dateTo || undefined} onChange={(event) => onChange({ type: 'dates', dateFrom: event.target.value, dateTo: filters.dateTo })} />
      </div>
      <div className="field">
        <label htmlFor="messages-to">To</label>
        <input id="messages-to" type="date" value={filters.dateTo} min={filters.dateFrom || undefined} onChange={(event) => onChange({ type: 'dates', dateFrom: filters.dateFrom, dateTo: event.target.value })} />
      </div>
      <form role="search" className="messages-search" onSubmit={submit}>
        <label htmlFor="messages-search" className="visually-hidden">
          Search by subject
        </label>
        <input id="messages-search" type="search" placeholder="Search by subject" value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="button">
          Search
        </button>
      </form>
    </div>
  );
}
