import { Fragment, useMemo, useState } from 'react';
import { CHART_HEIGHT, LazyColumnChart, LazyPieChart, chartPalette, type CategoryChartData } from '../../../shared/charts';
import { chartColours } from '../../../shared/config/site-config';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { formatMoney } from '../../../shared/format/numbers';
import { useClientScope } from '../../../shared/session/client-scope';
import type { AnalysisTabProps } from '../analysis-selection';
import { useAccountNames } from '../api/holdings-account-names';
import { usePositions } from '../api/holdings-positions';
import { HoldingsSkeleton, HoldingsWarning } from '../components/holdings-parts';
import { ALLOCATION_TEXTS, allocate, allocationChartType, allocationSettings, panelsStartCollapsed, type Allocation, type AllocationDataType } from './allocation-rules';
import { HOLDINGS_TEXTS } from './holdings-rules';
import './holdings-tabs.css';

/**
 * The analysis page's Allocation tab (spec 2 §2.3): for each data type the site shows (asset
 * class, sector, geographic region) a collapsible panel with its chart (pie for asset class and
 * geography, column for sector) and a table whose rows expand to the investments, accounts and
 * amounts in them. Panels start collapsed when more than one type is shown.
 */
export default function AllocationTab({ selection }: AnalysisTabProps) {
  const site = useSiteConfig();
  const scope = useClientScope();
  const locale = scope?.locale || site.settings.defaultLocale;
  const settings = useMemo(() => allocationSettings(site.settings), [site.settings]);
  const colours = useMemo(() => chartPalette(chartColours(site.branding)), [site.branding]);
  const positions = usePositions(selection);
  const names = useAccountNames(selection.entityId);
  const allocations = useMemo(
    () => settings.dataTypes.map((type) => ({ type, allocation: allocate(positions.data ?? [], type, settings.method, (id) => names.get(id) ?? `Account ${id}`) })),
    [positions.data, settings, names],
  );
  const [open, setOpen] = useState<ReadonlySet<AllocationDataType>>(() => new Set(panelsStartCollapsed(settings.dataTypes) ? [] : settings.dataTypes));
  const toggle = (type: AllocationDataType) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(type)) next.add(type);
      return next;
    });
  const empty = allocations.every(({ allocation }) => allocation.groups.length === 0);

  return (
    <section className="allocation" aria-labelledby="allocation-heading" aria-busy={positions.isPending}>
      <h2 id="allocation-heading" className="visually-hidden">
        Allocation
      </h2>
      {positions.isPending ? (
        <HoldingsSkeleton label="Loading allocation" />
      ) : positions.isError ? (
        <HoldingsWarning error={positions.error} />
      ) : empty ? (
        <p className="holdings__empty">{HOLDINGS_TEXTS.noInvestments}</p>
      ) : (
        allocations.map(({ type, allocation }) => (
          <AllocationPanel key={type} type={type} allocation={allocation} open={open.has(type)} onToggle={() => toggle(type)} colours={colours} locale={locale} />
        ))
      )}
    </section>
  );
}

interface PanelProps {
  type: AllocationDataType;
  allocation: Allocation;
  open: boolean;
  onToggle(): void;
  colours: string[];
  locale: string;
}

function AllocationPanel({ type, allocation, open, onToggle, colours, locale }: PanelProps) {
  const heading = ALLOCATION_TEXTS.headings[type];
  const bodyId = `allocation-${type}`;
  const chartType = allocationChartType(type);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const data = useMemo<CategoryChartData>(
    () => ({
      title: `Allocation by ${heading.toLowerCase()}`,
      description: `How the value of the selected accounts is divided by ${heading.toLowerCase()}, in ${allocation.currency}.`,
      categoryLabel: heading,
      points: allocation.groups.map((g) => ({ name: g.name, value: g.amount })),
      values: { kind: 'money', currency: allocation.currency },
      locale,
    }),
    [allocation, heading, locale],
  );
  const money = (amount: number) => formatMoney(amount, allocation.currency, locale);
  const flip = (name: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  return (
    <section className="allocation-panel" aria-labelledby={`${bodyId}-heading`}>
      <h3 id={`${bodyId}-heading`}>
        <button type="button" className="allocation-panel__toggle" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          {heading}
        </button>
      </h3>
      <div id={bodyId} hidden={!open} className={`allocation-panel__body allocation-panel__body--${chartType}`}>
        {open && (
          <>
            {chartType === 'pie' ? (
              <LazyPieChart data={data} colours={colours} height={CHART_HEIGHT.analysis} />
            ) : (
              <LazyColumnChart data={data} colours={colours} height={CHART_HEIGHT.analysis} />
            )}
            <div className="allocation-table-wrap" role="region" tabIndex={0} aria-label={`${heading}, table`}>
              <table className="allocation-table">
                <thead>
                  <tr>
                    <th scope="col">{heading}</th>
                    <th scope="col">Amount</th>
                    <th scope="col">%</th>
                  </tr>
                </thead>
                <tbody>
                  {allocation.groups.map((group) => {
                    const rowOpen = expanded.has(group.name);
                    const itemsId = `${bodyId}-${group.name.replace(/[^a-z0-9]+/gi, '-')}`;
                    return (
                      <Fragment key={group.name}>
                        <tr>
                          <th scope="row">
                            <button type="button" className="allocation-table__toggle" aria-expanded={rowOpen} aria-controls={itemsId} onClick={() => flip(group.name)}>
                              {group.name}
                            </button>
                          </th>
                          <td>{money(group.amount)}</td>
                          <td>{group.label}</td>
                        </tr>
                        <tr id={itemsId} hidden={!rowOpen} className="allocation-table__item">
                          <td colSpan={3}>
                            {rowOpen && (
                              <table className="allocation-table allocation-table--items">
                                <caption className="visually-hidden">{`Investments in ${group.name}`}</caption>
                                <thead>
                                  <tr>
                                    <th scope="col">Investment</th>
                                    <th scope="col">Account</th>
                                    <th scope="col">Amount</th>
                                  </tr>
                                </thead>
                                <tbody>
                                  {group.items.map((item) => (
                                    <tr key={`${item.positionId}`}>
                                      <td>{item.investment}</td>
                                      <td>{item.account}</td>
                                      <td>{money(item.amount)}</td>
                                    </tr>
                                  ))}
                                </tbody>
                              </table>
                            )}
                          </td>
                        </tr>
                      </Fragment>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <td>{money(allocation.total)}</td>
                    <td>100%</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
