import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
}

/** Read-only label and value pairs; rows without a value are left out. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  const shown = rows.filter((row) => row.value !== '' && row.value !== null && row.value !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="detail-list">
      {shown.map((row) => (
        <div className="detail-list__row" key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
