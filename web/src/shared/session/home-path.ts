import type { SessionUser } from './session-user';

export interface Sections {
  clientBase: string;
  adviserBase: string;
}

/** Where a signed-in user belongs: clients to the client section, advisers to the adviser section. */
export function homePathFor(user: Pick<SessionUser, 'role_name'>, sections: Sections): string {
  return user.role_name === 'ClientUser' ? `/${sections.clientBase}/` : `/${sections.adviserBase}/`;
}
