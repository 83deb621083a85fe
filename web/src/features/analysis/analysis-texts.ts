/** The analysis page's texts (spec 2 §2.3, §8), exactly as the spec writes them. */
export const ANALYSIS_TEXTS = {
  portfolioError: 'Something went wrong with loading your portfolio data.',
  noAccounts: "You don't have any accounts to view.",
  noDataForSelection: 'No data available for this selection',
  noData: 'No data available',
  zoomHint: 'Click and drag in the plot area to zoom in',
  marketData: 'Market data provided by',
  conversionUnavailable: 'Conversion rate unavailable',
  percentage: 'Percentage',
  value: 'Value',
  showIn: 'Show in',
  originalCurrency: 'Original currency',
} as const;
