import type { SiteSettings } from '../config/site-config';
import { deriveSiteAccess, type SiteAccessLevel } from './site-access';

/** The client data texts of spec 1 §8 ("Session and data"). */
export const CLIENT_DATA_ERRORS = {
  noClientData: 'No client data',
  lookupFailed: 'Unable to lookup mapping for client_access_level',
  noMapping: 'No mapping found for client_access_level',
  choicesFailed: 'An error occurred getting client access level or choices',
  notClient: 'I am not a clientUser and no client in context',
} as const;

export interface Choice {
  code: string;
  description: string;
}

/** The client record fields the shell needs (entity/client-v3/{id}). */
export interface ClientRecord {
  id: number;
  entity_id?: number;
  client_access_level: Choice | null;
  preferred_currency?: string;
  partner_entity_id?: number | null;
  [field: string]: unknown;
}

/** A member of the client's groups (entity/client/{id}/client_group/member). */
export interface GroupMember {
  entity_id: number;
  group_id: number;
  login_accessible: boolean;
  first_name: string;
  last_name: string;
  entity_name: string;
  partner_entity_id: number | null;
}

export interface ClientData {
  entityId: number;
  client: ClientRecord;
  /** Only the members the client may see (login_accessible). */
  members: GroupMember[];
  siteAccess: SiteAccessLevel;
}

/**
 * The client data of the signed-in client (spec 1 §4), with hasLoadedSiteAccess as its status; the
 * query that loads it is shared/api/client-data.ts.
 */
export type ClientDataState =
  | { status: 'idle' }
  | { status: 'loading'; entityId: number }
  | { status: 'loaded'; data: ClientData }
  | { status: 'failed'; entityId: number; error: string };

export type AccessLists = Pick<SiteSettings, 'portfolioSiteAccess' | 'assetSiteAccess' | 'messagesSiteAccess'>;

/**
 * Site access from the client's client_access_level and the field's choices (spec 1 §3): the code
 * is looked up among the choices and the choice's description matched against the configured
 * lists. Throws the spec's texts when the choices or the mapping are missing.
 */
export function siteAccessFromChoices(level: Choice | null, choices: Choice[] | undefined, lists: AccessLists): SiteAccessLevel {
  if (!Array.isArray(choices) || choices.length === 0) throw new Error(CLIENT_DATA_ERRORS.lookupFailed);
  if (!level || level.code === '' || level.code === null) return 'NotAssigned';
  const choice = choices.find((candidate) => String(candidate.code) === String(level.code));
  if (!choice) throw new Error(CLIENT_DATA_ERRORS.noMapping);
  return deriveSiteAccess(choice.description, lists);
}

/**
 * The site access of the client whose section is shown: a client's own from their client data
 * (null while it loads; NotAssigned when it failed), an adviser's client in context's as the
 * adviser chose it in the list (the portal view, null without a client in context).
 */
export function viewedSiteAccess(
  user: { role_name: string; entity_id: number },
  clientData: ClientDataState,
  clientInContext: { site_access_level: SiteAccessLevel } | null,
): SiteAccessLevel | null {
  if (user.role_name !== 'ClientUser') return clientInContext ? clientInContext.site_access_level : null;
  if (clientData.status === 'loaded' && clientData.data.entityId === user.entity_id) return clientData.data.siteAccess;
  if (clientData.status === 'failed' && clientData.entityId === user.entity_id) return 'NotAssigned';
  return null;
}
