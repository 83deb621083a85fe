import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * GET portfolio/benchmark (spec 2 §7): the benchmarks the percentage chart can be compared with
 * (its picker shows when there is more than one). Market data, the same for everyone, so it is
 * fetched once per login.
 */

const benchmarksSchema = z.array(z.looseObject({ id: z.number(), name: z.string(), currency: z.nullish(z.string()) }));

export interface Benchmark {
  id: number;
  name: string;
}

export function parseBenchmarks(body: unknown): Benchmark[] {
  return parseAnswer(benchmarksSchema, body, 'GET portfolio/benchmark').map((b) => ({ id: b.id, name: b.name }));
}

export async function fetchBenchmarks(signal?: AbortSignal): Promise<Benchmark[]> {
  return parseBenchmarks(await request<unknown>('portfolio/benchmark', { signal }));
}

export const benchmarksQuery = () =>
  queryOptions({
    queryKey: ['portfolio', 'benchmarks'],
    queryFn: ({ signal }) => fetchBenchmarks(signal),
    staleTime: Infinity,
    meta: { scope: 'user' },
  });
