import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AssetView } from '../../../shared/api/client-assets';
import { useFeatureToggles } from '../../../shared/api/feature-toggles';
import { isEnabled } from '../../../shared/config/feature-toggles';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { useClientScope } from '../../../shared/session/client-scope';
import { Notice } from '../../../shared/ui/field';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useAssetMembers } from '../api/asset-members';
import { AssetsError, balanceSheetQuery } from '../api/balance-sheet-data';
import { useRapidTotals } from '../api/rapid-totals';
import { currenciesOf } from '../asset-rows';
import {
  ASSET_LISTS,
  assetIndexOf,
  balanceSheetViews,
  initialCurrencyView,
  isMultiCurrency,
  memberIdOf,
  memberToShow,
  shownTab,
  type CurrencyView,
} from '../balance-sheet-rules';
import { BALANCE_SHEET_TEXTS } from '../balance-sheet-texts';
import { AssetTable, AssetTableSkeleton } from '../components/asset-table';
import { AssetTabs, CurrencyMenu, MemberSelect, WealthToggle } from '../components/balance-sheet-controls';
import { balanceSheetColumns } from '../regional-fields';
import '../balance-sheet.css';

/**
 * The balance sheet (spec 2 §2.5) at /clients/balance-sheet?id={memberId}&asset={0..3}: the
 * 'Your wealth:' toggle (the views the site shows, opening on its display view), whose balance
 * sheet (the client, or a related entity it may see), the currency menu in multi-currency mode,
 * the four tabs with their counts (the chosen one, or the first with data) and the chosen list
 * by the member's region (spec 3 §3.5). One round trip per member and view. The counts and
 * totals are the platform's rapid totals where spec 2 §9 allows them, else worked out from the
 * rows (api/rapid-totals.ts). Read-only, and the same for an adviser with the client in context.
 */
export default function BalanceSheetPage() {
  const site = useSiteConfig();
  const scope = useClientScope();
  const toggles = useFeatureToggles();
  const phone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useSearchParams();
  usePageTitle(BALANCE_SHEET_TEXTS.heading);
  const views = useMemo(() => balanceSheetViews(site.settings.balanceSheet), [site]);
  const [chosenView, setView] = useState<AssetView | null>(null);
  const [chosenCurrencyView, setCurrencyView] = useState<CurrencyView | null>(null);
  const view = chosenView ?? views.initial;
  const members = useAssetMembers(scope);
  const memberId = scope ? memberToShow(scope.entityId, memberIdOf(search), members) : null;
  const rapidTotals = useRapidTotals();
  const query = useQuery(balanceSheetQuery(memberId ?? 0, view ?? 'managed', rapidTotals ?? false, memberId !== null && view !== null && rapidTotals !== undefined));

  if (!scope) return null;
  const locale = scope.locale || site.settings.defaultLocale;
  const change = (next: { id?: number; asset?: number }) => {
    const params = new URLSearchParams(search);
    if (next.id !== undefined) {
      if (next.id === scope.entityId) params.delete('id');
      else params.set('id', String(next.id));
    }
    if (next.asset !== undefined) params.set('asset', String(next.asset));
    setSearch(params, { replace: true });
  };

  if (view === null) {
    return (
      <div className="balance-sheet">
        <h1>{BALANCE_SHEET_TEXTS.heading}</h1>
        <Notice kind="info">{BALANCE_SHEET_TEXTS.disabled}</Notice>
      </div>
    );
  }

  const data = query.data;
  const reportCurrency = data?.lists[0]?.currency || scope.preferredCurrency || 'GBP';
  const multiCurrency = data
    ? isMultiCurrency(
        isEnabled(toggles, 'multi-currency') || isEnabled(toggles, 'use-multi-currency'),
        data.lists.flatMap((l) => currenciesOf(l.rows)),
        reportCurrency,
      )
    : false;
  const currencyView: CurrencyView = multiCurrency ? (chosenCurrencyView ?? initialCurrencyView(true)) : 'report';
  const counts = data ? data.lists.map((l) => l.count) : [];
  const shown = data ? shownTab(assetIndexOf(search), counts) : null;
  const shownList = data && shown !== null ? data.lists[shown]! : null;
  const error = query.isError ? (query.error instanceof AssetsError ? query.error.message : BALANCE_SHEET_TEXTS.assetsError) : null;

  return (
    <div className="balance-sheet">
      <div className="balance-sheet__header">
        <h1>{BALANCE_SHEET_TEXTS.heading}</h1>
        {multiCurrency && <CurrencyMenu currencyView={currencyView} reportCurrency={reportCurrency} onCurrencyView={setCurrencyView} />}
      </div>
      <div className="balance-sheet__controls">
        <WealthToggle views={views.views} view={view} onView={setView} />
        {members && members.length > 1 && memberId !== null && <MemberSelect members={members} memberId={memberId} onMember={(id) => change({ id })} />}
      </div>
      {error ? (
        <Notice kind="error">{error}</Notice>
      ) : !data ? (
        <section className="balance-sheet__body" aria-busy="true" aria-label="Loading assets">
          <div className="balance-sheet__tabs balance-sheet__tabs--skeleton" aria-hidden="true">
            {ASSET_LISTS.map((list) => (
              <span key={list} className="skeleton-bar" />
            ))}
          </div>
          <AssetTableSkeleton cards={phone} />
        </section>
      ) : shown === null || !shownList ? (
        <p className="balance-sheet__empty">{BALANCE_SHEET_TEXTS.empty}</p>
      ) : (
        <section className="balance-sheet__body" aria-label="Assets and liabilities">
          <AssetTabs counts={counts} shown={shown} onTab={(asset) => change({ asset })} />
          <div id="balance-sheet-panel" role="tabpanel" aria-labelledby={`balance-sheet-tab-${shown}`} className="balance-sheet__panel">
            <AssetTable data={shownList} columns={balanceSheetColumns(shownList.list, data.region)} currencyView={currencyView} cards={phone} locale={locale} />
          </div>
        </section>
      )}
    </div>
  );
}
