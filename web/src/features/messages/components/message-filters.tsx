import { useState, type FormEvent } from 'react';
import type { DocType } from '../api/doc-types';
import type { DocumentsDateOption } from '../documents-date-range';
import { ALL_DOC_TYPES, SORT_OPTIONS, type EntityFilterOption, type MessageFilters, type SortValue, type ViewAction } from '../messages-rules';
import { DocumentsDateFilter } from './documents-date-filter';

interface Props {
  filters: MessageFilters;
  entityOptions: readonly EntityFilterOption[] | null;
  docTypes: readonly DocType[] | null;
  dateOptions: readonly { value: DocumentsDateOption; label: string }[];
  /** Today (YYYY-MM-DD) and the viewed client's region, for the date range's presets. */
  today: string;
  region: string;
  onChange(action: ViewAction): void;
}

/**
 * The list's filters (spec 3 §2.1, §3.1): 'Show messages for' (related entities only), sort,
 * document type (unless switched off), date range (spec 3 §9), and the subject search that
 * applies on Enter or the search button.
 */
export function MessageFiltersBar({ filters, entityOptions, docTypes, dateOptions, today, region, onChange }: Props) {
  const entityKey = entityOptions?.find((option) => option.entityIds.join(',') === filters.entityIds.join(','))?.key ?? entityOptions?.[0]?.key;
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
      <DocumentsDateFilter
        dates={filters}
        options={dateOptions}
        today={today}
        region={region}
        onChange={(dates) => onChange({ type: 'dates', ...dates })}
      />
      {/* Keyed by the filters: a search typed but not applied is dropped when the list changes. */}
      <SubjectSearch key={JSON.stringify(filters)} applied={filters.search} onSearch={(search) => onChange({ type: 'search', search })} />
    </div>
  );
}

function SubjectSearch({ applied, onSearch }: { applied: string; onSearch(search: string): void }) {
  const [search, setSearch] = useState(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(search);
  };
  return (
    <form role="search" className="messages-search" onSubmit={submit}>
      <label htmlFor="messages-search" className="visually-hidden">
        Search by subject
      </label>
      <input id="messages-search" type="search" placeholder="Search by subject" value={search} onChange={(event) => setSearch(event.target.value)} />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
