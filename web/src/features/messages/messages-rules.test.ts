import { describe, expect, it } from 'vitest';
import {
  attachmentCountError,
  attachmentError,
  attachmentKind,
  bodyHtml,
  canDownloadAttachments,
  entityFilterOptions,
  initialFilters,
  initialView,
  isEndOfList,
  isRiskyFile,
  listParams,
  nextPageBookmark,
  prefixImageSources,
  relatedEntityName,
  replySubject,
  sendDisabled,
  stripBeyondLatin1,
  subjectError,
  unreadCountParams,
  unreadCountText,
  viewReducer,
  visibleFolders,
  type FolderContext,
  type MessagesViewState,
} from './messages-rules';

describe('subject (spec 3 §5)', () => {
  it('is required for a new message', () => {
    expect(subjectError('')).toBe('Please enter a message subject.');
    expect(subjectError('   ')).toBe('Please enter a message subject.');
  });
  it('must be under 256 characters: 255 pass, 256 fail', () => {
    expect(subjectError('a'.repeat(255))).toBeNull();
    expect(subjectError('a'.repeat(256))).toBe('Subject must be under 256 characters.');
  });
  it('counts characters, not UTF-16 units', () => {
    // 255 characters of which one is an emoji (two UTF-16 units): still under 256.
    expect(subjectError('😀' + 'a'.repeat(254))).toBeNull();
  });
});

describe('reply subject (spec 3 §4.1)', () => {
  it('is "RE: " and the original', () => {
    expect(replySubject('Your annual review')).toBe('RE: Your annual review');
  });
  it('is cut to 255 characters', () => {
    // 'RE: ' (4) + 300 x's = 304 characters; kept: 4 + 251 = 255.
    const subject = replySubject('x'.repeat(300));
    expect(subject).toHaveLength(255);
    expect(subject).toBe('RE: ' + 'x'.repeat(251));
  });
});

describe('attachments (spec 3 §5)', () => {
  it.each([
    ['report.pdf', 1000, null],
    ['exactly.pdf', 10_000_000, null],
    ['big.pdf', 10_000_001, 'File is too large, please remove.'],
    ['setup.exe', 10, 'File type not allowed, please remove.'],
    ['SETUP.EXE', 10, 'File type not allowed, please remove.'],
    ['archive.Zip', 10, 'File type not allowed, please remove.'],
    ['script.js', 10, 'File type not allowed, please remove.'],
    ['macro.vb', 10, 'File type not allowed, please remove.'],
    ['macro.vbs', 10, 'File type not allowed, please remove.'],
    ['x.bat', 10, 'File type not allowed, please remove.'],
    ['x.com', 10, 'File type not allowed, please remove.'],
    ['x.msi', 10, 'File type not allowed, please remove.'],
    ['x.bin', 10, 'File type not allowed, please remove.'],
    ['x.dll', 10, 'File type not allowed, please remove.'],
    ['huge.exe', 20_000_000, 'File type not allowed and file is too large, please remove.'],
    ['exe.pdf', 10, null],
    ['notes.json', 10, null],
    ['empty.txt', 0, 'File is empty, please remove.'],
  ])('%s of %i bytes -> %s', (name, size, message) => {
    expect(attachmentError({ name, size })).toBe(message);
  });

  it('allows at most 5', () => {
    expect(attachmentCountError(5)).toBeNull();
    expect(attachmentCountError(6)).toBe('You can upload a maximum of 5 attachments.');
  });
});

describe('Send disabled (spec 3 §4.1)', () => {
  const ok = { isReply: false, subject: 'Hello', files: [{ name: 'a.pdf', size: 10 }], sending: false, accountsLoading: false };
  it('is enabled for a valid message', () => expect(sendDisabled(ok)).toBe(false));
  it('when the subject is invalid, for new messages only', () => {
    expect(sendDisabled({ ...ok, subject: '' })).toBe(true);
    expect(sendDisabled({ ...ok, subject: '', isReply: true })).toBe(false);
  });
  it('when an attachment is invalid or there are too many', () => {
    expect(sendDisabled({ ...ok, files: [{ name: 'a.exe', size: 1 }] })).toBe(true);
    expect(sendDisabled({ ...ok, files: Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, size: 1 })) })).toBe(true);
  });
  it('while sending and while linked accounts load', () => {
    expect(sendDisabled({ ...ok, sending: true })).toBe(true);
    expect(sendDisabled({ ...ok, accountsLoading: true })).toBe(true);
  });
});

describe('the Latin-1 rule (spec 3 §5)', () => {
  it('strips characters beyond U+00FF and trims', () => {
    expect(stripBeyondLatin1('  Café £5 € 😀 ÿ  ')).toBe('Café £5   ÿ');
    expect(stripBeyondLatin1('Ā')).toBe('');
  });
  it('makes paragraphs of typed text, escaping markup', () => {
    expect(bodyHtml('Hello <b>you</b>\nline two\n\nPara € two')).toBe('<p>Hello &lt;b&gt;you&lt;/b&gt;<br>line two</p><p>Para  two</p>');
    expect(bodyHtml('  😀 ')).toBe('');
  });
});

describe('folders (spec 3 §4.1)', () => {
  const base: FolderContext = {
    isClient: true,
    oneWayMessaging: false,
    digitalSignatures: true,
    hasClientInitiatedMessages: false,
    customFolders: [
      { name: 'Tax documents', documentNoteTypes: ['TAX'] },
      { name: 'Contracts', documentNoteTypes: ['CONTRACT'] },
    ],
    customWithMessages: new Set([0]),
  };
  const names = (context: FolderContext) => visibleFolders(context).map((folder) => folder.name);

  it('a client sees Inbox, Important only, Sent, To be signed and custom folders that have messages', () => {
    expect(names(base)).toEqual(['Inbox', 'Important only', 'Sent', 'To be signed', 'Tax documents']);
  });
  it('Sent only when one-way messaging is off or the client has sent messages', () => {
    expect(names({ ...base, oneWayMessaging: true })).not.toContain('Sent');
    expect(names({ ...base, oneWayMessaging: true, hasClientInitiatedMessages: true })).toContain('Sent');
  });
  it('To be signed only for a ClientUser with digital signatures', () => {
    expect(names({ ...base, digitalSignatures: false })).not.toContain('To be signed');
    expect(names({ ...base, isClient: false })).not.toContain('To be signed');
  });
  it('unread counts: (n), (20+) above 20, nothing at 0', () => {
    expect(unreadCountText(0)).toBeNull();
    expect(unreadCountText(3)).toBe('(3)');
    expect(unreadCountText(20)).toBe('(20)');
    expect(unreadCountText(21)).toBe('(20+)');
  });
  it('counts ask 21 unread notes of received types', () => {
    const params = unreadCountParams('inbox', { importantCategoryId: 3, customFolders: [] }, []);
    expect(params).toEqual({ page_size: '21', 'firstread.include_read_notes': 'false', docsubtype_exclude: 'Client Initiated' });
  });
});

describe('the list call and paging (spec 3 §4.1, §7.1)', () => {
  const context = { importantCategoryId: 3, customFolders: [{ name: 'Tax', documentNoteTypes: ['TAX', 'P60'] }] };
  it('asks 20 newest first, received types only, for the Inbox', () => {
    expect(listParams(initialFilters(), context, null)).toEqual({ page_size: '20', page_sort: '-created_date', docsubtype_exclude: 'Client Initiated' });
  });
  it('Important only adds the important category; Sent asks the client’s own; custom folders their types', () => {
    expect(listParams(initialFilters('important'), context, null)['categories.0']).toBe('3');
    expect(listParams(initialFilters('sent'), context, null)).toMatchObject({ docsubtype: 'Client Initiated' });
    expect(listParams(initialFilters('sent'), context, null).docsubtype_exclude).toBeUndefined();
    expect(listParams(initialFilters('custom:0'), context, null)).toMatchObject({ 'doctype.0': 'TAX', 'doctype.1': 'P60' });
  });
  it('adds type, entities, subject wildcard, dates and bookmark', () => {
    const filters = { ...initialFilters(), sort: 'subject' as const, docType: 'LETTER', entityIds: [1001, 1002], search: 'review', dateFrom: '2026-01-01', dateTo: '2026-02-01' };
    expect(listParams(filters, context, 'bm-20')).toEqual({
      page_size: '20',
      page_sort: 'subject',
      docsubtype_exclude: 'Client Initiated',
      'doctype.0': 'LETTER',
      'entity_ids.0': '1001',
      'entity_ids.1': '1002',
      subject: '*review*',
      date_from: '2026-01-01',
      date_to: '2026-02-01',
      page_bookmark: 'bm-20',
    });
  });
  it('ends at a page of fewer than 20', () => {
    const page = (n: number) => Array.from({ length: n }, (_, i) => ({ bookmark: `b${i}` }));
    expect(isEndOfList(page(19))).toBe(true);
    expect(isEndOfList(page(20))).toBe(false);
    expect(nextPageBookmark(page(20))).toBe('b19');
    expect(nextPageBookmark(page(19))).toBeUndefined();
    expect(nextPageBookmark([])).toBeUndefined();
  });
});

describe('selection reset (spec 3 §4.1)', () => {
  const selected: MessagesViewState = { filters: { ...initialFilters('important'), search: 'x' }, selectedId: 7 };
  it.each([
    ['folder', { type: 'folder', folder: 'sent' }],
    ['sort', { type: 'sort', sort: 'subject' }],
    ['document type', { type: 'docType', docType: 'TAX' }],
    ['dates', { type: 'dates', dateRange: 'custom', dateFrom: '2026-01-01', dateTo: '' }],
    ['entity', { type: 'entity', entityIds: [1002] }],
    ['search', { type: 'search', search: 'tax' }],
  ] as const)('changing the %s clears the selected document', (_, action) => {
    expect(viewReducer(selected, action).selectedId).toBeNull();
  });
  it('changing the entity goes back to the Inbox; other changes keep the folder', () => {
    expect(viewReducer(selected, { type: 'entity', entityIds: [1002] }).filters.folder).toBe('inbox');
    expect(viewReducer(selected, { type: 'sort', sort: 'subject' }).filters.folder).toBe('important');
  });
  it('selecting keeps the filters', () => {
    expect(viewReducer(selected, { type: 'select', id: 9 })).toEqual({ ...selected, selectedId: 9, autoSelected: false });
  });
});

describe('query flags (spec 3 §2.1)', () => {
  it('opens Important only, To be signed (when shown) or compose', () => {
    expect(initialView('?importantOnly=true', true)).toEqual({ view: 'messages', folder: 'important' });
    expect(initialView('?toBeSigned=true', true)).toEqual({ view: 'messages', folder: 'to-be-signed' });
    expect(initialView('?toBeSigned=true', false)).toEqual({ view: 'messages', folder: 'inbox' });
    expect(initialView('?compose=true', true).view).toBe('compose');
    expect(initialView('', true)).toEqual({ view: 'messages', folder: 'inbox' });
  });
});

describe('attachments in the reader (spec 3 §5)', () => {
  it('download: a client always, others unless prevented', () => {
    expect(canDownloadAttachments(true, true)).toBe(true);
    expect(canDownloadAttachments(false, false)).toBe(true);
    expect(canDownloadAttachments(false, true)).toBe(false);
  });
  it('risky types get the warning; others not', () => {
    expect(isRiskyFile('Plan.DOCX')).toBe(true);
    expect(isRiskyFile('figures.xlsm')).toBe(true);
    expect(isRiskyFile('letter.pdf')).toBe(false);
    expect(isRiskyFile('photo.jpg')).toBe(false);
  });
  it.each([
    ['a.PNG', 'image'],
    ['a.heic', 'image'],
    ['a.jpeg', 'image'],
    ['a.pdf', 'pdf'],
    ['a.xlsx', 'spreadsheet'],
    ['a.doc', 'word'],
    ['a.txt', 'file'],
    ['noextension', 'file'],
  ])('icon of %s is %s', (name, kind) => {
    expect(attachmentKind(name)).toBe(kind);
  });
});

describe('image sources in document bodies (spec 3 §5)', () => {
  it('prefixes sources that are not https or data with the API base', () => {
    const html = '<p>a</p><img src="docnote/images/1.png"><img src="/docnote/images/2.png"><img src="https://cdn.example/x.png"><img src="data:image/png;base64,AAAA"><img src="http://plain.example/y.png">';
    const out = prefixImageSources(html, '/xplanapi/');
    const sources = Array.from(new DOMParser().parseFromString(out, 'text/html').querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(sources).toEqual([
      '/xplanapi/docnote/images/1.png',
      '/xplanapi/docnote/images/2.png',
      'https://cdn.example/x.png',
      'data:image/png;base64,AAAA',
      '/xplanapi/http://plain.example/y.png',
    ]);
    expect(out.startsWith('<p>a</p>')).toBe(true);
  });
});

describe("'Show messages for' (spec 3 §2.1, §4.1, §5, §6)", () => {
  const self = { entityId: 1001, name: 'Eleanor Whitfield' };
  const members = [
    { entity_id: 1001, login_accessible: true, first_name: 'Eleanor', last_name: 'Whitfield', entity_name: 'Whitfield, Eleanor' },
    { entity_id: 1002, login_accessible: true, first_name: 'James', last_name: 'Whitfield', entity_name: 'Whitfield, James' },
    { entity_id: 1003, login_accessible: false, first_name: 'Lucy', last_name: 'Whitfield', entity_name: 'Whitfield, Lucy' },
    { entity_id: 1004, login_accessible: true, first_name: null, last_name: null, entity_name: 'Whitfield Family Trust' },
    // The same member again through a second group.
    { entity_id: 1002, login_accessible: true, first_name: 'James', last_name: 'Whitfield', entity_name: '' },
  ];

  it('offers the client first, then each login_accessible member once, by first and last name, else entity name', () => {
    expect(entityFilterOptions(self, members, true)).toEqual([
      { key: 'self', name: 'Eleanor Whitfield', entityIds: [] },
      { key: '1002', name: 'James Whitfield', entityIds: [1002] },
      { key: '1004', name: 'Whitfield Family Trust', entityIds: [1004] },
    ]);
  });

  it('offers the client alone without view_partner (the platform would refuse the others)', () => {
    expect(entityFilterOptions(self, members, false)).toEqual([{ key: 'self', name: 'Eleanor Whitfield', entityIds: [] }]);
  });

  it("names a related entity's document for the adviser's marker, and not the client's own", () => {
    const options = entityFilterOptions(self, members, true);
    expect(relatedEntityName([1002], options)).toBe('James Whitfield');
    expect(relatedEntityName([1001], options)).toBeNull();
    expect(relatedEntityName(null, options)).toBeNull();
    expect(relatedEntityName([1002], null)).toBeNull();
  });
});
