/** The balance sheet's fixed texts (spec 2 §2.5, §8). */
export const BALANCE_SHEET_TEXTS = {
  heading: 'Balance Sheet',
  wealth: 'Your wealth:',
  empty: 'No assets have been recorded for the person selected',
  disabled: 'The ability to view asset data has been disabled by your site administrator. Please contact your adviser for more information.',
  assetsError: 'There was a problem retrieving one or more assets.',
  conversionUnavailable: 'Conversion rate unavailable',
  me: 'Me',
} as const;
