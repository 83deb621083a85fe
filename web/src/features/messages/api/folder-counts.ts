import { queryOptions, useQueries } from '@tanstack/react-query';
import { existsParams, unreadCountParams, type FolderKey, type FolderQueryContext } from '../messages-rules';
import { fetchDocnotes } from './message-list';

/**
 * The folder list's calls (spec 3 §7.1, §4.1), all GET docnote-v2: each folder's unread count
 * (21 items asked, only unread notes) and whether a folder has any message at all (Sent when
 * one-way messaging is on, custom folders).
 */
export const unreadCountQuery = (entityId: number, folder: FolderKey, context: FolderQueryContext, entityIds: readonly number[]) =>
  queryOptions({
    queryKey: ['messages', 'count', entityId, folder, context, entityIds],
    queryFn: async ({ signal }) => (await fetchDocnotes(unreadCountParams(folder, context, entityIds), signal)).length,
    meta: { scope: 'client' },
  });

export const folderHasMessagesQuery = (entityId: number, folder: FolderKey, context: FolderQueryContext, entityIds: readonly number[]) =>
  queryOptions({
    queryKey: ['messages', 'exists', entityId, folder, context, entityIds],
    queryFn: async ({ signal }) => (await fetchDocnotes(existsParams(folder, context, entityIds), signal)).length > 0,
    meta: { scope: 'client' },
  });

/** Unread counts of the given folders, by folder; a folder still loading or failed counts 0. */
export function useUnreadCounts(entityId: number, folders: readonly FolderKey[], context: FolderQueryContext | null, entityIds: readonly number[]) {
  const results = useQueries({
    queries: folders.map((folder) => ({ ...unreadCountQuery(entityId, folder, context ?? { importantCategoryId: null, customFolders: [] }, entityIds), enabled: context !== null })),
  });
  const counts: Partial<Record<FolderKey, number>> = {};
  folders.forEach((folder, index) => (counts[folder] = results[index]?.data ?? 0));
  return counts;
}

/** Which of the given folders have messages. */
export function useFoldersWithMessages(entityId: number, folders: readonly FolderKey[], context: FolderQueryContext | null, entityIds: readonly number[]) {
  const results = useQueries({
    queries: folders.map((folder) => ({ ...folderHasMessagesQuery(entityId, folder, context ?? { importantCategoryId: null, customFolders: [] }, entityIds), enabled: context !== null })),
  });
  return new Set(folders.filter((_, index) => results[index]?.data === true));
}
