import { request } from '../../../shared/http';

interface LoginProfile {
  id?: number;
  inactive_session_timeout_client?: number | string | null;
}

/**
 * GET /xplanapi/sysadmin/loginsetting/login_profile/{id}: the inactivity timeout in minutes, or null
 * when there is none. A 403 or 404 is ignored (spec 1 §4); so is any other failure: the configured
 * times apply then.
 */
export async function fetchSessionTimeoutMinutes(profileId: number): Promise<number | null> {
  try {
    const profile = await request<LoginProfile | undefined>(`sysadmin/loginsetting/login_profile/${profileId}`, { notify: false });
    const minutes = Number(profile?.inactive_session_timeout_client);
    return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
  } catch {
    return null;
  }
}
