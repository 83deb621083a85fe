import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessChoicesSchema } from '../../../shared/api/client-data';
import { request } from '../../../shared/http';
import { parseAnswer } from '../../../shared/http/parse-answer';
import type { Choice } from '../../../shared/session/client-data';

/**
 * GET /xplanapi/ufield/entity/client_access_level/choice: the firm's client access levels as
 * code and description (spec 1 §3), from which the list's 'Portal view' choices are derived.
 */
export async function fetchAccessLevelChoices(): Promise<Choice[]> {
  const answer = await request<unknown>('ufield/entity/client_access_level/choice');
  return parseAnswer(accessChoicesSchema, answer, 'GET ufield/entity/client_access_level/choice').map((choice) => ({
    code: String(choice.code),
    description: choice.description,
  }));
}

export const accessLevelChoicesQuery = () =>
  queryOptions({
    queryKey: ['access-level-choices'],
    queryFn: fetchAccessLevelChoices,
    staleTime: Infinity,
    meta: { scope: 'user' },
  });

export const useAccessLevelChoices = () => useQuery(accessLevelChoicesQuery());
