import { ApiError } from './api-error';
import { request, type RequestOptions } from './request';

/** Batch requests go in chunks of 50 items (spec 2 §7, spec 3 §7.6). */
export const BATCH_CHUNK_SIZE = 50;

/** One call of a batch: a platform path as the spec writes it (entity/client-v3/12). */
export interface BatchCall {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

/** One call's answer: its body when it succeeded, otherwise its error (never thrown). */
export type BatchAnswer<T = unknown> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ApiError };

interface WireResult {
  code: number;
  msg?: string;
  body: string | null;
}

function parseBody(text: string | null): unknown {
  if (text === null || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toAnswer(result: WireResult | undefined): BatchAnswer {
  if (!result) return { ok: false, status: 0, error: new ApiError(0, 'missing batch answer') };
  const body = parseBody(result.body);
  if (result.code >= 200 && result.code < 300) return { ok: true, status: result.code, body };
  const details = body && typeof body === 'object' ? (body as { api_message?: string; user_message?: string }) : {};
  return { ok: false, status: result.code, error: new ApiError(result.code, result.msg ?? `HTTP ${result.code}`, details) };
}

/**
 * POST /xplanapi/ (the resourceful batch): several calls in one request, answered in order. A
 * failing call fails only its own answer; a failure of the whole request is thrown.
 */
export async function batch(calls: BatchCall[], options: Pick<RequestOptions, 'notify' | 'signal'> = {}): Promise<BatchAnswer[]> {
  const answers: BatchAnswer[] = [];
  for (let start = 0; start < calls.length; start += BATCH_CHUNK_SIZE) {
    const chunk = calls.slice(start, start + BATCH_CHUNK_SIZE);
    const results = await request<WireResult[]>('', {
      method: 'POST',
      body: {
        batch: chunk.map((call) => ({
          method: call.method ?? 'GET',
          url: `/resourceful/${call.path.replace(/^\/+/, '')}`,
          ...(call.body === undefined ? {} : { body: call.body }),
        })),
      },
      ...options,
    });
    chunk.forEach((_, index) => answers.push(toAnswer(Array.isArray(results) ? results[index] : undefined)));
  }
  return answers;
}
