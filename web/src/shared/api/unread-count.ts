import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { request } from '../http';
import { parseAnswer } from '../http/parse-answer';
import { unreadCountStore } from '../session/unread-count';

/**
 * The navigation badge's count (spec 1 §2; spec 3 §7.1): GET docnote-v2 asking 21 of the client's
 * unread received notes, so 21 means "more than 20". Its key sits under ['messages', 'count'], so
 * the messages page's read receipts refresh it with the folder counts.
 */
const unreadSchema = z.array(z.unknown());

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const query = { page_size: 21, 'firstread.include_read_notes': 'false', docsubtype_exclude: 'Client Initiated' };
  // A badge that cannot be counted is left as it is: no toast for it.
  const answer = await request<unknown>('docnote-v2', { query, signal, notify: false });
  return parseAnswer(unreadSchema, answer, 'GET docnote-v2').length;
}

export const unreadCountQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['messages', 'count', 'badge', entityId],
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    meta: { scope: 'client' },
  });

/** Keeps unreadCountStore in step with the platform for a signed-in client (null: nobody's). */
export function useUnreadCountSync(clientEntityId: number | null): void {
  const { data } = useQuery({ ...unreadCountQuery(clientEntityId ?? 0), enabled: clientEntityId !== null });
  useEffect(() => {
    if (clientEntityId !== null && data !== undefined) unreadCountStore.set(data);
  }, [clientEntityId, data]);
}
