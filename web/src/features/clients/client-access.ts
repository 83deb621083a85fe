import type { ClientChildKey } from '../../shared/config/site-config';
import type { SiteAccessLevel } from '../../shared/session/site-access';
import type { UserRole } from '../../shared/session/session-user';

/**
 * The client-section access table of spec 1 §2 ("Client section children"), as data plus one
 * pure function. NotAssigned behaves as Messages everywhere.
 */

export interface ClientAccessContext {
  role: UserRole;
  siteAccess: SiteAccessLevel;
  /** The signed-in user's locale, e.g. "en-gb". */
  locale: string;
  /**
   * The viewed client's review status (spec 3 §3.3: None=1, InProgress=2, FollowUpRequired=3,
   * ChangesReported=4, NoChangesReported=5); undefined while it loads.
   */
  reviewStatus?: 1 | 2 | 3 | 4 | 5 | null;
}

export type ClientAccessDecision = { kind: 'allow' } | { kind: 'deny' } | { kind: 'redirect'; to: 'section-root' };

type Rule = (ctx: ClientAccessContext) => ClientAccessDecision;

const allow: ClientAccessDecision = { kind: 'allow' };
const deny: ClientAccessDecision = { kind: 'deny' };
const when = (ok: boolean): ClientAccessDecision => (ok ? allow : deny);

const portfolioOrAssets = (ctx: ClientAccessContext) => ctx.siteAccess === 'Portfolio' || ctx.siteAccess === 'Assets';
const clientOnly = (ctx: ClientAccessContext) => ctx.role === 'ClientUser';

export const CLIENT_CHILD_RULES: Record<ClientChildKey, Rule> = {
  home: (ctx) => when(portfolioOrAssets(ctx)),
  analysis: (ctx) => when(ctx.siteAccess === 'Portfolio'),
  'balance-sheet': (ctx) => when(portfolioOrAssets(ctx)),
  'documents-and-messages': () => allow,
  'personal-details': () => allow,
  'adviser-details': () => allow,
  // A client's own; an adviser with the client in context sees them read-only (spec 1 §6, spec 2
  // §2.8), so "client role only" is read as the client's preferences only. GB locale only.
  preferences: (ctx) => when(ctx.locale.toLowerCase() === 'en-gb'),
  'security-questions': (ctx) => when(clientOnly(ctx)),
  'change-password': (ctx) => when(clientOnly(ctx)),
  // Spec 3 §2.3: shown while the review is InProgress or once it is submitted (ChangesReported or
  // NoChangesReported), else back to /clients/. An adviser sees only a submitted review, read-only.
  'annual-review': (ctx) => {
    const submitted = ctx.reviewStatus === 4 || ctx.reviewStatus === 5;
    if (!clientOnly(ctx)) return submitted ? allow : deny;
    return ctx.reviewStatus === 2 || submitted ? allow : { kind: 'redirect', to: 'section-root' };
  },
  'additional-verification': (ctx) => when(clientOnly(ctx)),
  'biometric-permission': () => allow,
  'valuation-report': (ctx) => when(portfolioOrAssets(ctx)),
};

export function decideClientChildAccess(child: ClientChildKey, ctx: ClientAccessContext): ClientAccessDecision {
  return CLIENT_CHILD_RULES[child](ctx);
}

/** The section index: home for Assets or Portfolio, otherwise documents and messages. */
export function clientIndexChild(siteAccess: SiteAccessLevel): ClientChildKey {
  return siteAccess === 'Portfolio' || siteAccess === 'Assets' ? 'home' : 'documents-and-messages';
}

/** The child whose configured segment is `segment`, if any. */
export function childForSegment(segment: string, segments: Record<ClientChildKey, string>): ClientChildKey | null {
  const entry = Object.entries(segments).find(([, value]) => value === segment);
  return entry ? (entry[0] as ClientChildKey) : null;
}
