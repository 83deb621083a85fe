import { sanitizeHtml } from '../../shared/ui/sanitized-html';
import type { DocnoteItem } from './api/docnote-item';
import type { NewMessage } from './api/create-message';
import { bodyHtml, stripBeyondLatin1 } from './messages-rules';

/**
 * The send sequence of spec 3 §4.1: create the message, mark it read, upload each attachment,
 * then notify the adviser. Its outcome says exactly what happened, so the page can tell the
 * client what was sent (spec 3 §8) and nothing is claimed as sent in full when it was not.
 */

export interface SendCalls {
  create(message: NewMessage): Promise<DocnoteItem>;
  markRead(id: number): Promise<void>;
  upload(docId: number, file: File): Promise<unknown>;
  notify(docId: number): Promise<void>;
}

export interface Draft {
  subject: string;
  /** What was typed (plain text). */
  body: string;
  files: File[];
  entityId: number;
  accounts: number[];
  replyTo: number | null;
}

export type SendOutcome =
  /** Nothing was created: the draft stays as typed. */
  | { kind: 'not-sent' }
  | {
      kind: 'sent';
      id: number;
      /** File names that arrived and those that did not. */
      sentFiles: string[];
      failedFiles: string[];
      notified: boolean;
    };

/** The body as it is sent: typed text as HTML, the Latin-1 rule applied, sanitised (DOMPurify). */
export function outgoingBody(typed: string): string {
  return sanitizeHtml(bodyHtml(typed));
}

export async function sendMessage(draft: Draft, calls: SendCalls): Promise<SendOutcome> {
  let created: DocnoteItem;
  try {
    created = await calls.create({
      subject: stripBeyondLatin1(draft.subject),
      body: outgoingBody(draft.body),
      entity_id: draft.entityId,
      accounts: draft.accounts,
      reply_to: draft.replyTo,
      attachment_count: draft.files.length,
    });
  } catch {
    return { kind: 'not-sent' };
  }
  // The client's own message is read by them: a failed receipt only leaves it shown as unread.
  await calls.markRead(created.id).catch(() => undefined);
  const sentFiles: string[] = [];
  const failedFiles: string[] = [];
  for (const file of draft.files) {
    try {
      await calls.upload(created.id, file);
      sentFiles.push(file.name);
    } catch {
      failedFiles.push(file.name);
    }
  }
  // The adviser is told even when an attachment failed: the message is there for them to read.
  const notified = await calls.notify(created.id).then(
    () => true,
    () => false,
  );
  return { kind: 'sent', id: created.id, sentFiles, failedFiles, notified };
}
