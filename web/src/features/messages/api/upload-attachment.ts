import * as z from 'zod/mini';
import { parseAnswer, request } from '../../../shared/http';

/** POST docnote-v2/{id}/attachment-v3 (spec 3 §7.1): one file, multipart, part name `file`. */
export const uploadedSchema = z.looseObject({ docpartid: z.number(), filename: z.string() });

export async function uploadAttachment(docId: number, file: File): Promise<z.output<typeof uploadedSchema>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await request<unknown>(`docnote-v2/${docId}/attachment-v3`, { method: 'POST', body: form, notify: false });
  return parseAnswer(uploadedSchema, answer, 'POST docnote-v2/{id}/attachment-v3');
}
