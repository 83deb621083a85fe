import { useMemo, useReducer, useState } from 'react';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { downloadCsv } from '../../../shared/format/csv';
import { DECIMALS, formatMoney, formatNumber, formatPercent } from '../../../shared/format/numbers';
import { useClientScope } from '../../../shared/session/client-scope';
import { Dialog } from '../../../shared/ui/dialog';
import type { AnalysisTabProps } from '../analysis-selection';
import { useAccountNames } from '../api/holdings-account-names';
import { usePositions, type Figure, type Position } from '../api/holdings-positions';
import { HoldingsSkeleton, HoldingsWarning } from '../components/holdings-parts';
import { holdingsCsv, holdingsFileName } from './holdings-csv';
import {
  HOLDINGS_TEXTS,
  accountSections,
  amountShares,
  costAndGain,
  expandReducer,
  figuresIn,
  initialExpandState,
  investmentsSettings,
  isCash,
  isExpanded,
  rowFigures,
  totalOf,
  type AccountSection,
  type ColumnOption,
  type CurrencyView,
  type Expandable,
  type ExpandAction,
  type ExpandState,
} from './holdings-rules';
import './holdings-tabs.css';

/** The columns explained by 'What does this mean?' (spec 2 §2.3). */
const COLUMN_HELP: [string, string][] = [
  ['Security name', 'The investment held: a fund, share, bond or cash, with its code.'],
  ['Market value', 'What the holding was worth at the end of the period: units times the latest price.'],
  ['Units', 'How many units or shares of the investment are held.'],
  ['Book cost', 'What was paid for the holding, including dealing costs. It shows "Not available" when no cost was recorded, or when the holding is shown converted into the account currency (a past cost is not restated at today\'s exchange rate).'],
  ['% Amount', "The holding's share of the account's value. \"<1%\" means more than nothing but less than one percent."],
  ['Unrealised gain', 'Market value minus book cost: the gain or loss you would make if you sold today, before any charges or tax.'],
];

const moneyText = (figure: Figure, locale: string) => ('amount' in figure ? formatMoney(figure.amount, figure.currency, locale, DECIMALS.money) : figure.reason);

/**
 * The analysis page's Investments tab (spec 2 §2.3): the selection's holdings by account with
 * the spec's columns and decimals, the four expand modes, per-account currency conversion,
 * 'What does this mean?', the empty text and the server's error in a warning panel, and the
 * holdings CSV (issue 15, deliverable 5). Read-only for everyone.
 */
export default function InvestmentsTab({ selection }: AnalysisTabProps) {
  const site = useSiteConfig();
  const scope = useClientScope();
  const locale = scope?.locale || site.settings.defaultLocale;
  const settings = useMemo(() => investmentsSettings(site.settings), [site.settings]);
  const positions = usePositions(selection);
  const names = useAccountNames(selection.entityId);
  const sections = useMemo(() => accountSections(positions.data ?? [], selection.accountIds, names), [positions.data, selection.accountIds, names]);
  const [expand, dispatch] = useReducer(expandReducer, settings.expandedByDefault, initialExpandState);
  const [views, setViews] = useState<ReadonlyMap<number, CurrencyView>>(new Map());
  const [explaining, setExplaining] = useState(false);

  const expandables = useMemo<Expandable[]>(
    () => sections.flatMap((s) => [{ key: `a:${s.accountId}`, primary: true }, ...s.rows.filter((r) => r.parts.length).map((r) => ({ key: `p:${r.key}`, primary: false }))]),
    [sections],
  );
  const viewOf = (accountId: number): CurrencyView => views.get(accountId) ?? 'account';
  const flipView = (accountId: number) => setViews((current) => new Map(current).set(accountId, viewOf(accountId) === 'account' ? 'original' : 'account'));
  const download = () => downloadCsv(holdingsFileName(selection.endDate), holdingsCsv(sections, views));

  return (
    <section className="holdings" aria-labelledby="investments-heading" aria-busy={positions.isPending}>
      <h2 id="investments-heading" className="visually-hidden">
        Investments
      </h2>
      <div className="holdings__toolbar">
        <div className="holdings__links">
          <button type="button" className="link-button" onClick={() => dispatch({ type: 'expandAll' })}>
            {HOLDINGS_TEXTS.expandAll}
          </button>
          <button type="button" className="link-button" onClick={() => dispatch({ type: 'collapseAll' })}>
            {HOLDINGS_TEXTS.collapseAll}
          </button>
          <button type="button" className="link-button holdings__explain" aria-haspopup="dialog" onClick={() => setExplaining(true)}>
            {HOLDINGS_TEXTS.whatDoesThisMean}
          </button>
        </div>
        <button type="button" className="button button--secondary holdings__download" disabled={sections.length === 0} onClick={download}>
          {HOLDINGS_TEXTS.downloadCsv}
        </button>
      </div>
      {positions.isPending ? (
        <HoldingsSkeleton label="Loading investments" />
      ) : positions.isError ? (
        <HoldingsWarning error={positions.error} />
      ) : sections.length === 0 ? (
        <p className="holdings__empty">{HOLDINGS_TEXTS.noInvestments}</p>
      ) : (
        sections.map((section) => (
          <AccountHoldings
            key={section.accountId}
            section={section}
            view={viewOf(section.accountId)}
            onFlipView={() => flipView(section.accountId)}
            expand={expand}
            dispatch={(action) => dispatch(action)}
            expandables={expandables}
            settings={settings}
            locale={locale}
          />
        ))
      )}
      {explaining && (
        <Dialog title={HOLDINGS_TEXTS.whatDoesThisMean} onEscape={() => setExplaining(false)}>
          <dl className="holdings-help">
            {COLUMN_HELP.map(([term, meaning]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{meaning}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="button" onClick={() => setExplaining(false)}>
            Close
          </button>
        </Dialog>
      )}
    </section>
  );
}

interface AccountProps {
  section: AccountSection;
  view: CurrencyView;
  onFlipView(): void;
  expand: ExpandState;
  dispatch(action: ExpandAction): void;
  expandables: Expandable[];
  settings: { incomeAndYield: ColumnOption; unrealisedGain: ColumnOption };
  locale: string;
}

function AccountHoldings({ section, view, onFlipView, expand, dispatch, expandables, settings, locale }: AccountProps) {
  const item = { key: `a:${section.accountId}`, primary: true };
  const open = isExpanded(expand, item);
  const tableId = `holdings-account-${section.accountId}`;
  const figures = section.rows.map((row) => rowFigures(row, view));
  const shares = amountShares(figures);
  const showGain = settings.unrealisedGain !== 'None';
  const showIncome = settings.incomeAndYield !== 'None';
  const allPositions = section.rows.flatMap((r) => (r.parts.length ? r.parts : [r.position]));
  const total = {
    value: totalOf(figures.map((f) => f.value)),
    cost: totalOf(figures.map((f) => f.cost)),
    gain: totalOf(figures.map((f) => f.gain)),
    income: totalOf(allPositions.map((p) => p.annualIncome)),
  };
  const totalText = (t: { amount: number; currency: string } | null) => (t ? formatMoney(t.amount, t.currency, locale) : '–');
  return (
    <section className="holdings-account" aria-labelledby={`${tableId}-heading`}>
      <div className="holdings-account__header">
        <h3 id={`${tableId}-heading`}>
          <button type="button" className="holdings-account__toggle" aria-expanded={open} aria-controls={tableId} onClick={() => dispatch({ type: 'toggle', item, items: expandables })}>
            {section.name}
          </button>
        </h3>
        <span className="holdings-account__value">{totalText(total.value)}</span>
        {section.multiCurrency && (
          <button type="button" className="link-button" onClick={onFlipView}>
            {view === 'account' ? HOLDINGS_TEXTS.toOriginalCurrency : HOLDINGS_TEXTS.toAccountCurrency}
          </button>
        )}
      </div>
      <div id={tableId} className="table-scroll holdings-account__table" role="region" tabIndex={0} aria-label={`${section.name}, investments`} hidden={!open}>
        {open && (
          <table className="holdings-table">
            <thead>
              <tr>
                <th scope="col">Security name</th>
                <th scope="col">Market value</th>
                <th scope="col">Units</th>
                <th scope="col">Book cost</th>
                <th scope="col">% Amount</th>
                {showGain && <th scope="col">Unrealised gain</th>}
                {showIncome && <th scope="col">Annual income</th>}
                {showIncome && <th scope="col">Yield</th>}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row, i) => {
                const rowItem = { key: `p:${row.key}`, primary: false };
                const rowOpen = row.parts.length > 0 && isExpanded(expand, rowItem);
                const f = figures[i]!;
                const partId = (n: number) => `${tableId}-part-${row.key}-${n}`;
                return [
                  <tr key={row.key} className={isCash(row.position) ? 'holdings-table__cash' : undefined}>
                    <th scope="row">
                      {row.parts.length > 0 ? (
                        <button
                          type="button"
                          className="holdings-table__toggle"
                          aria-expanded={rowOpen}
                          aria-controls={rowOpen ? row.parts.map((_, n) => partId(n)).join(' ') : undefined}
                          onClick={() => dispatch({ type: 'toggle', item: rowItem, items: expandables })}
                        >
                          {row.position.description}
                        </button>
                      ) : (
                        row.position.description
                      )}
                      {row.position.code && <span className="holdings-table__code">{row.position.code}</span>}
                    </th>
                    <td>{moneyText(f.value, locale)}</td>
                    <td>{f.units === null ? '–' : formatNumber(f.units, locale, DECIMALS.units)}</td>
                    <td>{moneyText(f.cost, locale)}</td>
                    <td>{shares[i]}</td>
                    {showGain && <td>{moneyText(f.gain, locale)}</td>}
                    {showIncome && <IncomeCells positions={row.parts.length ? row.parts : [row.position]} locale={locale} />}
                  </tr>,
                  ...(rowOpen
                    ? row.parts.map((part, n) => (
                        <PartRow
                          key={part.positionId}
                          id={partId(n)}
                          holding={row.position.description}
                          label={`Part ${n + 1} of ${row.parts.length}`}
                          part={part}
                          view={view}
                          showGain={showGain}
                          showIncome={showIncome}
                          locale={locale}
                        />
                      ))
                    : []),
                ];
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{totalText(total.value)}</td>
                <td />
                <td>{totalText(total.cost)}</td>
                <td>100%</td>
                {showGain && <td>{settings.unrealisedGain === 'All' ? totalText(total.gain) : ''}</td>}
                {showIncome && <td>{settings.incomeAndYield === 'All' ? totalText(total.income) : ''}</td>}
                {showIncome && <td />}
              </tr>
            </tfoot>
          </table>
        )}
      </div>
    </section>
  );
}

interface PartRowProps {
  id: string;
  /** The holding's name, read out before the part's label so a row heard alone makes sense. */
  holding: string;
  label: string;
  part: Position;
  view: CurrencyView;
  showGain: boolean;
  showIncome: boolean;
  locale: string;
}

/** One part of a split holding (spec 2 §2.3 "Sub-positions are nested"), under its holding's row. */
function PartRow({ id, holding, label, part, view, showGain, showIncome, locale }: PartRowProps) {
  const { cost, gain } = costAndGain(part, view);
  return (
    <tr id={id} className="holdings-table__part">
      <th scope="row">
        <span className="visually-hidden">{`${holding},`}</span> {label}
      </th>
      <td>{moneyText(figuresIn(part, view).value, locale)}</td>
      <td>{part.units === null ? '–' : formatNumber(part.units, locale, DECIMALS.units)}</td>
      <td>{moneyText(cost, locale)}</td>
      <td />
      {showGain && <td>{moneyText(gain, locale)}</td>}
      {showIncome && <IncomeCells positions={[part]} locale={locale} />}
    </tr>
  );
}

/** Annual income and percent yield (spec 2 §5: yield rounded to 2 decimals). */
function IncomeCells({ positions, locale }: { positions: Position[]; locale: string }) {
  const p = positions[0]!;
  // A split holding's parts are one security: one yield, their incomes summed.
  const income = positions.length === 1 ? p.annualIncome : (totalOf(positions.map((part) => part.annualIncome)) ?? p.annualIncome);
  const yieldText = typeof p.percentYield === 'number' ? formatPercent(p.percentYield, locale, DECIMALS.percent) : (p.percentYield ?? '–');
  return (
    <>
      <td>{moneyText(income, locale)}</td>
      <td>{yieldText}</td>
    </>
  );
}
