import type { SessionState } from '../shared/session/session-context';
import { homePathFor, type Sections } from '../shared/session/home-path';

/** Route decisions of spec 1 §2 as pure functions, so the table can be tested row by row. */

export { homePathFor, type Sections };

export type IndexDecision = { kind: 'wait' } | { kind: 'go'; to: string };

/** "/": wait for the session check, then send the user to their section or to login. */
export function indexDestination(session: SessionState, sections: Sections): IndexDecision {
  if (session.status === 'checking') return { kind: 'wait' };
  if (session.status === 'signed-in') {
    const { role_name } = session.user;
    if (role_name === 'ClientUser' || role_name === 'User') return { kind: 'go', to: homePathFor(session.user, sections) };
  }
  return { kind: 'go', to: '/login' };
}

/** Anonymous routes (login): a signed-in user is sent on to their section. */
export function anonymousOnly(session: SessionState, sections: Sections): IndexDecision | { kind: 'show' } {
  if (session.status === 'checking') return { kind: 'wait' };
  if (session.status === 'signed-in') return { kind: 'go', to: homePathFor(session.user, sections) };
  return { kind: 'show' };
}

export type SectionDecision = 'wait' | 'login' | 'denied' | 'allow';

/**
 * The client section is for clients and advisers (who see it for their client in context, which
 * only the portal's session knows: the section asks it, in the signed-in area); the adviser
 * section for advisers only. Not signed in leads to login (spec 1 §4).
 */
export function sectionAccess(section: 'clients' | 'advisers', session: SessionState): SectionDecision {
  if (session.status === 'checking') return 'wait';
  if (session.status === 'anonymous') return 'login';
  const role = session.user.role_name;
  if (section === 'advisers') return role === 'User' ? 'allow' : 'denied';
  return role === 'ClientUser' || role === 'User' ? 'allow' : 'denied';
}
