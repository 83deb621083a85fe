import { describe, expect, it } from 'vitest';
import { parsePositions } from '../api/holdings-positions';
import { HOLDINGS_CSV_HEADER, holdingsCsv, holdingsFileName } from './holdings-csv';
import { accountSections } from './holdings-rules';

const money = (code: string, value: string) => ({ _type: 'Currency', _val: { code, value: { _type: 'BigDecimal', _val: value } } });
const dec = (value: string) => ({ _type: 'BigDecimal', _val: value });

/** Two positions as the platform answers them: a sterling fund and a dollar ETF in a sterling account. */
const answer = [
  {
    position_id: '1-10',
    accountid: 1,
    security_id: 10,
    description: 'Harbour Global Equity Fund, Acc "A"',
    code: 'HVGEA',
    volume: dec('3120.4567'),
    weight: dec('61'),
    native_currency: 'GBP',
    plan_currency: 'GBP',
    base_currency: 'GBP',
    native_marketprice: money('GBP', '1.8123'),
    plan_currency_marketprice: money('GBP', '1.8123'),
    value: money('GBP', '5655.20'),
    native_value: money('GBP', '5655.20'),
    plan_currency_value: money('GBP', '5655.20'),
    native_cost: money('GBP', '4800.00'),
    plan_currency_cost: money('GBP', '4800.00'),
    native_unrealised_gain: money('GBP', '855.20'),
    plan_currency_unrealised_gain: money('GBP', '855.20'),
    priceDate: { _type: 'Date', _val: '2026-11-24' },
    security: { isin: 'GB00HVGEA001' },
  },
  {
    position_id: '1-14',
    accountid: 1,
    security_id: 14,
    description: 'Meridian US Equity ETF',
    code: 'MRUSA',
    volume: dec('17.0000'),
    weight: dec('39'),
    native_currency: 'USD',
    plan_currency: 'GBP',
    base_currency: 'GBP',
    native_marketprice: money('USD', '212.5000'),
    plan_currency_marketprice: money('GBP', '168.6508'),
    value: money('GBP', '2867.06'),
    native_value: money('USD', '3612.50'),
    plan_currency_value: money('GBP', '2867.06'),
    native_cost: money('USD', '3400.00'),
    plan_currency_cost: 'Not available',
    native_unrealised_gain: money('USD', '-12.50'),
    plan_currency_unrealised_gain: 'Not available',
    priceDate: { _type: 'Date', _val: '2026-11-24' },
    security: { isin: 'IE00MRUSA001' },
  },
];

/** A minimal RFC 4180 reader, to read the file back as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

describe('the holdings CSV (issue 15, deliverable 5)', () => {
  const sections = accountSections(parsePositions(answer), [1], new Map([[1, 'Stocks & Shares ISA']]));

  it('is UTF-8 with a BOM, a header, then one line per position with the platform’s figures unformatted', () => {
    const text = holdingsCsv(sections, new Map());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([...HOLDINGS_CSV_HEADER]);
    // Account currency (the default view): the ETF's cost and gain are not restated, so empty.
    expect(rows).toEqual([
      ['Stocks & Shares ISA', 'Harbour Global Equity Fund, Acc "A"', 'HVGEA', 'GB00HVGEA001', '3120.4567', '1.8123', '5655.2', 'GBP', '4800', '855.2', '61', '2026-11-24', ''],
      ['Stocks & Shares ISA', 'Meridian US Equity ETF', 'MRUSA', 'IE00MRUSA001', '17', '168.6508', '2867.06', 'GBP', '', '', '39', '2026-11-24', ''],
    ]);
  });

  it('exports each account in the currency it is shown in', () => {
    const [, , etf] = parseCsv(holdingsCsv(sections, new Map([[1, 'original']])).slice(1));
    expect(etf).toEqual(['Stocks & Shares ISA', 'Meridian US Equity ETF', 'MRUSA', 'IE00MRUSA001', '17', '212.5', '3612.5', 'USD', '3400', '-12.5', '39', '2026-11-24', '']);
    // Read back, every number equals the platform's decimal text.
    const etfAnswer = answer[1]!;
    const platform = [etfAnswer.volume, etfAnswer.native_marketprice._val.value, etfAnswer.native_value._val.value, etfAnswer.native_cost._val.value, etfAnswer.native_unrealised_gain._val.value, etfAnswer.weight];
    expect([4, 5, 6, 8, 9, 10].map((i) => Number(etf![i]))).toEqual(platform.map((d) => Number(d._val)));
  });

  it('numbers the parts of a split holding, one line each, as the tab shows them', () => {
    // The fund held in two parts (split_index 0 and 1), listed after the ETF, its parts out of order.
    const parts = [answer[1]!, { ...answer[0]!, position_id: '1-10-1', split_index: 1, volume: dec('120.0000') }, { ...answer[0]!, position_id: '1-10-0', split_index: 0 }];
    const split = accountSections(parsePositions(parts), [1], new Map([[1, 'Stocks & Shares ISA']]));
    const [, ...rows] = parseCsv(holdingsCsv(split, new Map()).slice(1));
    // Rows keep the platform's order; the parts go in split_index order under their holding.
    expect(rows.map((r) => [r[2], r[4], r[12]])).toEqual([
      ['MRUSA', '17', ''],
      ['HVGEA', '3120.4567', '1'],
      ['HVGEA', '120', '2'],
    ]);
  });

  it('is named by the end date of the selection', () => {
    expect(holdingsFileName('2026-11-24')).toBe('holdings-2026-11-24.csv');
  });
});
