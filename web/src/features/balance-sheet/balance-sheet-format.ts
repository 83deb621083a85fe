import { dateLocale, dayjs } from '../../shared/format/dates';
import { DECIMALS, formatMoney, formatPercent } from '../../shared/format/numbers';
import type { Money } from './asset-rows';
import { BALANCE_SHEET_TEXTS } from './balance-sheet-texts';

/** Spec 2 §9: balance sheet values have 0 decimals. */
export const BALANCE_SHEET_DECIMALS = 0;

/** A value as the balance sheet shows it: 0 decimals, or the spec's text when it needed a rate that does not exist. */
export const formatValue = (money: Money | null, locale: string): string =>
  money ? formatMoney(money.value, money.currency, locale, BALANCE_SHEET_DECIMALS) : BALANCE_SHEET_TEXTS.conversionUnavailable;

/** A recorded amount (contributions, crystallised fund…) in 0 decimals; a dash when not recorded. */
export const formatRecorded = (money: Money | null, locale: string): string =>
  money ? formatMoney(money.value, money.currency, locale, BALANCE_SHEET_DECIMALS) : '–';

/** A percentage (share owned, interest rate): spec 2 §9's 2 decimals; a dash when not recorded. */
export const formatRate = (points: number | null, locale: string): string => (points === null ? '–' : formatPercent(points, locale, DECIMALS.percent));

/** Spec 3 §3.5: a valuation date as day, short month and year, in the locale's language (dayjs). */
export const formatValuationDate = (iso: string, locale: string): string => dayjs(iso).locale(dateLocale(locale)).format('D MMM YYYY');
