import { parseAnswer, request } from '../../../shared/http';
import { docnoteItemSchema, type DocnoteItem } from './docnote-item';

/** POST docnote-v2 (spec 3 §3.1 send payload, §7.1): a client's new message or reply. */
export interface NewMessage {
  subject: string;
  /** Sanitised HTML. */
  body: string;
  entity_id: number;
  accounts: number[];
  reply_to: number | null;
  attachment_count: number;
}

export async function createMessage(message: NewMessage): Promise<DocnoteItem> {
  // Failures are the send sequence's to report (spec 3 §8), not the global toast's.
  const answer = await request<unknown>('docnote-v2', { method: 'POST', body: message, notify: false });
  return parseAnswer(docnoteItemSchema, answer, 'POST docnote-v2');
}
