import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/** One field's current values (spec 3 §3.3: fieldName, clientValue, partnerValue). */
export interface PlaybackValue {
  fieldName: string;
  clientValue: string;
  partnerValue: string | null;
}

export interface Playback {
  clientId: number;
  partnerId: number | null;
  partnerName: string;
  values: PlaybackValue[];
}

const schema = z.looseObject({
  clientId: z.number(),
  partnerId: z.nullish(z.number()),
  partnerName: z.nullish(z.string()),
  values: z.array(z.looseObject({ fieldName: z.string(), clientValue: z.string(), partnerValue: z.nullish(z.string()) })),
});

/** GET entity/client-v4/{id}/review/playback: the details the review plays back, and the partner's name. */
export async function fetchPlayback(entityId: number): Promise<Playback> {
  const a = parseAnswer(schema, await request<unknown>(`entity/client-v4/${entityId}/review/playback`), 'GET review/playback');
  return {
    clientId: a.clientId,
    partnerId: a.partnerId ?? null,
    partnerName: a.partnerName ?? '',
    values: a.values.map((v) => ({ fieldName: v.fieldName, clientValue: v.clientValue, partnerValue: v.partnerValue ?? null })),
  };
}

export const playbackQuery = (entityId: number) =>
  queryOptions({ queryKey: ['review-playback', entityId], queryFn: () => fetchPlayback(entityId), staleTime: 60_000, meta: { scope: 'client' } });

export function usePlayback(entityId: number | null) {
  return useQuery({ ...playbackQuery(entityId ?? 0), enabled: entityId !== null });
}
