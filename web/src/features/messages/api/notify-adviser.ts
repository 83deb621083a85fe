import { request } from '../../../shared/http';

/** POST email/email (spec 3 §4.1, §7.1): tells the adviser a message arrived (no content in it). */
export async function notifyAdviser(docnoteId: number, templateId: string | null = null): Promise<void> {
  await request('email/email', { method: 'POST', body: { docnote_id: docnoteId, template_id: templateId }, notify: false });
}
