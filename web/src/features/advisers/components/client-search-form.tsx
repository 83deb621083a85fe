import type { FormEvent } from 'react';
import { Field, fieldAria } from '../../../shared/ui/field';
import type { ClientSearchErrors, ClientSearchValues } from '../client-search';

interface Props {
  values: ClientSearchValues;
  errors: ClientSearchErrors;
  dateFormat: string;
  onChange(values: ClientSearchValues): void;
  /** Enter or Search: search now, without waiting for the pause in typing. */
  onSubmit(): void;
}

/** The client list's search form (spec 3 §2.6): name, date of birth, postcode. */
export function ClientSearchForm({ values, errors, dateFormat, onChange, onSubmit }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const set = (field: keyof ClientSearchValues) => (event: { target: { value: string } }) => onChange({ ...values, [field]: event.target.value });
  return (
    <form role="search" aria-label="Search your clients" className="client-search" onSubmit={submit} noValidate>
      <Field id="client-search-name" label="Client name" error={errors.name}>
        <input {...fieldAria('client-search-name', errors.name)} type="text" value={values.name} onChange={set('name')} autoComplete="off" spellCheck={false} />
      </Field>
      <Field id="client-search-dob" label="Date of birth" hint={dateFormat} error={errors.dob}>
        <input {...fieldAria('client-search-dob', errors.dob, true)} type="text" value={values.dob} onChange={set('dob')} autoComplete="off" placeholder={dateFormat} />
      </Field>
      <Field id="client-search-postcode" label="Postcode" error={errors.postcode}>
        <input {...fieldAria('client-search-postcode', errors.postcode)} type="text" value={values.postcode} onChange={set('postcode')} autoComplete="off" spellCheck={false} />
      </Field>
      <div className="client-search__actions">
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </form>
  );
}
