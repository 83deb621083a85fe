import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { batch, type BatchAnswer, type BatchCall } from '../../../shared/http/batch';
import { ApiError, parseAnswer } from '../../../shared/http';
import { compareAccounts, isLinkedAccount, isManaged } from '../portfolio-rules';
import { toDate, typedDate } from './typed-values';

/**
 * The dashboard's first round trip, 'Loading accounts' (spec 2 §2.2, §4): one batch with the
 * client's portfolios, accounts, account groups, account visibility links and capabilities.
 * Its answer decides what the second round trip (dashboard-data.ts) asks for.
 */

export const dashboardAccountsCalls = (entityId: number): BatchCall[] => [
  { path: `entity/client/${entityId}/portfolio` },
  { path: `portfolio/account?entityid=${entityId}` },
  { path: `portfolio/group/account?entityid=${entityId}` },
  { path: `entity/client-v4/${entityId}/account_user_visibility_link` },
  { path: `entity/client-v3/${entityId}/capability` },
];

const portfolioSchema = z.array(
  z.looseObject({
    portfolioid: z.number(),
    portfolio_name: z.nullish(z.string()),
    entityid: z.nullish(z.number()),
    ptype: z.nullish(z.string()),
    report_currency: z.nullish(z.string()),
    isLinked: z.nullish(z.boolean()),
    reason_for_visibility: z.nullish(z.string()),
    sortOrder: z.nullish(z.number()),
  }),
);

const accountSchema = z.array(
  z.looseObject({
    accountid: z.number(),
    description: z.nullish(z.string()),
    portfolioid: z.nullish(z.number()),
    portfolioName: z.nullish(z.string()),
    group_code: z.nullish(z.string()),
    group_name: z.nullish(z.string()),
    reason_for_visibility: z.nullish(z.string()),
    sortOrder: z.nullish(z.number()),
    isLinked: z.nullish(z.boolean()),
    blocked: z.nullish(z.boolean()),
    active: z.nullish(z.boolean()),
    service_type: z.nullish(z.string()),
    plan_currency: z.nullish(z.string()),
    report_currency: z.nullish(z.string()),
    inception_date: z.nullish(typedDate),
    ptype: z.nullish(z.string()),
    product: z.nullish(z.string()),
  }),
);

const groupSchema = z.array(
  z.looseObject({
    group_code: z.string(),
    group_name: z.nullish(z.string()),
    report_currency: z.nullish(z.string()),
    accounts: z.array(z.number()),
    relatedAccounts: z.optional(z.array(z.number())),
  }),
);

const visibilitySchema = z.array(z.looseObject({ accountid: z.number(), visible: z.boolean() }));

const capabilitySchema = z.record(z.string(), z.unknown());

export interface DashboardAccount {
  accountId: number;
  description: string;
  portfolioId: number | null;
  portfolioName: string;
  groupCode: string | null;
  groupName: string | null;
  linked: boolean;
  blocked: boolean;
  planCurrency: string;
  inceptionDate: string | null;
  reasonForVisibility: string | null;
  sortOrder: number;
}

export interface DashboardPortfolio {
  portfolioId: number;
  name: string;
  linked: boolean;
  reportCurrency: string | null;
}

export interface DashboardGroup {
  code: string;
  name: string;
  accountIds: number[];
}

export interface DashboardAccounts {
  portfolios: DashboardPortfolio[];
  /** The accounts the screens show (spec 2 §3, §6): visible and managed, in the spec's order. */
  accounts: DashboardAccount[];
  my: DashboardAccount[];
  linked: DashboardAccount[];
  groups: DashboardGroup[];
  /** Spec 2 §4 pricing type from the capabilities: close, delayed (view_marketdata), live (live_marketdata_access). */
  pricingType: 'close' | 'delayed' | 'live';
  /** Spec 2 §4: view_portfolio is needed to load accounts. */
  viewPortfolio: boolean;
}

function answerBody(answer: BatchAnswer | undefined, call: string): unknown {
  if (!answer) throw new ApiError(0, `missing answer of ${call}`);
  if (!answer.ok) throw answer.error;
  return answer.body;
}

/** Reads the batch's answers; a failed portfolio, account or group call fails the whole. */
export function readDashboardAccounts(answers: BatchAnswer[]): DashboardAccounts {
  const [portfoliosAnswer, accountsAnswer, groupsAnswer, visibilityAnswer, capabilityAnswer] = answers;
  const rawPortfolios = parseAnswer(portfolioSchema, answerBody(portfoliosAnswer, 'portfolios'), 'entity/client/{id}/portfolio');
  const rawAccounts = parseAnswer(accountSchema, answerBody(accountsAnswer, 'accounts'), 'portfolio/account');
  const rawGroups = parseAnswer(groupSchema, answerBody(groupsAnswer, 'groups'), 'portfolio/group/account');
  // Visibility links and capabilities are optional: without them every account shows, at close prices.
  const links = visibilityAnswer?.ok ? visibilitySchema.safeParse(visibilityAnswer.body) : null;
  const hidden = new Set(links?.success ? links.data.filter((l) => !l.visible).map((l) => l.accountid) : []);
  const capabilities = capabilityAnswer?.ok ? capabilitySchema.safeParse(capabilityAnswer.body) : null;
  const can = (name: string) => capabilities?.success === true && capabilities.data[name] === true;

  const accounts = rawAccounts
    .filter((a) => !hidden.has(a.accountid) && isManaged(a))
    .map((a) => ({ ...a, description: a.description ?? '' }))
    .sort(compareAccounts)
    .map(
      (a): DashboardAccount => ({
        accountId: a.accountid,
        description: a.description,
        portfolioId: a.portfolioid ?? null,
        portfolioName: a.portfolioName ?? '',
        groupCode: a.group_code ?? null,
        groupName: a.group_name ?? null,
        linked: isLinkedAccount(a),
        blocked: a.blocked === true,
        planCurrency: a.plan_currency ?? a.report_currency ?? '',
        inceptionDate: toDate(a.inception_date),
        reasonForVisibility: a.reason_for_visibility ?? null,
        sortOrder: a.sortOrder ?? 0,
      }),
    );
  const shown = new Set(accounts.map((a) => a.accountId));
  return {
    portfolios: rawPortfolios
      .map((p) => ({ portfolioId: p.portfolioid, name: p.portfolio_name ?? '', linked: isLinkedAccount(p), reportCurrency: p.report_currency ?? null, sortOrder: p.sortOrder ?? 0 }))
      .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
      .map(({ sortOrder: _sortOrder, ...p }) => p),
    accounts,
    my: accounts.filter((a) => !a.linked),
    linked: accounts.filter((a) => a.linked),
    groups: rawGroups.map((g) => ({
      code: g.group_code,
      name: g.group_name ?? g.group_code,
      accountIds: [...g.accounts, ...(g.relatedAccounts ?? [])].filter((id) => shown.has(id)),
    })),
    pricingType: can('live_marketdata_access') ? 'live' : can('view_marketdata') ? 'delayed' : 'close',
    viewPortfolio: capabilities?.success ? can('view_portfolio') : true,
  };
}

export async function fetchDashboardAccounts(entityId: number, signal?: AbortSignal): Promise<DashboardAccounts> {
  return readDashboardAccounts(await batch(dashboardAccountsCalls(entityId), { signal }));
}

export const dashboardAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'accounts', entityId],
    queryFn: ({ signal }) => fetchDashboardAccounts(entityId, signal),
  });
