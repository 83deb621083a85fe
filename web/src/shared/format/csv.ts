/**
 * CSV exports clients open in Excel (issue 15, deliverable 5): UTF-8 with a byte-order mark so
 * Excel reads accents and currency symbols, CRLF line ends (RFC 4180), values unformatted
 * (numbers as the platform gave them, no separators or symbols) and dates ISO (YYYY-MM-DD).
 */

/** A cell: text, a number written as it is, or empty. */
export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';

/**
 * One cell, quoted when it holds a comma, quote or line break. A text cell starting with =, +, -
 * or @ is prefixed with an apostrophe so a spreadsheet never runs it as a formula (a security
 * name or comment is client-controlled text); numbers are never prefixed, so -12.5 stays a number.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file's text: BOM, a header row, then the rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Offers the text as a download named fileName (text/csv, UTF-8). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
