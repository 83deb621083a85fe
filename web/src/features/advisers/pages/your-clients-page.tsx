import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { shortDateFormat } from '../../../shared/format/short-date';
import { useSession } from '../../../shared/session/session-context';
import type { SiteAccessLevel } from '../../../shared/session/site-access';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { LoadError } from '../../../shared/ui/load-error';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useAccessLevelChoices } from '../api/access-level-choices';
import { DEFAULT_SORT, useClientList, type ClientSort, type ClientSortField } from '../api/client-list';
import { portalViewOptions, rowState, type PortalViewOption } from '../client-rows';
import { buildQuicksearch, EMPTY_SEARCH, validateClientSearch } from '../client-search';
import { ClientResults } from '../components/client-results';
import { ClientSearchForm } from '../components/client-search-form';
import { useOpenClient } from '../open-client';
import './your-clients-page.css';

/** How long typing must pause before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 350;

/** The levels themselves, while the firm's choices load or when they cannot be had. */
const FALLBACK_OPTIONS: PortalViewOption[] = [
  { level: 'Portfolio', label: 'Portfolio' },
  { level: 'Assets', label: 'Assets' },
  { level: 'Messages', label: 'Messages' },
  { level: 'NotAssigned', label: 'Not Assigned' },
];

/**
 * 'Your Clients' (spec 3 §2.6, §4.5, §5): the adviser searches their clients as they type, sorts
 * by name or date of birth, loads more by bookmark, picks a portal view per client and opens a
 * client's view (open-client.ts).
 */
export default function YourClientsPage({ debounceMs = SEARCH_DEBOUNCE_MS }: { debounceMs?: number }) {
  usePageTitle('Your Clients');
  const { settings } = useSiteConfig();
  const { user } = useSession();
  const navigate = useNavigate();
  const locale = user?.locale;
  const [values, setValues] = useState(EMPTY_SEARCH);
  const [settled, flush] = useDebouncedValue(values, debounceMs);
  const [sort, setSort] = useState<ClientSort>(DEFAULT_SORT);
  const [levels, setLevels] = useState<Record<number, SiteAccessLevel>>({});
  const errors = validateClientSearch(settled, locale);
  const quicksearch = buildQuicksearch(settled, locale);
  const list = useClientList(quicksearch, sort);
  const choices = useAccessLevelChoices().data ?? [];
  const open = useOpenClient();

  const derived = portalViewOptions(choices, settings);
  const options = derived.length > 0 ? derived : FALLBACK_OPTIONS;
  const rows = (list.data?.pages.flat() ?? []).map((item) => ({ item, state: rowState(item, levels[item.id], choices, settings) }));
  const onSort = (field: ClientSortField) =>
    setSort((current) => (current.field === field ? { field, descending: !current.descending } : { field, descending: false }));

  let results = null;
  if (list.data) {
    results = (
      <ClientResults
        rows={rows}
        options={options}
        sort={sort}
        busy={list.isPlaceholderData || (list.isFetching && !list.isFetchingNextPage)}
        ended={!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        opening={open.isPending ? (open.variables?.clientId ?? null) : null}
        onSort={onSort}
        onSortBy={setSort}
        onLoadMore={() => void list.fetchNextPage()}
        onLevel={(clientId, level) => setLevels((current) => ({ ...current, [clientId]: level }))}
        onOpen={({ item, state }) =>
          open.mutate({ clientId: item.id, siteAccessLevel: state.level }, { onSuccess: () => navigate(`/${settings.clientBaseSegment}/`) })
        }
      />
    );
  } else if (list.isError) {
    results = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (quicksearch !== null) {
    results = <InlineLoading label="Searching your clients" />;
  }

  return (
    <div className="your-clients">
      <div className="page-header your-clients__header">
        <h1>Your Clients</h1>
      </div>
      <section className="your-clients__search" aria-label="Search">
        <ClientSearchForm values={values} errors={errors} dateFormat={shortDateFormat(locale)} onChange={setValues} onSubmit={flush} />
      </section>
      <section className="your-clients__results" aria-label="Results" aria-busy={list.isFetching || undefined}>
        {results}
      </section>
    </div>
  );
}
