import { dayjs } from '../../../shared/format/dates';
import { isUnread, type DocnoteItem } from '../api/docnote-item';
import { MESSAGES_TEXTS, relatedEntityMarker } from '../messages-texts';

interface Props {
  items: readonly DocnoteItem[];
  selectedId: number | null;
  /** Unread messages are highlighted for clients only (spec 3 §4.1). */
  highlightUnread: boolean;
  /** An adviser sees which documents the client cannot (spec 3 §4.1). */
  showClientVisibility: boolean;
  /** An adviser sees whose a related entity's document is (spec 3 §4.1): its name, or null. */
  relatedEntityOf?: (item: DocnoteItem) => string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onOpen(id: number): void;
  onLoadMore(): void;
}

/** D MMM YYYY (spec 3 §9). */
export const displayDate = (iso: string) => dayjs(iso).format('D MMM YYYY');

/** The list of messages and documents with 'Load more' while more pages exist (spec 3 §2.1: 'Load more' in documents). */
export function MessageList({ items, selectedId, highlightUnread, showClientVisibility, relatedEntityOf, hasMore, loadingMore, onOpen, onLoadMore }: Props) {
  if (items.length === 0) return <p className="empty-state messages-empty">{MESSAGES_TEXTS.empty}</p>;
  return (
    <>
      <ul className="message-list" aria-label="Messages">
        {items.map((item) => {
          const unread = highlightUnread && isUnread(item);
          const attachments = item.attachments?.length ?? 0;
          const related = relatedEntityOf?.(item) ?? null;
          return (
            <li key={item.id} className={unread ? 'message-list__item is-unread' : 'message-list__item'}>
              <button type="button" aria-current={item.id === selectedId ? 'true' : undefined} onClick={() => onOpen(item.id)}>
                <span className="message-list__subject">
                  {unread && <span className="visually-hidden">Unread: </span>}
                  {item.subject}
                </span>
                <span className="message-list__meta">
                  <span>{displayDate(item.created_date)}</span>
                  {attachments > 0 && <span>{attachments === 1 ? '1 attachment' : `${attachments} attachments`}</span>}
                  {related !== null && <span className="message-list__related">{relatedEntityMarker(related)}</span>}
                  {showClientVisibility && item.is_client_access_accessible === false && <span className="message-list__hidden">{MESSAGES_TEXTS.notVisibleToClient}</span>}
                  {item.complete === false && <span className="message-list__incomplete">Not all attachments sent</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <button type="button" className="button button--secondary messages-load-more" onClick={onLoadMore} disabled={loadingMore}>
          {MESSAGES_TEXTS.loadMore}
        </button>
      )}
    </>
  );
}
