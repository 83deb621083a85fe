import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';

/** GET /api/tfa/details: the current method (none yet: null) and the methods on offer. */
export const tfaDetailsSchema = z.object({
  mfaMethod: z.nullish(z.string()),
  tfaMethods: z.nullish(z.array(z.string())),
});

export interface TfaDetails {
  mfaMethod: string | null;
  tfaMethods: string[];
}

/** GET /api/tfa/details: the current second-factor method and the ones available. */
export async function fetchTfaDetails(): Promise<TfaDetails> {
  const answer = await request<unknown>('tfa/details', { base: 'api', notify: false });
  const details = parseAnswer(tfaDetailsSchema, answer ?? {}, 'GET /api/tfa/details');
  return { mfaMethod: details.mfaMethod ?? null, tfaMethods: details.tfaMethods ?? [] };
}

/** The signed-in user's own second-factor details. */
export const tfaDetailsQuery = () => queryOptions({ queryKey: ['tfa-details'], queryFn: fetchTfaDetails, meta: { scope: 'user' } });

export function useTfaDetails() {
  return useQuery(tfaDetailsQuery());
}
