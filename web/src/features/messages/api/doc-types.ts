import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/** GET docnote-v2/doctype (docs/api-contract.md; spec 3 §3.1 "Document type: name, code"). */
export const docTypesSchema = z.array(z.looseObject({ code: z.string(), name: z.string() }));

export type DocType = z.output<typeof docTypesSchema>[number];

export async function fetchDocTypes(signal?: AbortSignal): Promise<DocType[]> {
  const answer = await request<unknown>('docnote-v2/doctype', { signal });
  return parseAnswer(docTypesSchema, answer, 'GET docnote-v2/doctype');
}

export const docTypesQuery = () =>
  queryOptions({
    queryKey: ['messages', 'doctypes'],
    queryFn: ({ signal }) => fetchDocTypes(signal),
    staleTime: Infinity,
    meta: { scope: 'client' },
  });

export function useDocTypes(enabled: boolean) {
  return useQuery({ ...docTypesQuery(), enabled });
}
