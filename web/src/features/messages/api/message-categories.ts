import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * GET docnote-v2/category (spec 3 §3.1, §7.1): the document note categories; the important one
 * marks important documents (the Important only folder).
 */
export const categoriesSchema = z.array(z.looseObject({ category_id: z.number(), name: z.string(), important: z.nullish(z.boolean()) }));

export async function fetchCategories(signal?: AbortSignal): Promise<z.output<typeof categoriesSchema>> {
  const answer = await request<unknown>('docnote-v2/category', { signal });
  return parseAnswer(categoriesSchema, answer, 'GET docnote-v2/category');
}

/** The important category's id, or null when the firm has none. */
export function importantCategoryId(categories: z.output<typeof categoriesSchema>): number | null {
  return categories.find((category) => category.important === true)?.category_id ?? null;
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['messages', 'categories'],
    queryFn: ({ signal }) => fetchCategories(signal),
    staleTime: Infinity,
    meta: { scope: 'client' },
  });

export function useImportantCategory() {
  const query = useQuery({ ...categoriesQuery(), select: importantCategoryId });
  return query;
}
