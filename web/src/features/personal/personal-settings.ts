import type { SiteConfig } from '../../shared/config/site-config';

/**
 * The switches and texts of the personal details, preferences and adviser pages in
 * site-config.json (docs/api-contract.md "Site settings"), with the defaults filled: a value of
 * another type counts as absent.
 */

export type ContactDetailsType = 'adviser' | 'general' | 'both';

export interface PolicyLink {
  label: string;
  href: string;
}

export interface PersonalSettings {
  /** settings.personalDetails.showContactAdviserPanel (default true): the update panel of §2.7. */
  showContactAdviserPanel: boolean;
  /** settings.documents.oneWayMessaging, as the messages feature reads it: no compose. */
  oneWayMessaging: boolean;
}

export interface AdviserPageSettings {
  contactDetailsType: ContactDetailsType;
  hideAvatars: boolean;
  layout: 'cards' | 'table';
  pageHeading: string;
  introductionText: string;
  noAdviserText: string;
  showMapText: string;
  general: {
    contactName: string;
    contactDescription: string;
    address: string;
    telephoneNumber: string;
    emailAddress: string;
    openingHours: string;
  };
  importantInformation: { heading: string; links: PolicyLink[]; copyright: string };
}

export const NO_ADVISER_TEXT = 'Your adviser details are not available.';
export const SHOW_MAP_TEXT = 'Show on map';

type Raw = Record<string, unknown> | undefined;
const text = (raw: Raw, key: string, fallback = '') => (typeof raw?.[key] === 'string' ? (raw[key] as string) : fallback);
const flag = (raw: Raw, key: string, fallback: boolean) => (typeof raw?.[key] === 'boolean' ? (raw[key] as boolean) : fallback);
const object = (value: unknown): Raw => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

export function personalSettings(site: Pick<SiteConfig, 'settings'>): PersonalSettings {
  return {
    showContactAdviserPanel: flag(object(site.settings.personalDetails), 'showContactAdviserPanel', true),
    oneWayMessaging: flag(object(site.settings.documents), 'oneWayMessaging', false),
  };
}

/** contactDetailsType: adviser details only, general contact details only, or both (default). */
export function contactDetailsType(value: unknown): ContactDetailsType {
  const wanted = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (wanted === 'adviser' || wanted === 'general') return wanted;
  return 'both';
}

export function adviserPageSettings(site: Pick<SiteConfig, 'settings' | 'content'>): AdviserPageSettings {
  const settings = object(site.settings.adviserDetails);
  const content = object(site.content.adviserDetails);
  const important = object(content?.importantInformation);
  const links = Array.isArray(important?.links) ? (important.links as unknown[]) : [];
  return {
    contactDetailsType: contactDetailsType(settings?.contactDetailsType),
    hideAvatars: flag(settings, 'hideAvatars', false),
    layout: settings?.layout === 'table' ? 'table' : 'cards',
    pageHeading: text(content, 'pageHeading', 'Adviser details'),
    introductionText: text(content, 'introductionText'),
    noAdviserText: text(content, 'noAdviserText', NO_ADVISER_TEXT) || NO_ADVISER_TEXT,
    showMapText: text(content, 'showMapText', SHOW_MAP_TEXT) || SHOW_MAP_TEXT,
    general: {
      contactName: text(content, 'contactName'),
      contactDescription: text(content, 'contactDescription'),
      address: text(content, 'address'),
      telephoneNumber: text(content, 'telephoneNumber'),
      emailAddress: text(content, 'emailAddress'),
      openingHours: text(content, 'openingHours'),
    },
    importantInformation: {
      heading: text(important, 'heading', 'Important information'),
      links: links.flatMap((link) => {
        const l = object(link);
        const label = text(l, 'label');
        const href = text(l, 'href');
        return label && href ? [{ label, href }] : [];
      }),
      copyright: text(important, 'copyright', site.content.footerCopyright),
    },
  };
}
