import { request } from '../../../shared/http';

export interface TfaDetails {
  mfaMethod: string | null;
  tfaMethods: string[];
}

/** GET /api/tfa/details: the current second-factor method and the ones available. */
export async function fetchTfaDetails(): Promise<TfaDetails> {
  const details = await request<Partial<TfaDetails> | undefined>('tfa/details', { base: 'api', notify: false });
  return { mfaMethod: details?.mfaMethod ?? null, tfaMethods: details?.tfaMethods ?? [] };
}
