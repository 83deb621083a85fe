import { request } from '../../../shared/http';

export interface HeartbeatAnswer {
  entity_id: number;
  role_name: string;
  last_login: string | null;
}

/**
 * POST /api/session/heartbeat: keeps the session alive. Failures are handled by the session
 * timer (a lost session redirects; no answer is ignored), never as a toast. Sent once.
 */
export function sendHeartbeat(): Promise<HeartbeatAnswer> {
  return request<HeartbeatAnswer>('session/heartbeat', { base: 'api', method: 'POST', notify: false });
}
