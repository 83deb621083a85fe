/**
 * What the analysis page (spec 2 §2.3) has selected, handed to every tab. The page owns the
 * drill-down, the date filter and the currency view; a tab only reads this and fetches its data.
 * Tabs are loaded lazily (tabs/*-tab.tsx, each default-exporting a component taking
 * AnalysisTabProps) so the page's first chunk stays small.
 */
export interface AnalysisSelection {
  /** The viewed client (the session's client, or an adviser's client in context). */
  entityId: number;
  /** Every account the selection covers, in the account summary's order. */
  accountIds: readonly number[];
  /** Set when one portfolio is drilled into. */
  portfolioId: number | null;
  /** Set when one account group is drilled into (portfolio grouping by account group). */
  groupCode: string | null;
  /** Set when one account is selected: the tabs for a single account (instructions, payments). */
  singleAccountId: number | null;
  /** The heading shown: the account or group name, 'All accounts' or 'All portfolios'. */
  heading: string;
  /** YYYY-MM-DD, after the hold-back rule (spec 2 §5). */
  startDate: string;
  /** YYYY-MM-DD, after the hold-back rule (spec 2 §5). */
  endDate: string;
  /** Spec 2 §4: plan (original currency) or session (preferred currency). */
  currencyView: 'plan' | 'session';
  /** The client's preferred (report) currency, e.g. GBP. */
  reportCurrency: string;
  /** Spec 2 §4: close, delayed (view_marketdata) or live (live_marketdata_access). */
  pricingType: 'close' | 'delayed' | 'live';
  /** Spec 2 §5: the fees-and-taxes basis (0-5; default 1, AfterFeesAndTaxes). */
  feesAndTaxes: number;
  /** The viewer may only read (an adviser with a client in context). */
  readOnly: boolean;
}

/** The props of every lazily loaded analysis tab. */
export interface AnalysisTabProps {
  selection: AnalysisSelection;
}
