import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/**
 * GET portfolio/account/{id}/payment_information (spec 2 §2.3, §3; the path is the portal's,
 * spec 2 §7 does not show it; docs/api-contract.md): how the client pays into one account, by
 * BPAY or to a bank account. Either may be null; both null is 'No payment method available yet'.
 */

const bpay = z.looseObject({ id: z.number(), billerCode: z.string(), reference: z.string() });
const bankAccount = z.looseObject({ id: z.number(), bank: z.string(), accountName: z.string(), bsb: z.string(), accountNumber: z.string() });

export const paymentInformationSchema = z.looseObject({
  accountId: z.number(),
  bpay: z.nullish(bpay),
  bankAccount: z.nullish(bankAccount),
});

export type PaymentInformation = z.output<typeof paymentInformationSchema>;

export async function fetchPaymentInformation(accountId: number, signal?: AbortSignal): Promise<PaymentInformation> {
  const answer = await request<unknown>(`portfolio/account/${accountId}/payment_information`, { signal });
  return parseAnswer(paymentInformationSchema, answer, 'GET portfolio/account/{id}/payment_information');
}

export const paymentInformationQuery = (accountId: number) =>
  queryOptions({
    queryKey: ['payment-information', accountId],
    queryFn: ({ signal }) => fetchPaymentInformation(accountId, signal),
    meta: { scope: 'client' },
  });

export function usePaymentInformation(accountId: number | null) {
  return useQuery({ ...paymentInformationQuery(accountId ?? 0), enabled: accountId !== null });
}
