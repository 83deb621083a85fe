import type { SiteConfig } from '../../shared/config/site-config';
import type { DefaultDateRange } from './documents-date-range';
import type { CustomFolderSetting } from './messages-rules';

/**
 * settings.documents of site-config.json (docs/api-contract.md "Site settings"), with the
 * defaults filled: values of another type count as absent.
 */
export interface DocumentsSettings {
  oneWayMessaging: boolean;
  digitalSignatures: boolean;
  enableRelatedEntities: boolean;
  preventAttachmentDownload: boolean;
  disableDocTypeFilter: boolean;
  customFolders: CustomFolderSetting[];
  /** How the list's date filter opens (spec 3 §9); see DefaultDateRange. */
  defaultDateRange: DefaultDateRange;
}

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

export function documentsSettings(site: Pick<SiteConfig, 'settings'>): DocumentsSettings {
  const raw = site.settings.documents ?? {};
  const folders = Array.isArray(raw.customFolders) ? (raw.customFolders as unknown[]) : [];
  return {
    oneWayMessaging: flag(raw.oneWayMessaging, false),
    digitalSignatures: flag(raw.digitalSignatures, true),
    enableRelatedEntities: flag(raw.enableRelatedEntities, false),
    preventAttachmentDownload: flag(raw.preventAttachmentDownload, false),
    disableDocTypeFilter: flag(raw.disableDocTypeFilter, false),
    defaultDateRange: raw.defaultDateRange === 'custom-last-week' ? 'custom-last-week' : 'all',
    customFolders: folders.flatMap((folder) => {
      const f = folder as { name?: unknown; documentNoteTypes?: unknown };
      if (typeof f?.name !== 'string' || !Array.isArray(f.documentNoteTypes)) return [];
      return [{ name: f.name, documentNoteTypes: f.documentNoteTypes.filter((code): code is string => typeof code === 'string') }];
    }),
  };
}
