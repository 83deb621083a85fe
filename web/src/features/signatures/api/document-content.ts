import { buildUrl } from '../../../shared/http';

/**
 * GET digital_signature/content/{id}/{filename} (spec 3 §7.2): the PDF shown in the signing
 * viewer, the signed version once signed. An address, not a fetch: the browser's PDF viewer
 * loads it in an <iframe> (the portal allows same-origin framing of this answer only,
 * docs/security.md). version changes the address after a signature so the frame reloads.
 */
export function documentContentUrl(id: number, filename: string, version = 0): string {
  const url = buildUrl(`digital_signature/content/${id}/${encodeURIComponent(filename)}`);
  return version ? `${url}?v=${version}` : url;
}
