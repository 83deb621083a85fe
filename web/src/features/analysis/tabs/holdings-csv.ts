import { toCsv, type CsvCell } from '../../../shared/format/csv';
import type { Figure } from '../api/holdings-positions';
import { costAndGain, figuresIn, rowPositions, type AccountSection, type CurrencyView } from './holdings-rules';

/**
 * The holdings CSV of the current selection (issue 15, deliverable 5): one line per position,
 * sub-positions included (Part numbers a split holding's parts 1, 2, … as the tab shows them;
 * empty on a whole holding), in the currency view each account shows. Numbers as the platform
 * gave them (no separators, symbols or rounding of ours), a figure that is not available left
 * empty, dates ISO; UTF-8 with a BOM (shared/format/csv).
 */
export const HOLDINGS_CSV_HEADER = [
  'Account',
  'Security name',
  'Code',
  'ISIN',
  'Units',
  'Price',
  'Market value',
  'Currency',
  'Book cost',
  'Unrealised gain',
  '% Amount',
  'Price date',
  'Part',
] as const;

const amount = (figure: Figure): CsvCell => ('amount' in figure ? figure.amount : null);

export function holdingsCsv(sections: readonly AccountSection[], views: ReadonlyMap<number, CurrencyView>): string {
  const rows: CsvCell[][] = [];
  for (const section of sections) {
    const view = views.get(section.accountId) ?? 'account';
    for (const row of section.rows) {
      for (const [n, position] of rowPositions(row).entries()) {
        const figures = figuresIn(position, view);
        const { cost, gain } = costAndGain(position, view);
        rows.push([
          section.name,
          position.description,
          position.code,
          position.isin,
          position.units,
          amount(figures.price),
          amount(figures.value),
          figures.currency,
          amount(cost),
          amount(gain),
          position.weight,
          position.priceDate,
          row.parts.length ? n + 1 : null,
        ]);
      }
    }
  }
  return toCsv(HOLDINGS_CSV_HEADER, rows);
}

/** holdings-2026-11-24.csv: the selection's end date, so two exports of different dates differ. */
export const holdingsFileName = (endDate: string) => `holdings-${endDate}.csv`;
