import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { mergeToggles, type FeatureToggle, type ToggleMap } from '../config/feature-toggles';
import { request, type RequestOptions } from '../http';
import { parseAnswer } from '../http/parse-answer';
import { useSession } from '../session/session-context';

/** Both sources answer a list of {name, enabled}. */
export const featureTogglesSchema = z.array(z.object({ name: z.string(), enabled: z.boolean() }));

type Fetcher = (path: string, options: RequestOptions) => Promise<unknown>;

/** One source; a failure or an answer of the wrong shape counts as an empty list, never an error. */
async function source(fetcher: Fetcher, path: string, options: RequestOptions): Promise<FeatureToggle[]> {
  try {
    return parseAnswer(featureTogglesSchema, await fetcher(path, options), `GET ${path}`);
  } catch {
    return [];
  }
}

/**
 * The planning platform's toggle conditions and the feature-toggle service through the BFF
 * (spec 1 §3, §7), merged.
 */
export async function fetchFeatureToggles(region: string, fetcher: Fetcher = request): Promise<ToggleMap> {
  const quiet = { notify: false, attempts: 1 } as const;
  const [platform, service] = await Promise.all([
    source(fetcher, 'feature_toggle/toggle_condition', quiet),
    source(fetcher, 'feature-toggles', { ...quiet, base: 'api', query: { region } }),
  ]);
  return mergeToggles(platform, service);
}

/** The signed-in user's toggles, once per login and region. */
export const featureTogglesQuery = (region: string) =>
  queryOptions({
    queryKey: ['feature-toggles', region],
    queryFn: () => fetchFeatureToggles(region),
    staleTime: Infinity,
    meta: { scope: 'user' },
  });

const NONE: ToggleMap = {};

/** The toggles of the signed-in user; none (every toggle off) while they load or without a user. */
export function useFeatureToggles(): ToggleMap {
  const { user } = useSession();
  const query = useQuery({ ...featureTogglesQuery(user?.region ?? ''), enabled: user !== null });
  return query.data ?? NONE;
}
