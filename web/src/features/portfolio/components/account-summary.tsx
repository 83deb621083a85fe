import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../shared/format/numbers';
import type { DashboardAccount, DashboardAccounts } from '../api/dashboard-accounts';
import type { AccountFigures, ProfitAnalysis } from '../api/profit-analysis';
import { DASHBOARD_TEXTS } from '../dashboard-settings';
import { accountSummaryUsesTable, roundShares, shareLabel, sharesOf, showsLinkedSection, type PortfolioGrouping } from '../portfolio-rules';
import { ReturnFigures, ReturnLegend } from './return-figures';

/** What the account summary shows: one tile or row per account, or per account group. */
export interface SummaryEntry {
  key: string;
  /** The ?id= of the account page: an account id or a group code (spec 2 §2.2). */
  id: string;
  heading: string;
  subheading: string;
  accountIds: number[];
  portfolioId: number | null;
  value: number | null;
  currency: string;
  valueChange: number | null;
  twrr: number | null;
  irr: number | null;
  blocked: boolean;
  /** Share of the section's value, rounded to add up to 100 (spec 2 §4), as shown. */
  share: string;
  /** An account group's accounts (spec 2 §2.2: group rows expand to show them); absent on an account. */
  members?: SummaryEntry[];
}

/** The stored account filter (spec 2 §3 Account filter; spec 1 §3 key coa_filter). */
export interface AccountFilter {
  accountIds: number[];
  key: string;
  heading: string;
  portfolioId: number | null;
}

export const ACCOUNT_FILTER_KEY = 'coa_filter';

/** No figures yet: the tiles' layout from the accounts alone, while the figures load. */
const PENDING_FIGURES: ProfitAnalysis = { startDate: '', endDate: '', reportCurrency: '', total: null, portfolios: [], accounts: [], message: null };

function centsSum(values: (number | null)[]): number | null {
  if (values.some((v) => v === null)) return null;
  return values.reduce<number>((cents, v) => cents + Math.round((v as number) * 100), 0) / 100;
}

function accountEntry(account: DashboardAccount, figures: AccountFigures | undefined, currency: string): Omit<SummaryEntry, 'share'> {
  return {
    key: `account-${account.accountId}`,
    id: String(account.accountId),
    heading: account.description,
    subheading: account.portfolioName,
    accountIds: [account.accountId],
    portfolioId: account.portfolioId,
    value: figures?.value?.amount ?? null,
    currency: figures?.value?.currency ?? currency,
    valueChange: figures?.valueChange?.amount ?? null,
    twrr: account.blocked ? null : (figures?.twrr ?? null),
    irr: account.blocked ? null : (figures?.irr ?? null),
    blocked: account.blocked,
  };
}

function withShares(entries: Omit<SummaryEntry, 'share'>[]): SummaryEntry[] {
  const exact = sharesOf(entries.map((e) => e.value ?? 0));
  const rounded = roundShares(exact);
  return entries.map((e, i) => ({ ...e, share: shareLabel(rounded[i]!, exact[i]!) }));
}

/**
 * The summary's sections (spec 2 §2.2): under Split, my accounts and the 'Linked accounts';
 * under Consolidated, every account in one; under account-group grouping, a tile per group
 * (its accounts summed; a TWR or IRR cannot be summed, so a group shows none) and one per
 * account outside any group.
 */
export function summarySections(accounts: DashboardAccounts, summary: ProfitAnalysis, grouping: PortfolioGrouping): { my: SummaryEntry[]; linked: SummaryEntry[] } {
  const figures = new Map(summary.accounts.map((a) => [a.accountId, a]));
  const currency = summary.reportCurrency;
  if (grouping === 'AccountGroup') {
    const grouped = new Set(accounts.groups.flatMap((g) => g.accountIds));
    const groups = accounts.groups
      .filter((g) => g.accountIds.length > 0)
      .map((g): Omit<SummaryEntry, 'share'> => {
        const members = g.accountIds.map((id) => figures.get(id));
        const byId = new Map(accounts.accounts.map((a) => [a.accountId, a]));
        const memberEntries = g.accountIds.flatMap((id) => {
          const account = byId.get(id);
          // A member row's share would be of another total than the tiles': none is shown.
          return account ? [{ ...accountEntry(account, figures.get(id), currency), share: '' }] : [];
        });
        return {
          members: memberEntries,
          key: `group-${g.code}`,
          id: g.code,
          heading: g.name,
          subheading: g.accountIds.length === 1 ? '1 account' : `${g.accountIds.length} accounts`,
          accountIds: g.accountIds,
          portfolioId: null,
          value: centsSum(members.map((m) => m?.value?.amount ?? null)),
          currency,
          valueChange: centsSum(members.map((m) => m?.valueChange?.amount ?? null)),
          twrr: null,
          irr: null,
          blocked: false,
        };
      });
    const loose = accounts.accounts.filter((a) => !grouped.has(a.accountId)).map((a) => accountEntry(a, figures.get(a.accountId), currency));
    return { my: withShares([...groups, ...loose]), linked: [] };
  }
  if (!showsLinkedSection(grouping)) return { my: withShares(accounts.accounts.map((a) => accountEntry(a, figures.get(a.accountId), currency))), linked: [] };
  return {
    my: withShares(accounts.my.map((a) => accountEntry(a, figures.get(a.accountId), currency))),
    linked: withShares(accounts.linked.map((a) => accountEntry(a, figures.get(a.accountId), currency))),
  };
}

interface Props {
  accounts: DashboardAccounts | undefined;
  summary: ProfitAnalysis | undefined;
  grouping: PortfolioGrouping;
  mode: 'tiles' | 'table';
  radial: boolean;
  heading: string;
  showPerformance: boolean;
  locale: string;
  /** The analysis page's path; tiles link to it with ?id=. */
  analysisPath: string;
  persistFilters: boolean;
}

/** Spec 2 §2.2: tiles or the table, skeletons until loaded, 'No portfolios' when empty. */
export function AccountSummary({ accounts, summary, grouping, mode, radial, heading, showPerformance, locale, analysisPath, persistFilters }: Props) {
  const navigate = useNavigate();
  const loaded = accounts !== undefined && summary !== undefined;
  // Once the accounts are in (the first round trip), their tiles are laid out with the figures
  // still to come, so the second round trip only fills them in: nothing below them moves.
  const pending = !loaded && accounts !== undefined;
  const sections = loaded ? summarySections(accounts, summary, grouping) : pending ? summarySections(accounts, PENDING_FIGURES, grouping) : null;
  const table = sections ? accountSummaryUsesTable(mode, sections.my.length, sections.linked.length) : false;

  const open = (entry: SummaryEntry) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!persistFilters || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    // Spec 2 §2.2: with filter persistence the filter is stored and the user navigates to the page.
    event.preventDefault();
    const filter: AccountFilter = { accountIds: entry.accountIds, key: entry.id, heading: entry.heading, portfolioId: entry.portfolioId };
    try {
      window.localStorage.setItem(ACCOUNT_FILTER_KEY, JSON.stringify(filter));
    } catch {
      // Storage refused (private mode): the ?id= address carries the choice instead.
      navigate(`${analysisPath}?id=${encodeURIComponent(entry.id)}`);
      return;
    }
    navigate(analysisPath);
  };

  const render = (entries: SummaryEntry[], label: string) =>
    table ? (
      <SummaryTable entries={entries} caption={label} grouping={grouping} showPerformance={showPerformance} locale={locale} analysisPath={analysisPath} open={open} />
    ) : (
      <ul className="account-tiles">
        {entries.map((entry) => (
          <li key={entry.key}>
            <AccountTile entry={entry} pending={pending} radial={radial} showPerformance={showPerformance} locale={locale} href={`${analysisPath}?id=${encodeURIComponent(entry.id)}`} onClick={open(entry)} />
          </li>
        ))}
      </ul>
    );

  return (
    <section className="account-summary" aria-labelledby="account-summary-heading" aria-busy={!loaded}>
      <h2 id="account-summary-heading">{heading}</h2>
      {!sections ? (
        <ul className="account-tiles" aria-label="Loading accounts">
          {[0, 1, 2].map((i) => (
            <li key={i} className="account-tile account-tile--skeleton" aria-hidden="true" />
          ))}
        </ul>
      ) : sections.my.length + sections.linked.length === 0 ? (
        pending ? null : <p className="account-summary__empty">{DASHBOARD_TEXTS.noPortfolios}</p>
      ) : (
        // While pending, a skeleton: hidden from assistive technology and out of the tab order.
        <div className={pending ? 'account-summary__sections is-pending' : 'account-summary__sections'} aria-hidden={pending || undefined} inert={pending}>
          {sections.my.length > 0 && render(sections.my, heading)}
          {sections.linked.length > 0 && (
            <>
              <h3 className="account-summary__linked">{DASHBOARD_TEXTS.linkedAccounts}</h3>
              {render(sections.linked, DASHBOARD_TEXTS.linkedAccounts)}
            </>
          )}
          {showPerformance && <ReturnLegend />}
        </div>
      )}
    </section>
  );
}

function Radial({ share }: { share: string }) {
  const percent = share === '<1%' ? 0.5 : Number.parseInt(share, 10) || 0;
  const circumference = 2 * Math.PI * 16;
  return (
    <span className="radial">
      <svg viewBox="0 0 40 40" width="56" height="56" aria-hidden="true" focusable="false">
        <circle className="radial__track" cx="20" cy="20" r="16" />
        <circle className="radial__value" cx="20" cy="20" r="16" strokeDasharray={`${(percent / 100) * circumference} ${circumference}`} transform="rotate(-90 20 20)" />
      </svg>
      <span className="radial__label">{share}</span>
    </span>
  );
}

function AccountTile({ entry, pending, radial, showPerformance, locale, href, onClick }: { entry: SummaryEntry; pending: boolean; radial: boolean; showPerformance: boolean; locale: string; href: string; onClick(event: MouseEvent<HTMLAnchorElement>): void }) {
  return (
    <Link className="account-tile" to={href} onClick={onClick} data-account={pending ? undefined : entry.id}>
      <span className="account-tile__head">
        <span className="account-tile__names">
          <span className="account-tile__name">{entry.heading}</span>
          <span className="account-tile__sub">{entry.subheading}</span>
        </span>
        {radial && <Radial share={entry.share} />}
      </span>
      <span className="account-tile__value" data-figure={pending ? undefined : 'value'}>
        {entry.value === null ? 'Not available' : formatMoney(entry.value, entry.currency, locale)}
      </span>
      {!radial && <span className="account-tile__share">{entry.share} of the total</span>}
      {radial && <span className="visually-hidden">, {entry.share} of the total</span>}
      <span className="account-tile__change">
        Value of change: <span data-figure={pending ? undefined : 'value-change'}>{entry.valueChange === null ? 'Not available' : formatMoney(entry.valueChange, entry.currency, locale)}</span>
      </span>
      {showPerformance && !entry.blocked && entry.accountIds.length === 1 && entry.key.startsWith('account-') && <ReturnFigures twrr={entry.twrr} irr={entry.irr} locale={locale} />}
    </Link>
  );
}

function SummaryTable({
  entries,
  caption,
  grouping,
  showPerformance,
  locale,
  analysisPath,
  open,
}: {
  entries: SummaryEntry[];
  caption: string;
  grouping: PortfolioGrouping;
  showPerformance: boolean;
  locale: string;
  analysisPath: string;
  open(entry: SummaryEntry): (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  // Rows of a portfolio (or, under account-group grouping, of each group tile) expand to their accounts.
  const groups = new Map<string, SummaryEntry[]>();
  for (const entry of entries) {
    const key = grouping === 'AccountGroup' ? entry.key : entry.subheading;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const toggle = (key: string) => setExpanded((now) => (now.has(key) ? new Set([...now].filter((k) => k !== key)) : new Set([...now, key])));
  const money = (v: number | null, currency: string) => (v === null ? 'Not available' : formatMoney(v, currency, locale));
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="summary-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            {showPerformance && <th scope="col" className="summary-table__wide">Performance</th>}
            <th scope="col" className="summary-table__wide">Value of change</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        {[...groups.entries()].map(([key, members]) => {
          const isGroupRow = grouping !== 'AccountGroup';
          const open_ = expanded.has(key);
          const currency = members[0]!.currency;
          const rows = isGroupRow ? (open_ ? members : []) : members;
          return (
            <tbody key={key}>
              {/* Account-group grouping: a group's row expands to its accounts (spec 2 §2.2). */}
              {!isGroupRow && members[0]!.members && (
                <GroupRows entry={members[0]!} open={open_} onToggle={() => toggle(key)} showPerformance={showPerformance} locale={locale} analysisPath={analysisPath} open_={open} />
              )}
              {isGroupRow && (
                <tr className="summary-table__group">
                  <th scope="rowgroup">
                    <button type="button" aria-expanded={open_} onClick={() => toggle(key)}>
                      <span aria-hidden="true" className="summary-table__chevron" />
                      {key} <span className="summary-table__count">({members.length === 1 ? '1 account' : `${members.length} accounts`})</span>
                    </button>
                  </th>
                  <td>{money(centsSum(members.map((m) => m.value)), currency)}</td>
                  {showPerformance && <td className="summary-table__wide" />}
                  <td className="summary-table__wide">{money(centsSum(members.map((m) => m.valueChange)), currency)}</td>
                  <td />
                </tr>
              )}
              {rows.filter((entry) => !entry.members).map((entry) => (
                <tr key={entry.key} data-account={entry.id}>
                  <th scope="row">
                    <Link to={`${analysisPath}?id=${encodeURIComponent(entry.id)}`} onClick={open(entry)}>
                      {entry.heading}
                    </Link>
                  </th>
                  <td data-figure="value">{money(entry.value, entry.currency)}</td>
                  {showPerformance && (
                    <td className="summary-table__wide">{entry.blocked || !entry.key.startsWith('account-') ? '' : <ReturnFigures twrr={entry.twrr} irr={entry.irr} locale={locale} />}</td>
                  )}
                  <td className="summary-table__wide" data-figure="value-change">
                    {money(entry.valueChange, entry.currency)}
                  </td>
                  <td>{entry.share}</td>
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/**
 * An account group's row in the table (account-group grouping): its name links to the group's
 * analysis (?id={group_code}), a button beside it shows or hides its accounts' rows beneath.
 */
function GroupRows({
  entry,
  open,
  onToggle,
  showPerformance,
  locale,
  analysisPath,
  open_,
}: {
  entry: SummaryEntry;
  open: boolean;
  onToggle(): void;
  showPerformance: boolean;
  locale: string;
  analysisPath: string;
  open_(entry: SummaryEntry): (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const members = entry.members ?? [];
  const money = (v: number | null, currency: string) => (v === null ? 'Not available' : formatMoney(v, currency, locale));
  const rowId = (m: SummaryEntry) => `summary-${entry.key}-${m.key}`;
  return (
    <>
      <tr className="summary-table__group" data-account={entry.id}>
        <th scope="rowgroup">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open ? members.map(rowId).join(' ') : undefined}
            aria-label={`${entry.heading}: show its accounts`}
            onClick={onToggle}
          >
            <span aria-hidden="true" className="summary-table__chevron" />
          </button>
          <Link to={`${analysisPath}?id=${encodeURIComponent(entry.id)}`} onClick={open_(entry)}>
            {entry.heading}
          </Link>{' '}
          <span className="summary-table__count">({members.length === 1 ? '1 account' : `${members.length} accounts`})</span>
        </th>
        <td data-figure="value">{money(entry.value, entry.currency)}</td>
        {showPerformance && <td className="summary-table__wide" />}
        <td className="summary-table__wide" data-figure="value-change">
          {money(entry.valueChange, entry.currency)}
        </td>
        <td>{entry.share}</td>
      </tr>
      {open &&
        members.map((m) => (
          <tr key={m.key} id={rowId(m)} className="summary-table__member" data-account={m.id}>
            <th scope="row">
              <Link to={`${analysisPath}?id=${encodeURIComponent(m.id)}`} onClick={open_(m)}>
                {m.heading}
              </Link>
            </th>
            <td>{money(m.value, m.currency)}</td>
            {showPerformance && <td className="summary-table__wide">{m.blocked ? '' : <ReturnFigures twrr={m.twrr} irr={m.irr} locale={locale} />}</td>}
            <td className="summary-table__wide">{money(m.valueChange, m.currency)}</td>
            <td />
          </tr>
        ))}
    </>
  );
}
