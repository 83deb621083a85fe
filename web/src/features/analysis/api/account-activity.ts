import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';
import { toDate, typedDate } from '../../portfolio/api/typed-values';

/**
 * GET portfolio/account?entityid={id} cut to accountid and lastTransactionDate: which of the
 * client's accounts have any transaction (spec 2 §5 "Accounts without transactions are hidden
 * unless allowed"). One call for every account, made beside the accounts batch (never one per
 * account), and only when the site hides such accounts.
 */

const activitySchema = z.array(z.looseObject({ accountid: z.number(), lastTransactionDate: z.nullish(typedDate) }));

/** The ids of the accounts with at least one transaction. */
export function parseAccountActivity(body: unknown): Set<number> {
  const rows = parseAnswer(activitySchema, body, 'GET portfolio/account (lastTransactionDate)');
  return new Set(rows.filter((row) => toDate(row.lastTransactionDate) !== null).map((row) => row.accountid));
}

export async function fetchAccountActivity(entityId: number, signal?: AbortSignal): Promise<Set<number>> {
  const body = await request<unknown>('portfolio/account', { query: { entityid: entityId, 'fields.0': 'accountid', 'fields.1': 'lastTransactionDate' }, signal });
  return parseAccountActivity(body);
}

export const accountActivityQuery = (entityId: number) =>
  queryOptions({
    queryKey: ['analysis', 'account-activity', entityId],
    queryFn: ({ signal }) => fetchAccountActivity(entityId, signal),
  });
