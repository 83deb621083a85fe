import { useState } from 'react';
import { Field, fieldAria } from '../../../shared/ui/field';
import { checkCustomDates, datesFor, type DocumentsDateOption, type DocumentsDates } from '../documents-date-range';

interface Props {
  dates: DocumentsDates;
  options: readonly { value: DocumentsDateOption; label: string }[];
  /** Today in the browser's zone, fixed when the page opened. */
  today: string;
  /** The viewed client's region: where its tax years start. */
  region: string;
  onChange(dates: DocumentsDates): void;
}

/**
 * The documents' 'Date range' select (spec 3 §9); Custom adds From and To, applied as soon as
 * they make a valid range and never while they do not.
 */
export function DocumentsDateFilter({ dates, options, today, region, onChange }: Props) {
  return (
    <>
      <div className="field">
        <label htmlFor="messages-date-range">Date range</label>
        <select id="messages-date-range" value={dates.dateRange} onChange={(event) => onChange(datesFor(event.target.value as DocumentsDateOption, today, region))}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {dates.dateRange === 'custom' && <CustomDates initialFrom={dates.dateFrom} initialTo={dates.dateTo} onChange={onChange} />}
    </>
  );
}

/** From and To as typed: the list keeps the last valid range while they are invalid. */
function CustomDates({ initialFrom, initialTo, onChange }: { initialFrom: string; initialTo: string; onChange(dates: DocumentsDates): void }) {
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const check = checkCustomDates(from, to);
  const change = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (checkCustomDates(nextFrom, nextTo).valid) onChange({ dateRange: 'custom', dateFrom: nextFrom, dateTo: nextTo });
  };
  return (
    <>
      <Field id="messages-from" label="From" error={check.from}>
        <input {...fieldAria('messages-from', check.from)} type="date" value={from} onChange={(event) => change(event.target.value, to)} />
      </Field>
      <Field id="messages-to" label="To" error={check.to}>
        <input {...fieldAria('messages-to', check.to)} type="date" value={to} onChange={(event) => change(from, event.target.value)} />
      </Field>
    </>
  );
}
