import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import { attachmentRefSchema, docnoteItemShape } from './docnote-item';

/** GET docnote-v2/{id} (spec 3 §3.1, §7.1): the item with its body (HTML) and attachments. */
export const messageDetailSchema = z.looseObject({
  ...docnoteItemShape,
  documentBody: z.nullish(z.string()),
  documentAttachments: z.nullish(z.array(attachmentRefSchema)),
});

export type MessageDetail = z.output<typeof messageDetailSchema>;

export async function fetchMessageDetail(id: number, signal?: AbortSignal): Promise<MessageDetail> {
  const answer = await request<unknown>(`docnote-v2/${id}`, { signal });
  return parseAnswer(messageDetailSchema, answer, 'GET docnote-v2/{id}');
}

export const messageDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['messages', 'detail', id],
    queryFn: ({ signal }) => fetchMessageDetail(id, signal),
    meta: { scope: 'client' },
  });

export function useMessageDetail(id: number | null) {
  return useQuery({ ...messageDetailQuery(id ?? 0), enabled: id !== null });
}
