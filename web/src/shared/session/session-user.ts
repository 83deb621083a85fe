/** The signed-in user as GET /xplanapi/session/user returns it (docs/api-contract.md). */
export interface SessionUser {
  id: number;
  entity_id: number;
  role_name: 'ClientUser' | 'User';
  entity_name: string;
  display_name: string;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
  locale: string;
  region: string;
  user_timezone: string | null;
  last_login: string | null;
  partner_entity_id: number | null;
  partners_display_name: string | null;
  preferred_currency: string;
  client_access_level: { code: string; description: string } | null;
  method: 'password' | 'Mfa';
  tfaMethods: string[];
  /** Login profile whose inactivity timeout applies (docs/api-contract.md, issue 4); 1 when absent. */
  login_profile_id?: number | null;
}

export type UserRole = SessionUser['role_name'];

export const isClient = (user: Pick<SessionUser, 'role_name'>) => user.role_name === 'ClientUser';
export const isAdviser = (user: Pick<SessionUser, 'role_name'>) => user.role_name === 'User';
