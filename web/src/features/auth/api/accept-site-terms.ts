import { request } from '../../../shared/http';

/** POST /xplanapi/entity/client-v3/{id}/terms_and_conditions: the SiteTerms login step. */
export function acceptSiteTerms(entityId: number, content: string, now: Date = new Date()): Promise<void> {
  return request<void>(`entity/client-v3/${entityId}/terms_and_conditions`, {
    method: 'POST',
    body: { content, agreed_date: now.toISOString(), desc: 'Login Disclaimer' },
    notify: false,
  });
}
