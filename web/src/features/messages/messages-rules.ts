import { NO_DATES, type DocumentsDateOption, type DocumentsDates } from './documents-date-range';
import { MESSAGES_TEXTS } from './messages-texts';

/**
 * The rules of messages and documents (spec 3 §2.1, §4.1, §5, §9) as pure functions: what the
 * page shows, which call it makes and what it refuses, without React or fetch.
 */

/** Spec 3 §9: the document list's page size; a shorter page is the end of the list (§4.1). */
export const LIST_PAGE_SIZE = 20;
/** Spec 3 §7.1, §9: folder unread counts ask for 21 items, so 21 means "more than 20". */
export const FOLDER_COUNT_PAGE_SIZE = 21;
/** Spec 3 §9: at most 5 attachments on a message. */
export const MAX_ATTACHMENTS = 5;
/** Spec 3 §9: each attachment at most 10,000,000 bytes. */
export const MAX_ATTACHMENT_BYTES = 10_000_000;
/** Spec 3 §9: a subject has fewer than 256 characters; a reply's is cut at 255. */
export const SUBJECT_LIMIT = 256;
export const REPLY_SUBJECT_MAX = 255;
export const REPLY_PREFIX = 'RE: ';
/** The docsubtype of a client's own messages (spec 3 §3.1, §4.1). */
export const CLIENT_INITIATED = 'Client Initiated';

/** Spec 3 §5: refused extensions, matched case-insensitively at the end of the name. */
export const BLOCKED_EXTENSIONS = ['.exe', '.bat', '.com', '.msi', '.js', '.bin', '.vb', '.dll', '.vbs', '.zip'] as const;

/**
 * The extensions whose download is preceded by the macro warning of spec 3 §5 (chosen: the spec
 * gives the warning, not the list): Office files that can carry macros, old and new formats.
 */
export const RISKY_EXTENSIONS = ['doc', 'docx', 'docm', 'dot', 'dotm', 'xls', 'xlsx', 'xlsm', 'xlsb', 'xlt', 'xltm', 'ppt', 'pptx', 'pptm', 'rtf'] as const;

// ---------------------------------------------------------------------------------------------
// Compose and reply (spec 3 §4.1, §5)

/** The subject's message (checked on change and on blur), or null when it is valid. */
export function subjectError(subject: string): string | null {
  if (subject.trim() === '') return MESSAGES_TEXTS.subjectRequired;
  if ([...subject].length >= SUBJECT_LIMIT) return MESSAGES_TEXTS.subjectTooLong;
  return null;
}

/** A reply's fixed subject: 'RE: ' and the original subject, cut to 255 characters. */
export function replySubject(original: string): string {
  return [...`${REPLY_PREFIX}${original}`].slice(0, REPLY_SUBJECT_MAX).join('');
}

export interface FileLike {
  name: string;
  size: number;
}

export function hasBlockedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return BLOCKED_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * One attachment's message, or null when it may be sent. An empty file is refused too
 * (chosen; the server refuses it with the same words).
 */
export function attachmentError(file: FileLike): string | null {
  const blocked = hasBlockedExtension(file.name);
  const tooLarge = file.size > MAX_ATTACHMENT_BYTES;
  if (blocked && tooLarge) return MESSAGES_TEXTS.fileTypeAndSize;
  if (blocked) return MESSAGES_TEXTS.fileTypeNotAllowed;
  if (tooLarge) return MESSAGES_TEXTS.fileTooLarge;
  if (file.size === 0) return 'File is empty, please remove.';
  return null;
}

/** The list's message when more than 5 files are attached, or null. */
export function attachmentCountError(count: number): string | null {
  return count > MAX_ATTACHMENTS ? MESSAGES_TEXTS.tooManyAttachments : null;
}

export interface SendState {
  isReply: boolean;
  subject: string;
  files: readonly FileLike[];
  sending: boolean;
  /** Linked accounts of the original still loading (replies with view_portfolio). */
  accountsLoading: boolean;
}

/** Spec 3 §4.1: when Send is disabled. */
export function sendDisabled(state: SendState): boolean {
  if (state.sending || state.accountsLoading) return true;
  if (!state.isReply && subjectError(state.subject) !== null) return true;
  if (attachmentCountError(state.files.length) !== null) return true;
  return state.files.some((file) => attachmentError(file) !== null);
}

/** Spec 3 §5: characters beyond Latin-1 (U+00FF) are stripped and the text trimmed. */
export function stripBeyondLatin1(text: string): string {
  let out = '';
  for (const char of text) if (char.codePointAt(0)! <= 0xff) out += char;
  return out.trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The message body as HTML from what was typed: the Latin-1 rule, then one paragraph per block
 * of lines separated by an empty line, line breaks kept. Typed text is escaped, so nothing typed
 * becomes markup; the result is sanitised again before sending.
 */
export function bodyHtml(typed: string): string {
  const text = stripBeyondLatin1(typed.replace(/\r\n?/g, '\n'));
  if (text === '') return '';
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Folders (spec 3 §2.1, §3.1, §4.1)

export type FolderKey = 'inbox' | 'important' | 'sent' | 'to-be-signed' | `custom:${number}`;

export interface CustomFolderSetting {
  name: string;
  documentNoteTypes: string[];
}

export interface Folder {
  key: FolderKey;
  name: string;
  /** Spec 3 §3.1: received=0, important=1, sent=2, digitalSignatures=3, custom=4. */
  type: 0 | 1 | 2 | 3 | 4;
  /** Custom folders: the document types they hold. */
  docTypes?: string[];
}

export interface FolderContext {
  isClient: boolean;
  oneWayMessaging: boolean;
  digitalSignatures: boolean;
  hasClientInitiatedMessages: boolean;
  customFolders: readonly CustomFolderSetting[];
  /** Indexes of the custom folders whose types have messages. */
  customWithMessages: ReadonlySet<number>;
}

/**
 * The folders shown (spec 3 §4.1): Inbox and Important only always; Sent when one-way messaging
 * is off or the client has sent messages; To be signed for a ClientUser with digital signatures;
 * a custom folder when messages of its types exist.
 */
export function visibleFolders(context: FolderContext): Folder[] {
  const folders: Folder[] = [
    { key: 'inbox', name: 'Inbox', type: 0 },
    { key: 'important', name: 'Important only', type: 1 },
  ];
  if (!context.oneWayMessaging || context.hasClientInitiatedMessages) folders.push({ key: 'sent', name: 'Sent', type: 2 });
  if (context.isClient && context.digitalSignatures) folders.push({ key: 'to-be-signed', name: 'To be signed', type: 3 });
  context.customFolders.forEach((folder, index) => {
    if (context.customWithMessages.has(index)) folders.push({ key: `custom:${index}`, name: folder.name, type: 4, docTypes: folder.documentNoteTypes });
  });
  return folders;
}

/** The unread count beside a folder's name: '(n)', '(20+)' above 20, nothing at 0. */
export function unreadCountText(count: number): string | null {
  if (count <= 0) return null;
  return count > 20 ? '(20+)' : `(${count})`;
}

/** Spec 3 §4.1: the end of the list is a page of fewer than 20 items. */
export function isEndOfList(page: readonly unknown[]): boolean {
  return page.length < LIST_PAGE_SIZE;
}

/** The bookmark of the page after this one, or undefined at the end of the list. */
export function nextPageBookmark(page: readonly { bookmark?: string | null }[]): string | undefined {
  if (isEndOfList(page)) return undefined;
  return page[page.length - 1]?.bookmark ?? undefined;
}

// ---------------------------------------------------------------------------------------------
// Filters, selection and the list call (spec 3 §3.1, §4.1, §7.1, §9)

export const SORT_OPTIONS = [
  { value: '-created_date', label: 'Date received, newest first' },
  { value: 'created_date', label: 'Date received, oldest first' },
  { value: '-reference_date', label: 'Document date, newest first' },
  { value: 'reference_date', label: 'Document date, oldest first' },
  { value: 'subject', label: 'Subject, A to Z' },
  { value: '-subject', label: 'Subject, Z to A' },
] as const;

export type SortValue = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortValue = '-created_date';
export const ALL_DOC_TYPES = 'All';

export interface MessageFilters {
  folder: FolderKey;
  sort: SortValue;
  docType: string;
  /** Entity ids of 'Show messages for'; empty: the client's own (the server's default). */
  entityIds: readonly number[];
  /** The applied subject search (the box applies on Enter or the search button). */
  search: string;
  /** The 'Date range' choice (spec 3 §9) and the dates it sends. */
  dateRange: DocumentsDateOption;
  /** YYYY-MM-DD or ''. */
  dateFrom: string;
  dateTo: string;
}

export interface MessagesViewState {
  filters: MessageFilters;
  selectedId: number | null;
  /** The selection is the automatic first one (spec 3 §4.1), not the client's choice. */
  autoSelected?: boolean;
}

/** The filters a list opens with; the dates follow settings.documents.defaultDateRange. */
export const initialFilters = (folder: FolderKey = 'inbox', dates: DocumentsDates = NO_DATES): MessageFilters => ({
  folder,
  sort: DEFAULT_SORT,
  docType: ALL_DOC_TYPES,
  entityIds: [],
  search: '',
  ...dates,
});

export type ViewAction =
  | { type: 'folder'; folder: FolderKey }
  | { type: 'sort'; sort: SortValue }
  | { type: 'docType'; docType: string }
  | ({ type: 'dates' } & DocumentsDates)
  | { type: 'entity'; entityIds: readonly number[] }
  | { type: 'search'; search: string }
  | { type: 'select'; id: number | null; auto?: boolean };

/**
 * Spec 3 §4.1: changing folder, sort, filter (dates too), entity or search clears the selected document (and
 * the list, keyed by its filters, starts again without a bookmark); changing the entity also
 * goes back to the Inbox.
 */
export function viewReducer(state: MessagesViewState, action: ViewAction): MessagesViewState {
  const reset = (filters: MessageFilters): MessagesViewState => ({ filters, selectedId: null, autoSelected: false });
  switch (action.type) {
    case 'select':
      return { ...state, selectedId: action.id, autoSelected: action.auto === true };
    case 'folder':
      return reset({ ...state.filters, folder: action.folder });
    case 'sort':
      return reset({ ...state.filters, sort: action.sort });
    case 'docType':
      return reset({ ...state.filters, docType: action.docType });
    case 'dates':
      return reset({ ...state.filters, dateRange: action.dateRange, dateFrom: action.dateFrom, dateTo: action.dateTo });
    case 'entity':
      return reset({ ...state.filters, entityIds: action.entityIds, folder: 'inbox' });
    case 'search':
      return reset({ ...state.filters, search: action.search.trim() });
  }
}

export interface FolderQueryContext {
  /** The important category's id (GET docnote-v2/category), null when there is none. */
  importantCategoryId: number | null;
  customFolders: readonly CustomFolderSetting[];
}

export type QueryParams = Record<string, string>;

/** The parameters that pick a folder's documents (spec 3 §4.1, §7.1). */
export function folderParams(folder: FolderKey, context: FolderQueryContext): QueryParams {
  const params: QueryParams = {};
  if (folder === 'sent') {
    params.docsubtype = CLIENT_INITIATED;
    return params;
  }
  // Received-type folders leave out the client's own messages.
  params.docsubtype_exclude = CLIENT_INITIATED;
  if (folder === 'important' && context.importantCategoryId !== null) params['categories.0'] = String(context.importantCategoryId);
  if (folder.startsWith('custom:')) {
    const types = context.customFolders[Number(folder.slice('custom:'.length))]?.documentNoteTypes ?? [];
    types.forEach((code, index) => (params[`doctype.${index}`] = code));
  }
  return params;
}

function entityParams(entityIds: readonly number[]): QueryParams {
  const params: QueryParams = {};
  entityIds.forEach((id, index) => (params[`entity_ids.${index}`] = String(id)));
  return params;
}

/** A subject search as the platform's wildcard: '*' around the words. */
export function subjectPattern(search: string): string | null {
  const words = search.trim();
  return words === '' ? null : `*${words}*`;
}

/** GET docnote-v2's parameters for one page of the list. */
export function listParams(filters: MessageFilters, context: FolderQueryContext, bookmark: string | null): QueryParams {
  const params: QueryParams = {
    page_size: String(LIST_PAGE_SIZE),
    page_sort: filters.sort,
    ...folderParams(filters.folder, context),
    ...entityParams(filters.entityIds),
  };
  if (filters.docType !== ALL_DOC_TYPES && !filters.folder.startsWith('custom:')) params['doctype.0'] = filters.docType;
  const subject = subjectPattern(filters.search);
  if (subject) params.subject = subject;
  if (filters.dateFrom) params.date_from = filters.dateFrom;
  if (filters.dateTo) params.date_to = filters.dateTo;
  if (bookmark) params.page_bookmark = bookmark;
  return params;
}

/** A folder's unread count call: 21 items, only notes the client has not read (spec 3 §7.1). */
export function unreadCountParams(folder: FolderKey, context: FolderQueryContext, entityIds: readonly number[]): QueryParams {
  return {
    page_size: String(FOLDER_COUNT_PAGE_SIZE),
    'firstread.include_read_notes': 'false',
    ...folderParams(folder, context),
    ...entityParams(entityIds),
  };
}

/** Whether any message matches (Sent's and custom folders' visibility): one item is enough. */
export function existsParams(folder: FolderKey, context: FolderQueryContext, entityIds: readonly number[]): QueryParams {
  return { page_size: '1', ...folderParams(folder, context), ...entityParams(entityIds) };
}

// ---------------------------------------------------------------------------------------------
// Reader and attachments (spec 3 §2.1, §5)

export type ViewKind = 'messages' | 'compose' | 'reply';

/** The view the address opens (spec 3 §2.1 query flags), with the folder it starts in. */
export function initialView(search: string, toBeSignedShown: boolean): { view: ViewKind; folder: FolderKey } {
  const query = new URLSearchParams(search);
  const flag = (name: string) => query.get(name) === 'true';
  if (flag('compose')) return { view: 'compose', folder: 'inbox' };
  if (flag('toBeSigned') && toBeSignedShown) return { view: 'messages', folder: 'to-be-signed' };
  if (flag('importantOnly')) return { view: 'messages', folder: 'important' };
  return { view: 'messages', folder: 'inbox' };
}

/** Spec 3 §5: a ClientUser may always download; others unless a site setting prevents it. */
export function canDownloadAttachments(isClient: boolean, preventAttachmentDownload: boolean): boolean {
  return isClient || !preventAttachmentDownload;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export function isRiskyFile(filename: string): boolean {
  return (RISKY_EXTENSIONS as readonly string[]).includes(extensionOf(filename));
}

export type AttachmentKind = 'image' | 'pdf' | 'spreadsheet' | 'word' | 'file';

/** Spec 3 §5: icons by extension. */
export function attachmentKind(filename: string): AttachmentKind {
  const extension = extensionOf(filename);
  if (['png', 'jpg', 'jpeg', 'gif', 'heic'].includes(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (extension === 'xls' || extension === 'xlsx') return 'spreadsheet';
  if (extension === 'doc' || extension === 'docx') return 'word';
  return 'file';
}

/** Where an attachment's bytes are (spec 3 §7.1: under the base path). */
export function attachmentPath(docId: number, docpartid: number, filename: string): string {
  return `docnote/files/${docId}/${docpartid}/${encodeURIComponent(filename)}`;
}

/** Previous and next documents of the loaded list around the selected one. */
export function neighbours<T extends { id: number }>(items: readonly T[], id: number | null): { previous: T | null; next: T | null; index: number } {
  const index = id === null ? -1 : items.findIndex((item) => item.id === id);
  if (index < 0) return { previous: null, next: null, index };
  return { previous: items[index - 1] ?? null, next: items[index + 1] ?? null, index };
}

/**
 * Spec 3 §5: image sources in a document body that are not https or data get the API base prefix
 * (the platform's own images, named by a path under it). Run on sanitised HTML; a template's
 * content is inert, so nothing loads or runs while the sources are rewritten.
 */
export function prefixImageSources(html: string, apiBase: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const img of Array.from(template.content.querySelectorAll('img[src]'))) {
    const src = img.getAttribute('src')!.trim();
    if (!/^(https:|data:)/i.test(src)) img.setAttribute('src', apiBase.replace(/\/+$/, '') + '/' + src.replace(/^\/+/, ''));
  }
  return template.innerHTML;
}

// ---------------------------------------------------------------------------------------------
// 'Show messages for' (spec 3 §2.1, §3.1 selectedEntity, §4.1 related entities, §5, §6)

/** An option of the entity filter: its name and the entity_ids.N it asks for. */
export interface EntityFilterOption {
  /** 'self' for the client; else the related entity's id. */
  key: string;
  name: string;
  /** Empty for the client: the server's default. */
  entityIds: number[];
}

/** A member of the viewed client's groups, as entity/client/{id}/client_group/member gives it. */
export interface RelatedMember {
  entity_id: number;
  login_accessible: boolean;
  first_name?: string | null;
  last_name?: string | null;
  entity_name?: string | null;
}

/**
 * The options of 'Show messages for', the same for the client and for an adviser with the client
 * in context (spec 3 §6: advisers use the client in context for all client requests): the client
 * first, then each other member of the client's groups that is login_accessible (spec 3 §5:
 * "Client group members for advisers keep only login_accessible ones"), once, when the client
 * holds view_partner (spec 3 §6: partner documents). A person is named by first and last name, an
 * entity without them (a trust) by its entity name. These are exactly the entities the platform
 * lets the viewer list (access.CanReachEntity); any other would answer 404.
 */
export function entityFilterOptions(self: { entityId: number; name: string }, members: readonly RelatedMember[], viewPartner: boolean): EntityFilterOption[] {
  const options: EntityFilterOption[] = [{ key: 'self', name: self.name, entityIds: [] }];
  if (!viewPartner) return options;
  const seen = new Set([self.entityId]);
  for (const member of members) {
    if (!member.login_accessible || seen.has(member.entity_id)) continue;
    seen.add(member.entity_id);
    // A person by first and last name, as the client's own option reads; a trust or company
    // (no first or last name) by its entity name.
    const name = `${member.first_name ?? ''} ${member.last_name ?? ''}`.trim() || member.entity_name || `Entity ${member.entity_id}`;
    options.push({ key: String(member.entity_id), name, entityIds: [member.entity_id] });
  }
  return options;
}

/**
 * The related entity a listed document belongs to, for the adviser's marker (spec 3 §4.1
 * "Advisers see … related-entity markers"): the name of the first of its entity_ids that is not
 * the client's, or null for the client's own document.
 */
export function relatedEntityName(entityIds: readonly number[] | null | undefined, options: readonly EntityFilterOption[] | null): string | null {
  if (!entityIds || !options) return null;
  for (const id of entityIds) {
    const option = options.find((o) => o.entityIds.length === 1 && o.entityIds[0] === id);
    if (option) return option.name;
  }
  return null;
}
