/**
 * Frequencies of spec 2 §9, with the platform's codes (Daily 1, Weekly 2, Monthly 3,
 * Quarterly 4, Yearly 5, None 7). Pure: no Highcharts here, so pages may import it eagerly.
 */
export const FREQUENCY = { daily: 1, weekly: 2, monthly: 3, quarterly: 4, yearly: 5, none: 7 } as const;

export type FrequencyCode = (typeof FREQUENCY)[keyof typeof FREQUENCY];

/** The date `months` calendar months after start, on the same day or the month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonthsClamped(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** Whether end is at most `months` calendar months after start: inclusive, as the platform counts (calc.spanAtMost). */
function within(start: string, end: string, months: number): boolean {
  return end <= addMonthsClamped(start, months);
}

/** Spec 2 §9 "Chart frequency": up to 2 years monthly, up to 10 years quarterly, else yearly. Dates are YYYY-MM-DD. */
export function chartFrequency(start: string, end: string): FrequencyCode {
  if (within(start, end, 24)) return FREQUENCY.monthly;
  if (within(start, end, 120)) return FREQUENCY.quarterly;
  return FREQUENCY.yearly;
}

/**
 * Spec 2 §9 profit-analysis frequency: up to 1 month daily, up to 8 months weekly, up to 2
 * years monthly, up to 10 years quarterly, else yearly.
 */
export function profitAnalysisFrequency(start: string, end: string): FrequencyCode {
  if (within(start, end, 1)) return FREQUENCY.daily;
  if (within(start, end, 8)) return FREQUENCY.weekly;
  return chartFrequency(start, end);
}
