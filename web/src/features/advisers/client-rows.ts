import { deriveSiteAccess, type SiteAccessLevel } from '../../shared/session/site-access';
import type { AccessLists, Choice } from '../../shared/session/client-data';
import type { ClientListItem } from './api/client-list';

/** One choice of a row's 'Portal view' dropdown: a site access level, named by the firm's choice. */
export interface PortalViewOption {
  level: SiteAccessLevel;
  label: string;
}

/**
 * The 'Portal view' choices (spec 3 §4.5): the site access levels the firm's client_access_level
 * choices lead to, in the choices' order, each once, labelled with the first choice that leads
 * to it.
 */
export function portalViewOptions(choices: readonly Choice[], lists: AccessLists): PortalViewOption[] {
  const options: PortalViewOption[] = [];
  for (const choice of choices) {
    const level = deriveSiteAccess(choice.description, lists);
    if (!options.some((option) => option.level === level)) options.push({ level, label: choice.description });
  }
  return options;
}

/** The client's own site access: their access level's code looked up among the choices. */
export function ownSiteAccess(item: Pick<ClientListItem, 'client_access_level'>, choices: readonly Choice[], lists: AccessLists): SiteAccessLevel {
  const level = item.client_access_level;
  if (!level) return 'NotAssigned';
  const choice = choices.find((candidate) => candidate.code === String(level.code));
  return deriveSiteAccess(choice?.description ?? level.description, lists);
}

export interface RowState {
  /** The level the client logs in with. */
  own: SiteAccessLevel;
  /** The level the adviser will see the client's portal with. */
  level: SiteAccessLevel;
  /** Another level than the client's own, or a client without a login (spec 3 §4.5). */
  isPreview: boolean;
  /** Neither an enabled login nor preview: 'No client access', a row that cannot be opened. */
  noAccess: boolean;
}

/** A row as the adviser has set it: its chosen portal view (the client's own until changed). */
export function rowState(item: ClientListItem, chosen: SiteAccessLevel | undefined, choices: readonly Choice[], lists: AccessLists): RowState {
  const own = ownSiteAccess(item, choices, lists);
  const level = chosen ?? own;
  const isPreview = level !== own || item.user_id === null || item.user_id === undefined;
  return { own, level, isPreview, noAccess: !item.has_client_access && !isPreview };
}
