import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import { listParams, nextPageBookmark, type FolderQueryContext, type MessageFilters, type QueryParams } from '../messages-rules';
import { docnoteItemSchema, type DocnoteItem } from './docnote-item';

/**
 * GET docnote-v2 (spec 3 §7.1): the messages and documents of a folder, 20 a page, the next page
 * from the last item's bookmark; a page of fewer than 20 is the end (spec 3 §4.1).
 */
export const docnoteListSchema = z.array(docnoteItemSchema);

export async function fetchDocnotes(params: QueryParams, signal?: AbortSignal): Promise<DocnoteItem[]> {
  const answer = await request<unknown>('docnote-v2', { query: params, signal });
  return parseAnswer(docnoteListSchema, answer, 'GET docnote-v2');
}

export const messageListQuery = (entityId: number, filters: MessageFilters, context: FolderQueryContext) =>
  infiniteQueryOptions({
    queryKey: ['messages', 'list', entityId, filters, context],
    queryFn: ({ pageParam, signal }) => fetchDocnotes(listParams(filters, context, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: DocnoteItem[]) => nextPageBookmark(page),
    meta: { scope: 'client' },
  });

export function useMessageList(entityId: number, filters: MessageFilters, context: FolderQueryContext | null) {
  return useInfiniteQuery({ ...messageListQuery(entityId, filters, context ?? { importantCategoryId: null, customFolders: [] }), enabled: context !== null });
}
