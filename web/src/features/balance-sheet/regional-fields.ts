import type { AssetList } from '../../shared/api/client-assets';

/**
 * The regional field sets of spec 3 §3.5 and the balance sheet's columns they give (spec 2
 * §2.5), as pure functions of the client's region. The platform sends each row with its
 * region's field set (package assets, FieldSet); the page shows a column only where the region
 * has its field, so a row never shows a field its region does not record.
 */

/** Spec 2 §9, spec 3 §3.5: the regions. */
export const REGIONS = ['GB', 'AU', 'CA', 'NZ', 'ZA', 'NA', 'AA', 'HK', 'SG', 'TH', 'MY', 'TW', 'ID'] as const;
export type Region = (typeof REGIONS)[number];

/** A region as the platform names it; an unknown or empty one is GB's (the default locale, spec 2 §1). */
export function regionOf(value: string | null | undefined): Region {
  const code = (value ?? '').toUpperCase();
  return (REGIONS as readonly string[]).includes(code) ? (code as Region) : 'GB';
}

const among = (region: Region, ...regions: Region[]) => regions.includes(region);

/** Spec 3 §3.5: the wire fields of a list's rows in a region (before the fields every region has). */
export function assetFieldSet(list: AssetList, region: Region): string[] {
  switch (list) {
    case 'asset': {
      const fields = ['amount', 'desc', 'type', 'amount_in_report_currency', 'valuation_date', 'owner', 'market_value'];
      fields.push(...(among(region, 'ZA', 'NA', 'AA') ? ['asset_number'] : ['policy_number', 'status']));
      if (among(region, 'ZA', 'HK', 'SG', 'TH', 'MY', 'TW', 'ID', 'NA', 'AA')) fields.push('supplier');
      else if (among(region, 'AU', 'CA', 'NZ')) fields.push('supplier_string');
      else fields.push('provider', 'withdrawal_total', 'contribution_total', 'is_sipp_wrapper');
      return fields;
    }
    case 'fund_za': {
      const fields = ['type', 'fund_value', 'is_sipp_wrapper', 'desc', 'fund_or_policy_num', 'product_provider', 'fund_value_in_report_currency', 'fund_valuation_date', 'policy_status', 'fund_value_in_plan_currency'];
      if (region === 'GB') fields.push('contribution_total', 'withdrawal_total', 'crystallised_fund', 'uncrystallised_fund');
      return fields;
    }
    case 'annuity': {
      const fields = ['description', 'type', 'frequency', 'income_value', 'income_rate', 'current_value_in_report_currency', 'product_provider', 'policy_number', 'owner', 'policy_status', 'current_value'];
      if (among(region, 'GB', 'ZA', 'NA', 'AA')) fields.push('valuation_date');
      if (region === 'GB') fields.push('is_sipp_wrapper', 'capital_content');
      return fields;
    }
    case 'liability': {
      const fields = ['amount_in_report_currency', 'package_name', 'type', 'supplier', 'rate', 'policy_number', 'valuation_date', 'owner', 'status', 'amount'];
      if (region === 'GB') fields.push('is_sipp_wrapper');
      return fields;
    }
  }
}

/** What a column shows of a row (features/balance-sheet/asset-rows.ts reads them). */
export type ColumnKey =
  | 'description'
  | 'type'
  | 'flows'
  | 'totalValue'
  | 'valueOwned'
  | 'percentOwned'
  | 'policy'
  | 'funds'
  | 'value'
  | 'income'
  | 'capital'
  | 'rate'
  | 'balance';

export interface Column {
  key: ColumnKey;
  header: string;
  /** A figure: right-aligned, tabular. */
  numeric: boolean;
}

/** The row's details a column's cell names beside its main text, by the region's field names. */
export interface RowFields {
  /** The policy or asset number: policy_number, or asset_number in ZA, NA and AA. */
  number: 'policy_number' | 'asset_number' | 'fund_or_policy_num';
  /** Who provides it: provider (GB), supplier, supplier_string (AU, CA, NZ), product_provider. */
  provider: 'provider' | 'supplier' | 'supplier_string' | 'product_provider';
  /** Whether the value has its valuation date in this region. */
  valuationDate: boolean;
}

/** The fields a list's cells read in a region. */
export function rowFields(list: AssetList, region: Region): RowFields {
  const fields = assetFieldSet(list, region);
  const has = (field: string) => fields.includes(field);
  switch (list) {
    case 'asset':
      return {
        number: has('asset_number') ? 'asset_number' : 'policy_number',
        provider: has('provider') ? 'provider' : has('supplier_string') ? 'supplier_string' : 'supplier',
        valuationDate: true,
      };
    case 'fund_za':
      return { number: 'fund_or_policy_num', provider: 'product_provider', valuationDate: has('fund_valuation_date') };
    case 'annuity':
      return { number: 'policy_number', provider: 'product_provider', valuationDate: has('valuation_date') };
    case 'liability':
      return { number: 'policy_number', provider: 'supplier', valuationDate: has('valuation_date') };
  }
}

/**
 * Spec 2 §2.5's columns of a list in a region: investments (description and owners, type and
 * policy number, optional contributions and withdrawals, total value with valuation date, value
 * owned, % owned); pensions (description and type, policy number and provider, contributions and
 * withdrawals to date, crystallised and uncrystallised fund, value); annuities (income amount
 * per annum, capital amount); liabilities (interest rate, outstanding balance). Each pair the
 * spec names is one column, its two figures on two labelled lines. A column whose fields the
 * region does not record (spec 3 §3.5) is left out.
 */
export function balanceSheetColumns(list: AssetList, region: Region): Column[] {
  const fields = assetFieldSet(list, region);
  const has = (field: string) => fields.includes(field);
  const text = (key: ColumnKey, header: string): Column => ({ key, header, numeric: false });
  const figure = (key: ColumnKey, header: string): Column => ({ key, header, numeric: true });
  const columns: (Column | false)[] = (() => {
    switch (list) {
      case 'asset':
        return [
          text('description', 'Description and owners'),
          text('type', has('asset_number') ? 'Type and asset number' : 'Type and policy number'),
          has('contribution_total') && has('withdrawal_total') && figure('flows', 'Contributions and withdrawals'),
          figure('totalValue', 'Total value'),
          figure('valueOwned', 'Value owned'),
          figure('percentOwned', '% owned'),
        ];
      case 'fund_za':
        return [
          text('description', 'Description and type'),
          text('policy', 'Policy number and provider'),
          has('contribution_total') && has('withdrawal_total') && figure('flows', 'Contributions and withdrawals to date'),
          has('crystallised_fund') && has('uncrystallised_fund') && figure('funds', 'Crystallised and uncrystallised fund'),
          figure('value', 'Value'),
        ];
      case 'annuity':
        return [text('description', 'Description'), figure('income', 'Income per annum'), figure('capital', 'Capital amount')];
      case 'liability':
        return [text('description', 'Description'), figure('rate', 'Interest rate'), figure('balance', 'Outstanding balance')];
    }
  })();
  return columns.filter((c): c is Column => c !== false);
}
