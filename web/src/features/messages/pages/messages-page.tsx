import { IonNav, IonRefresher, IonRefresherContent, type RefresherEventDetail } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useUnreadCountSync } from '../../../shared/api/unread-count';
import { useSiteConfig } from '../../../shared/config/site-config-context';
import { localToday } from '../../../shared/format/iso-dates';
import { useClientScope } from '../../../shared/session/client-scope';
import { useSession } from '../../../shared/session/session-context';
import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { PHONE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { ToBeSignedFolder } from '../../signatures/components/to-be-signed-folder';
import { useDocTypes } from '../api/doc-types';
import { isUnread, type DocnoteItem } from '../api/docnote-item';
import { useFoldersWithMessages, useUnreadCounts } from '../api/folder-counts';
import { useMarkRead } from '../api/mark-read';
import { categoriesQuery, importantCategoryId } from '../api/message-categories';
import { useMessageList } from '../api/message-list';
import { useEntityFilterOptions } from '../api/related-entities';
import { ComposeForm } from '../components/compose-form';
import { FolderList } from '../components/folder-list';
import { MessageFiltersBar } from '../components/message-filters';
import { MessageList } from '../components/message-list';
import { MessageReader } from '../components/message-reader';
import { defaultDates, offeredDateOptions } from '../documents-date-range';
import { canDownloadAttachments, initialFilters, initialView, neighbours, relatedEntityName, viewReducer, visibleFolders, type FolderKey, type FolderQueryContext } from '../messages-rules';
import { documentsSettings } from '../messages-settings';
import { MESSAGES_TEXTS } from '../messages-texts';
import type { SendOutcome } from '../send-message';
import '../messages.css';
import { AnnouncementPanel, ANNOUNCEMENT_HASHES } from '../../announcements';

/** The views of spec 3 §2.1; `?view=` names one, anything else is the view error. */
const VIEWS = ['messages', 'compose', 'reply'] as const;

/** What the phone's pushed views show: the page renders them, the views read them here. */
const PhonePanes = createContext<{ list: ReactNode; reader: ReactNode }>({ list: null, reader: null });
const PhoneListView = () => <div className="messages-phone-view">{useContext(PhonePanes).list}</div>;
const PhoneReaderView = () => <div className="messages-phone-view">{useContext(PhonePanes).reader}</div>;
// Ionic's React nav calls a view as a plain function: each returns an element, so hooks run in
// the view's own render.
const listView = () => <PhoneListView />;
const readerView = () => <PhoneReaderView />;

/**
 * Messages and documents (spec 3 §2.1, §4.1) at /clients/documents-and-messages/: folders with
 * unread counts, filters, the list paged by bookmark and the reader, side by side from 768 px; on
 * phones the list, then the reader pushed on an Ionic nav (back button, swipe back). Compose and
 * reply for a client; the same page read-only for an adviser with the client in context.
 */
export default function MessagesPage() {
  usePageTitle(MESSAGES_TEXTS.heading);
  const site = useSiteConfig();
  const settings = useMemo(() => documentsSettings(site), [site]);
  const { user } = useSession();
  const scope = useClientScope();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useMediaQuery(PHONE_QUERY);
  const isClient = user?.role_name === 'ClientUser';
  const canCompose = isClient && !settings.oneWayMessaging;
  const toBeSignedShown = isClient && settings.digitalSignatures;

  const [start] = useState(() => {
    const flags = initialView(location.search, toBeSignedShown);
    const named = new URLSearchParams(location.search).get('view');
    const view = named ?? (flags.view === 'compose' && !canCompose ? 'messages' : flags.view);
    return { view, folder: flags.folder };
  });
  // Fixed when the page opens, like the analysis page's: the presets count back from it.
  const [today] = useState(() => localToday(new Date()));
  const [view, setView] = useState<string>(start.view);
  const [replyTo, setReplyTo] = useState<DocnoteItem | null>(null);
  const [state, dispatch] = useReducer(viewReducer, { filters: initialFilters(start.folder, defaultDates(settings.defaultDateRange, today)), selectedId: null });
  const { filters, selectedId } = state;
  const [expanded, setExpanded] = useState(false);
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set());
  const [sendReport, setSendReport] = useState<{ sent: string[]; failed: string[] } | null>(null);
  const markRead = useMarkRead();

  const entityId = scope?.entityId ?? 0;
  const categories = useQuery(categoriesQuery());
  const context: FolderQueryContext | null = useMemo(
    () => (categories.isPending ? null : { importantCategoryId: categories.data ? importantCategoryId(categories.data) : null, customFolders: settings.customFolders }),
    [categories.isPending, categories.data, settings.customFolders],
  );
  const customKeys = settings.customFolders.map((_, index) => `custom:${index}` as FolderKey);
  const existing = useFoldersWithMessages(entityId, settings.oneWayMessaging ? ['sent', ...customKeys] : customKeys, context, filters.entityIds);
  const folders = visibleFolders({
    isClient,
    oneWayMessaging: settings.oneWayMessaging,
    digitalSignatures: settings.digitalSignatures,
    hasClientInitiatedMessages: existing.has('sent'),
    customFolders: settings.customFolders,
    customWithMessages: new Set(customKeys.flatMap((key, index) => (existing.has(key) ? [index] : []))),
  });
  const countedFolders = folders.filter((folder) => folder.type === 0 || folder.type === 1 || folder.type === 4).map((folder) => folder.key);
  const counts = useUnreadCounts(entityId, countedFolders, context, filters.entityIds);

  // The navigation badge follows the client's own unread count (spec 1 §2, spec 3 §2.1).
  useUnreadCountSync(isClient ? entityId : null);

  // 'Show messages for': the viewed client and its related entities, for the client and, read
  // only, for an adviser with the client in context (spec 3 §2.1, §4.1, §6).
  const entityOptions = useEntityFilterOptions(scope ? { entityId: scope.entityId, name: scope.person.display_name } : null, settings.enableRelatedEntities);
  const docTypes = useDocTypes(!settings.disableDocTypeFilter);
  const list = useMessageList(entityId, filters, filters.folder === 'to-be-signed' ? null : context);
  const items = useMemo(
    () => (list.data?.pages.flat() ?? []).map((item) => (seen.has(item.id) ? { ...item, has_been_seen: true } : item)),
    [list.data, seen],
  );
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const around = neighbours(items, selectedId);

  // Spec 3 §4.1: when documents arrive the first is selected (side by side only: on a phone it
  // would push the reader over the list the client came to see), once per list.
  const autoSelectedFor = useRef<string | null>(null);
  const listKey = JSON.stringify([filters, entityId]);
  const firstId = items[0]?.id ?? null;
  useEffect(() => {
    if (phone || view !== 'messages' || firstId === null || autoSelectedFor.current === listKey) return;
    autoSelectedFor.current = listKey;
    if (selectedId === null) dispatch({ type: 'select', id: firstId, auto: true });
  }, [phone, view, firstId, listKey, selectedId]);

  // Opening a message marks it seen; a client's first opening of an unread one sends the read
  // receipt (once: the list still says unread until the counts come back).
  if (selected && !seen.has(selected.id)) setSeen(new Set(seen).add(selected.id));
  const receipted = useRef(new Set<number>());
  const openedUnread = selectedId !== null && (list.data?.pages.flat() ?? []).some((item) => item.id === selectedId && isUnread(item));
  const { mutate: sendReceipt } = markRead;
  useEffect(() => {
    if (!isClient || selectedId === null || !openedUnread || receipted.current.has(selectedId)) return;
    receipted.current.add(selectedId);
    sendReceipt(selectedId);
  }, [isClient, selectedId, openedUnread, sendReceipt]);

  if (!user || !scope) return null;

  const clearFlags = () => {
    if (location.search) navigate({ search: '' }, { replace: true });
  };
  const backToMessages = () => {
    setView('messages');
    setReplyTo(null);
    clearFlags();
  };
  const onSent = (outcome: Extract<SendOutcome, { kind: 'sent' }>) => {
    setSendReport(outcome.failedFiles.length > 0 ? { sent: outcome.sentFiles, failed: outcome.failedFiles } : null);
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    backToMessages();
  };
  const refresh = async (event: CustomEvent<RefresherEventDetail>) => {
    try {
      await queryClient.refetchQueries({ queryKey: ['messages'], type: 'active' });
    } finally {
      event.detail.complete();
    }
  };

  if (!(VIEWS as readonly string[]).includes(view)) {
    return (
      <div className="messages-page">
        <h1>{MESSAGES_TEXTS.heading}</h1>
        <Notice kind="error">{MESSAGES_TEXTS.viewError}</Notice>
      </div>
    );
  }
  if (view === 'compose' || view === 'reply') {
    // Compose and reply are a client's alone (spec 3 §6); an adviser never reaches them.
    if (!canCompose || (view === 'reply' && !replyTo)) {
      return (
        <div className="messages-page">
          <h1>{MESSAGES_TEXTS.heading}</h1>
          <Notice kind="error">{MESSAGES_TEXTS.viewError}</Notice>
        </div>
      );
    }
    return (
      <div className="messages-page">
        <h1>{MESSAGES_TEXTS.heading}</h1>
        <ComposeForm key={view} entityId={entityId} original={view === 'reply' ? replyTo : null} onCancel={backToMessages} onSent={onSent} />
      </div>
    );
  }

  const toBeSigned = filters.folder === 'to-be-signed';
  const loadMore = () => void list.fetchNextPage();
  const next = async () => {
    if (around.next) return dispatch({ type: 'select', id: around.next.id });
    if (!list.hasNextPage) return;
    const result = await list.fetchNextPage();
    const all = result.data?.pages.flat() ?? [];
    const after = all[around.index + 1];
    if (after) dispatch({ type: 'select', id: after.id });
  };

  const listPane = (
    <>
      {context === null || list.isPending ? (
        <InlineLoading label="Loading your messages" />
      ) : list.isError ? (
        <Notice kind="error">Your messages could not be loaded. Please try again.</Notice>
      ) : (
        <MessageList
          items={items}
          selectedId={selectedId}
          highlightUnread={isClient}
          showClientVisibility={!isClient}
          relatedEntityOf={isClient ? undefined : (item) => relatedEntityName(item.entity_ids, entityOptions)}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onOpen={(id) => dispatch({ type: 'select', id })}
          onLoadMore={loadMore}
        />
      )}
    </>
  );
  const reader = selected && (
    <MessageReader
      item={selected}
      hasPrevious={around.previous !== null}
      hasNext={around.next !== null || list.hasNextPage}
      expanded={expanded}
      compact={phone}
      focusOnOpen={!state.autoSelected}
      canReply={canCompose}
      canDownload={canDownloadAttachments(isClient, settings.preventAttachmentDownload)}
      showClientVisibility={!isClient}
      onPrevious={() => around.previous && dispatch({ type: 'select', id: around.previous.id })}
      onNext={() => void next()}
      onExpand={setExpanded}
      onClose={() => {
        setExpanded(false);
        dispatch({ type: 'select', id: null });
      }}
      onReply={() => {
        setReplyTo(selected);
        setView('reply');
      }}
    />
  );
  const filtersBar = (
    <MessageFiltersBar
      filters={filters}
      entityOptions={entityOptions}
      docTypes={settings.disableDocTypeFilter ? null : (docTypes.data ?? [])}
      dateOptions={offeredDateOptions(settings.defaultDateRange)}
      today={today}
      region={scope.region || 'GB'}
      onChange={(action) => {
        setExpanded(false);
        dispatch(action);
      }}
    />
  );

  const folderList = <FolderList folders={folders} current={filters.folder} counts={counts} asDropdown={phone} onChoose={(folder) => dispatch({ type: 'folder', folder })} />;

  return (
    <div className="messages-page">
      <IonRefresher slot="fixed" onIonRefresh={(event) => void refresh(event)}>
        <IonRefresherContent pullingText="Pull to refresh" refreshingText="Refreshing…" />
      </IonRefresher>
      <div className="messages-page__header">
        <h1>{MESSAGES_TEXTS.heading}</h1>
        {canCompose && (
          <button type="button" className="button messages-compose" aria-label={phone ? 'Compose' : undefined} onClick={() => setView('compose')}>
            {phone ? <PencilIcon /> : 'Compose'}
          </button>
        )}
      </div>
      <AnnouncementPanel hash={ANNOUNCEMENT_HASHES.documents} />
      {sendReport && (
        <Notice kind="error">
          <p>{MESSAGES_TEXTS.attachmentsFailed}</p>
          {sendReport.sent.length > 0 && <p>Sent: {sendReport.sent.join(', ')}</p>}
          <p>Not sent: {sendReport.failed.join(', ')}</p>
          <button type="button" className="link-button" onClick={() => setSendReport(null)}>
            Dismiss
          </button>
        </Notice>
      )}
      <div className={`messages-layout${expanded ? ' is-expanded' : ''}`}>
        {!(phone && !toBeSigned) && folderList}
        <div className="messages-main">
          {toBeSigned ? (
            <ToBeSignedFolder onChanged={() => void queryClient.invalidateQueries({ queryKey: ['messages'] })} />
          ) : phone ? (
            // Phones: folders, filters (folded away) and the list are the nav's root view, so the
            // pushed reader covers them all.
            <PhoneMessages
              selectedId={selectedId}
              onBack={() => dispatch({ type: 'select', id: null })}
              list={
                <>
                  {folderList}
                  <details className="messages-filters-toggle">
                    <summary>Sort, filter and search</summary>
                    {filtersBar}
                  </details>
                  {listPane}
                </>
              }
              reader={reader}
            />
          ) : (
            <>
              {filtersBar}
              <div className="messages-panes">
                <div className="messages-panes__list">{listPane}</div>
                {reader && <div className="messages-panes__reader">{reader}</div>}
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Phones: the list is the nav's root; opening a message pushes the reader (Ionic's nav, with its
 * back button and swipe back); going back clears the selection.
 */
function PhoneMessages({ selectedId, onBack, list, reader }: { selectedId: number | null; onBack(): void; list: ReactNode; reader: ReactNode }) {
  const nav = useRef<HTMLIonNavElement>(null);
  const pushed = useRef(false);
  useEffect(() => {
    const element = nav.current;
    if (!element) return;
    if (selectedId !== null && !pushed.current) {
      pushed.current = true;
      void element.push(readerView);
    } else if (selectedId === null && pushed.current) {
      pushed.current = false;
      void element.pop();
    }
  }, [selectedId]);
  const readerWithBack = (
    <>
      <button type="button" className="link-button messages-back" onClick={() => void nav.current?.pop()}>
        <span aria-hidden="true">← </span>Back to messages
      </button>
      {reader}
    </>
  );
  return (
    <PhonePanes.Provider value={{ list, reader: readerWithBack }}>
      <IonNav
        ref={nav}
        className="messages-nav"
        root={listView}
        swipeGesture
        onIonNavDidChange={() => {
          void nav.current?.getLength().then((length) => {
            if (length <= 1 && pushed.current) {
              pushed.current = false;
              onBack();
            }
          });
        }}
      />
    </PhonePanes.Provider>
  );
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" fill="currentColor" />
    </svg>
  );
}
