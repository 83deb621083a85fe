import * as z from 'zod/mini';

/**
 * A document or secure message as GET docnote-v2 lists it (spec 3 §3.1; docs/api-contract.md
 * "Messages and documents"). Shared by the list and detail calls.
 */
export const attachmentRefSchema = z.looseObject({
  docpartid: z.number(),
  filename: z.string(),
  created_date: z.nullish(z.string()),
  size: z.nullish(z.number()),
  content_type: z.nullish(z.string()),
});

/** The list item's fields; the detail adds its own (a plain shape: no z.extend on the login route's zod chunk). */
export const docnoteItemShape = {
  id: z.number(),
  subject: z.string(),
  has_been_seen: z.boolean(),
  created_date: z.string(),
  reference_date: z.nullish(z.string()),
  categories: z.nullish(z.array(z.number())),
  entity_ids: z.nullish(z.array(z.number())),
  docsubtype: z.nullish(z.string()),
  doctype: z.nullish(z.string()),
  is_client_access_accessible: z.nullish(z.boolean()),
  session_info: z.nullish(z.looseObject({ firstread: z.nullish(z.string()) })),
  accounts: z.nullish(z.array(z.number())),
  attachments: z.nullish(z.array(attachmentRefSchema)),
  sender: z.nullish(z.string()),
  complete: z.nullish(z.boolean()),
  bookmark: z.nullish(z.string()),
};

export const docnoteItemSchema = z.looseObject(docnoteItemShape);

export type DocnoteItem = z.output<typeof docnoteItemSchema>;
export type AttachmentRef = z.output<typeof attachmentRefSchema>;

/** Unread for the client: not read yet (spec 3 §3.1 has_been_seen, session_info.firstread). */
export function isUnread(item: DocnoteItem): boolean {
  return !item.has_been_seen && !item.session_info?.firstread;
}
