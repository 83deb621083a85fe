import type { DashboardAccount, DashboardAccounts } from '../portfolio/api/dashboard-accounts';
import type { PerformanceFigures, ProfitAnalysis } from '../portfolio/api/profit-analysis';
import type { Money } from '../portfolio/api/typed-values';
import { showsLinkedSection, type PortfolioGrouping, type ProfitAnalysisType } from '../portfolio/portfolio-rules';
import type { AnalysisFigures } from './api/analysis-figures';
import type { Level } from './drill-down';

/**
 * The Accounts tab's tables (spec 2 §2.3): at the top a row per portfolio (or, under
 * account-group grouping, per account group and per account in none), below that a row per
 * account; 'My ...' and, under Split, 'Linked ...'. Each row has its figures and the level a
 * click opens.
 */

export interface AccountsRow {
  key: string;
  name: string;
  /** '(N account(s))' on portfolio and group rows. */
  count: number | null;
  value: Money | null;
  /** The TWR or IRR (by the profit analysis type); null when none. */
  performance: number | null;
  change: Money | null;
  /** Why a figure is missing ('Conversion rate unavailable'). */
  reason: string | null;
  opens: Level;
}

export interface AccountsTables {
  /** Accounts when a portfolio or group is selected, otherwise Account groups or Portfolios. */
  title: 'Accounts' | 'Account groups' | 'Portfolios';
  my: AccountsRow[];
  linked: AccountsRow[];
}

function figuresRow(key: string, name: string, count: number | null, figures: PerformanceFigures | undefined, type: ProfitAnalysisType, opens: Level, blocked = false): AccountsRow {
  const performance = blocked || !figures ? null : type === 'irr' ? figures.irr : figures.twrr;
  return { key, name, count, value: figures?.value ?? null, performance, change: figures?.valueChange ?? null, reason: figures?.reason ?? null, opens };
}

/** The figures of one account: in its own currency in the original-currency view, when that answer came. */
function accountFigures(account: DashboardAccount, figures: AnalysisFigures, currencyView: 'plan' | 'session'): PerformanceFigures | undefined {
  const own = currencyView === 'plan' ? figures.byCurrency.get(account.planCurrency) : undefined;
  const source: ProfitAnalysis = own ?? figures.main;
  return source.accounts.find((a) => a.accountId === account.accountId);
}

export function accountsTables(
  level: Level,
  selected: readonly DashboardAccount[],
  accounts: DashboardAccounts,
  figures: AnalysisFigures,
  grouping: PortfolioGrouping,
  type: ProfitAnalysisType,
  currencyView: 'plan' | 'session',
): AccountsTables {
  const accountRow = (a: DashboardAccount) =>
    figuresRow(`account-${a.accountId}`, a.description, null, accountFigures(a, figures, currencyView), type, { kind: 'account', accountId: a.accountId }, a.blocked);
  const linkedApart = showsLinkedSection(grouping);
  if (level.kind !== 'all') {
    return {
      title: 'Accounts',
      my: selected.filter((a) => !linkedApart || !a.linked).map(accountRow),
      linked: linkedApart ? selected.filter((a) => a.linked).map(accountRow) : [],
    };
  }
  if (grouping === 'AccountGroup') {
    const grouped = new Set(accounts.groups.flatMap((g) => g.accountIds));
    const groups = accounts.groups
      .filter((g) => g.accountIds.length > 0)
      .map((g) => figuresRow(`group-${g.code}`, g.name, g.accountIds.length, figures.groups.get(g.code)?.total ?? undefined, type, { kind: 'group', code: g.code }));
    return { title: 'Account groups', my: [...groups, ...selected.filter((a) => !grouped.has(a.accountId)).map(accountRow)], linked: [] };
  }
  const portfolioRow = (portfolioId: number) => {
    const own = selected.filter((a) => a.portfolioId === portfolioId);
    const name = accounts.portfolios.find((p) => p.portfolioId === portfolioId)?.name || own[0]?.portfolioName || `Portfolio ${portfolioId}`;
    const rowFigures = figures.main.portfolios.find((p) => p.portfolioId === portfolioId);
    return figuresRow(`portfolio-${portfolioId}`, name, own.length, rowFigures, type, { kind: 'portfolio', portfolioId }, own.length > 0 && own.every((a) => a.blocked));
  };
  const ids = [...new Set(selected.map((a) => a.portfolioId).filter((id): id is number => id !== null))];
  const linkedPortfolio = (id: number) => accounts.portfolios.find((p) => p.portfolioId === id)?.linked ?? selected.filter((a) => a.portfolioId === id).every((a) => a.linked);
  return {
    title: 'Portfolios',
    my: ids.filter((id) => !linkedApart || !linkedPortfolio(id)).map(portfolioRow),
    linked: linkedApart ? ids.filter(linkedPortfolio).map(portfolioRow) : [],
  };
}

/** '(1 account)' or '(N accounts)'. */
export function countLabel(count: number): string {
  return count === 1 ? '(1 account)' : `(${count} accounts)`;
}
