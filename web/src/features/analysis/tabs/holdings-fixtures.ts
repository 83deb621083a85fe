import type { Position } from '../api/holdings-positions';

/**
 * Positions for the holdings tests, built like the platform's answer reads (api/holdings-positions).
 * Only a test imports this file.
 */
export function position(over: Partial<Position> & { value?: number; cost?: number; currency?: string; planCurrency?: string } = {}): Position {
  const { value = 100, cost = 80, currency = 'GBP', planCurrency = 'GBP', ...rest } = over;
  const gain = Math.round((value - cost) * 100) / 100;
  const money = (amount: number, code: string) => ({ amount, currency: code });
  return {
    positionId: rest.positionId ?? `1-${rest.securityId ?? 10}`,
    accountId: 1,
    securityId: 10,
    description: 'Harbour Global Equity Fund Acc',
    code: 'HVGEA',
    isin: 'GB00HVGEA001',
    platformCash: false,
    units: 10,
    splitIndex: null,
    native: { currency, price: money(value / 10, currency), value: money(value, currency), cost: money(cost, currency), gain: money(gain, currency) },
    plan: { currency: planCurrency, price: money(value / 10, planCurrency), value: money(value, planCurrency), cost: money(cost, planCurrency), gain: money(gain, planCurrency) },
    baseValue: money(value, planCurrency),
    weight: null,
    annualIncome: money(0, currency),
    percentYield: 0,
    assetClassCode: 'Equity',
    sectorName: 'Global',
    regionalAllocation: {},
    assetClassAllocation: {},
    priceDate: '2026-11-24',
    ...rest,
  };
}
