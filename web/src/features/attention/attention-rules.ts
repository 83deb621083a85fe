import { SignatureStatus } from '../signatures/signing-rules';

/**
 * The attention panel's rules (spec 3 §2.5, §6, §9) as plain functions: its counts, their
 * pluralised texts and when it shows.
 */

/** Spec 3 §9: the important count asks for 20 documents, so 20 reads '20+'. */
export const IMPORTANT_COUNT_PAGE_SIZE = 20;
/** Spec 3 §9: the documents to sign come in one page of 100, so 100 reads '100+'. */
export const TO_SIGN_PAGE_SIZE = 100;

/** A count from a page of `pageSize` items: a full page may hide more, so it reads 'n+'. */
export function countText(count: number, pageSize: number): string {
  return count >= pageSize ? `${pageSize}+` : String(count);
}

/** '1 important document to read', '3 important documents to read', '20+ important documents to read'. */
export function importantText(count: number): string {
  return `${countText(count, IMPORTANT_COUNT_PAGE_SIZE)} important ${count === 1 ? 'document' : 'documents'} to read`;
}

/** '1 document to sign', '2 documents to sign', '100+ documents to sign'. */
export function toSignText(count: number): string {
  return `${countText(count, TO_SIGN_PAGE_SIZE)} ${count === 1 ? 'document' : 'documents'} to sign`;
}

/**
 * The documents waiting for the client's signature: awaiting signature, or part signed (others
 * have signed, it still awaits), with a due date (spec 3 §4.2's pending list, without the
 * declined ones, which wait for nobody).
 */
export function countToSign(items: readonly { status: number; duedate: string | null }[]): number {
  return items.filter((item) => (item.status === SignatureStatus.awaitingSignature || item.status === SignatureStatus.partSigned) && !!item.duedate).length;
}

/** Spec 3 §2.5, §6: a ClientUser's own panel (never an adviser's, with or without a client in context). */
export function attentionPanelAllowed(roleName: string | undefined): boolean {
  return roleName === 'ClientUser';
}

export interface AttentionCounts {
  important: number;
  toSign: number;
}

/** Hidden when both counts are zero (chosen: nothing needs the client's attention). */
export function attentionPanelShown(counts: AttentionCounts | null): counts is AttentionCounts {
  return counts !== null && (counts.important > 0 || counts.toSign > 0);
}
