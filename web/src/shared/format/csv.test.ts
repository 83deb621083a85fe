import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('starts with a UTF-8 byte-order mark and ends every line with CRLF', () => {
    const text = toCsv(['Date', 'Amount'], [['2026-01-02', 12.5]]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('Date,Amount\r\n2026-01-02,12.5\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Smith, J')).toBe('"Smith, J"');
    expect(csvCell('5" pipe')).toBe('"5"" pipe"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps numbers unformatted, negative numbers included, and leaves empty cells empty', () => {
    expect(csvCell(-1234.5678)).toBe('-1234.5678');
    expect(csvCell(1e21)).toBe('1e+21');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-fee')).toBe("'-fee");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('Fund £')).toBe('Fund £');
  });
});
