import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import { folderParams, type QueryParams } from '../../messages/messages-rules';
import { IMPORTANT_COUNT_PAGE_SIZE } from '../attention-rules';

/**
 * The attention panel's important count (spec 3 §2.5, §7.1, §9): GET docnote-v2 asking 20 of the
 * client's unread documents in the important category (the Important only folder's documents the
 * client has not read yet). Its key sits under ['messages', 'count'], so the messages page's read
 * receipts refresh it with the folder counts.
 */
const importantListSchema = z.array(z.looseObject({ id: z.number() }));

/** GET docnote-v2's parameters for the important count. */
export function importantCountParams(importantCategoryId: number): QueryParams {
  return {
    page_size: String(IMPORTANT_COUNT_PAGE_SIZE),
    'firstread.include_read_notes': 'false',
    ...folderParams('important', { importantCategoryId, customFolders: [] }),
  };
}

export async function fetchImportantCount(importantCategoryId: number, signal?: AbortSignal): Promise<number> {
  const answer = await request<unknown>('docnote-v2', { query: importantCountParams(importantCategoryId), signal });
  return parseAnswer(importantListSchema, answer, 'GET docnote-v2').length;
}

export const importantCountQuery = (entityId: number, importantCategoryId: number) =>
  queryOptions({
    queryKey: ['messages', 'count', 'important', entityId, importantCategoryId],
    queryFn: ({ signal }) => fetchImportantCount(importantCategoryId, signal),
    meta: { scope: 'client' },
  });

/** The count, once the important category is known (null: the firm has none, nothing to ask). */
export function useImportantCount(entityId: number | null, importantCategoryId: number | null | undefined) {
  return useQuery({
    ...importantCountQuery(entityId ?? 0, importantCategoryId ?? 0),
    enabled: entityId !== null && typeof importantCategoryId === 'number',
  });
}
