import { useId, useRef, useState } from 'react';
import { Dialog } from '../../../shared/ui/dialog';
import { Field, fieldAria } from '../../../shared/ui/field';
import type { DateMessageSet } from '../analysis-settings';
import { checkCustomRange, DATE_OPTION_LABELS, formatRangeDate, type DateFilter, type DateMessages, type DateOptionKey, type DateRange } from '../date-range';

interface Props {
  filter: DateFilter;
  range: DateRange;
  options: DateOptionKey[];
  /** The since-inception date: the custom start's minimum. */
  minDate: string | undefined;
  /** The last day with data: the inputs' maximum. */
  maxDate: string;
  messages: DateMessages;
  messageSet: DateMessageSet;
  locale: string;
  onApply(filter: DateFilter): void;
}

/**
 * The date-range filter (spec 2 §2.4, §5): a button showing the range ('Do MMMM YYYY') that
 * opens a modal dialog with the options as radio buttons and, for Custom, labelled start and end
 * inputs validated as typed; Apply is disabled while the range is invalid, Cancel keeps the
 * range as it was.
 */
export function DateRangeFilter({ filter, range, options, minDate, maxDate, messages, messageSet, locale, onApply }: Props) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dates = `${formatRangeDate(range.startDate, locale)} – ${formatRangeDate(range.endDate, locale)}`;
  return (
    <>
      <button ref={buttonRef} type="button" className="date-range-button" aria-haspopup="dialog" onClick={() => setOpen(true)} data-range={`${range.startDate}/${range.endDate}`}>
        <span className="date-range-button__name">{range.name}</span>
        <span className="date-range-button__dates">{dates}</span>
      </button>
      {open && (
        <RangeDialog
          filter={filter}
          range={range}
          options={options}
          minDate={minDate}
          maxDate={maxDate}
          messages={messages}
          messageSet={messageSet}
          onCancel={() => setOpen(false)}
          onApply={(next) => {
            setOpen(false);
            onApply(next);
          }}
          returnFocusTo={() => buttonRef.current}
        />
      )}
    </>
  );
}

interface DialogProps extends Omit<Props, 'locale'> {
  onCancel(): void;
  returnFocusTo(): HTMLElement | null;
}

function RangeDialog({ filter, range, options, minDate, maxDate, messages, messageSet, onApply, onCancel, returnFocusTo }: DialogProps) {
  const ids = useId();
  const [option, setOption] = useState<DateOptionKey>(filter.option);
  const [start, setStart] = useState(filter.option === 'custom' ? (filter.customStart ?? '') : range.startDate);
  const [end, setEnd] = useState(filter.option === 'custom' ? (filter.customEnd ?? '') : range.endDate);
  const check = checkCustomRange(start, end, { minDate, messages, set: messageSet });
  const custom = option === 'custom';
  const canApply = !custom || check.valid;
  const startId = `${ids}-start`;
  const endId = `${ids}-end`;
  return (
    <Dialog title="Date range" onEscape={onCancel} returnFocusTo={returnFocusTo}>
      <form
        className="date-range-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (canApply) onApply(custom ? { option, customStart: start, customEnd: end } : { option });
        }}
      >
        <fieldset>
          <legend className="visually-hidden">Show figures for</legend>
          {options.map((key) => (
            <label key={key} className="date-range-form__option">
              <input type="radio" name={`${ids}-option`} value={key} checked={option === key} onChange={() => setOption(key)} />
              {DATE_OPTION_LABELS[key]}
            </label>
          ))}
        </fieldset>
        {custom && (
          <div className="date-range-form__custom">
            <Field id={startId} label="Start date" error={check.start}>
              <input type="date" {...fieldAria(startId, check.start)} value={start} min={minDate} max={maxDate} onChange={(event) => setStart(event.target.value)} />
            </Field>
            <Field id={endId} label="End date" error={check.end}>
              <input type="date" {...fieldAria(endId, check.end)} value={end} min={minDate} max={maxDate} onChange={(event) => setEnd(event.target.value)} />
            </Field>
          </div>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!canApply}>
            Apply
          </button>
        </div>
      </form>
    </Dialog>
  );
}
