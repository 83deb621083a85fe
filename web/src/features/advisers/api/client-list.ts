import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';

/** The list's page size (spec 3 §9: 20, sent with the request). */
export const CLIENT_PAGE_SIZE = 20;

/** The columns the list sorts by (spec 3 §2.6: name and date of birth). */
export type ClientSortField = 'entity_name' | 'dob';

export interface ClientSort {
  field: ClientSortField;
  descending: boolean;
}

export const DEFAULT_SORT: ClientSort = { field: 'entity_name', descending: false };

/** page_sort as the platform reads it: "+entity_name", "-dob". */
export const pageSort = (sort: ClientSort) => `${sort.descending ? '-' : '+'}${sort.field}`;

// Only schema pieces the login route's schemas already use: zod/mini's shared chunk is on that
// route, and anything new here would grow it (web/README.md, "Login route budget").
const typedDate = z.object({ _type: z.literal('Date'), _val: z.string() });
const text = z.nullish(z.string());

/** One item of GET entity/client-v3/ (spec 3 §3.4, backend/internal/entities/client_list.go). */
export const clientListItemSchema = z.object({
  id: z.number(),
  entity_name: text,
  preferred_email: text,
  preferred_postcode: text,
  dob: z.nullish(typedDate),
  user_id: z.nullish(z.number()),
  has_client_access: z.boolean(),
  client_access_level: z.nullish(z.object({ code: z.union([z.string(), z.number()]), description: z.nullish(z.string()) })),
  bookmark: z.string(),
});

export const clientPageSchema = z.array(clientListItemSchema);

/** A list item as the page uses it: texts never null, the date of birth as YYYY-MM-DD or null. */
export interface ClientListItem {
  id: number;
  entity_name: string;
  preferred_email: string;
  preferred_postcode: string;
  dob: string | null;
  user_id: number | null;
  has_client_access: boolean;
  client_access_level: { code: string | number; description?: string | null } | null;
  bookmark: string;
}

/**
 * GET /xplanapi/entity/client-v3/: one page of the adviser's clients matching the quicksearch
 * (client-search.ts builds it), in the given order, after the bookmark of the last item shown.
 */
export async function fetchClientPage(quicksearch: string, sort: ClientSort, bookmark: string | null, signal?: AbortSignal): Promise<ClientListItem[]> {
  const answer = await request<unknown>('entity/client-v3/', {
    query: { quicksearch: quicksearch || undefined, page_size: CLIENT_PAGE_SIZE, page_sort: pageSort(sort), page_bookmark: bookmark ?? undefined },
    signal,
  });
  return parseAnswer(clientPageSchema, answer, 'GET entity/client-v3/').map((item) => ({
    ...item,
    entity_name: item.entity_name ?? '',
    preferred_email: item.preferred_email ?? '',
    preferred_postcode: item.preferred_postcode ?? '',
    dob: item.dob?._val ?? null,
    user_id: item.user_id ?? null,
    client_access_level: item.client_access_level ?? null,
  }));
}

/**
 * The list as pages: the next page starts at the last item's bookmark; the end is a page with
 * fewer items than the page size (spec 3 §4.5). The adviser's own list: cleared at logout, kept
 * when the client in context changes.
 */
export const clientListQuery = (quicksearch: string, sort: ClientSort) =>
  infiniteQueryOptions({
    queryKey: ['client-list', quicksearch, sort.field, sort.descending],
    queryFn: ({ pageParam, signal }) => fetchClientPage(quicksearch, sort, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.length < CLIENT_PAGE_SIZE ? undefined : (page[page.length - 1]?.bookmark ?? undefined)),
    meta: { scope: 'user' },
  });

/** The list for a search; null while the search is invalid (nothing is asked then). */
export function useClientList(quicksearch: string | null, sort: ClientSort) {
  return useInfiniteQuery({
    ...clientListQuery(quicksearch ?? '', sort),
    enabled: quicksearch !== null,
    // The previous results stay on screen (marked busy) while the next search runs.
    placeholderData: keepPreviousData,
  });
}
