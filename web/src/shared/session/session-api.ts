import { ApiError, request } from '../http';
import type { SessionUser } from './session-user';

/**
 * GET /xplanapi/session/user. A 401 means "not signed in", which is a normal answer here, so the
 * call never reaches the global handler (no lost-session redirect, no toast).
 */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await request<SessionUser>('session/user', { notify: false });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** DELETE /xplanapi/session. A 401 means the session had already gone, which is what we want. */
export async function endSession(): Promise<void> {
  try {
    await request('session', { method: 'DELETE', notify: false, attempts: 1 });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}
