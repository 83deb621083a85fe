import { useQuery } from '@tanstack/react-query';
import { categoriesQuery, importantCategoryId } from '../messages/api/message-categories';
import { digitalSignaturesQuery } from '../signatures/api/digital-signatures';
import { useImportantCount } from './api/important-count';
import { countToSign, type AttentionCounts } from './attention-rules';

export interface AttentionCountsState {
  /** The counts, or null when there is nothing to show (not a client, or both calls failed). */
  counts: AttentionCounts | null;
  /** Still waiting for an answer the panel needs. */
  pending: boolean;
}

/**
 * The attention panel's two counts (spec 3 §2.5) from calls the documents page makes too, under
 * the same keys, so following a link finds its folder's data already there: the categories
 * (firm data, fetched once), then the important count; the documents to sign in parallel (GET
 * digital_signature, the To be signed folder's list, asked only when digital signatures are on).
 * A count whose call failed counts 0. `entityId` null asks nothing.
 */
export function useAttentionCounts(entityId: number | null, digitalSignatures: boolean): AttentionCountsState {
  const enabled = entityId !== null;
  const categories = useQuery({ ...categoriesQuery(), enabled, select: importantCategoryId });
  const important = useImportantCount(entityId, categories.data);
  const signatures = useQuery({ ...digitalSignaturesQuery(entityId ?? 0), enabled: enabled && digitalSignatures, select: countToSign });
  if (!enabled) return { counts: null, pending: false };
  const importantPending = categories.isPending || (typeof categories.data === 'number' && important.isPending);
  const signaturesPending = digitalSignatures && signatures.isPending;
  if (importantPending || signaturesPending) return { counts: null, pending: true };
  return { counts: { important: important.data ?? 0, toSign: signatures.data ?? 0 }, pending: false };
}
