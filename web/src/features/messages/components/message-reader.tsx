import { useEffect, useRef } from 'react';
import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { buildUrl } from '../../../shared/http';
import { SanitizedHtml, sanitizeHtml } from '../../../shared/ui/sanitized-html';
import type { DocnoteItem } from '../api/docnote-item';
import { useMessageDetail } from '../api/message-detail';
import { prefixImageSources } from '../messages-rules';
import { MESSAGES_TEXTS } from '../messages-texts';
import { MessageAttachments } from './message-attachments';
import { displayDate } from './message-list';

interface Props {
  item: DocnoteItem;
  hasPrevious: boolean;
  hasNext: boolean;
  expanded: boolean;
  /** Phones show the reader as a pushed view with its own back button: no close or expand. */
  compact: boolean;
  /** The client opened it (not the automatic first selection): focus moves to its subject. */
  focusOnOpen: boolean;
  canReply: boolean;
  canDownload: boolean;
  showClientVisibility: boolean;
  onPrevious(): void;
  onNext(): void;
  onExpand(expanded: boolean): void;
  onClose(): void;
  onReply(): void;
}

/**
 * The reader (spec 3 §2.1): previous, next, expand, shrink and close, Reply, the attachments and
 * the body. The body is sanitised with DOMPurify before it reaches the page.
 */
export function MessageReader(props: Props) {
  const { item } = props;
  const detail = useMessageDetail(item.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A message the client opened is announced by moving focus to its subject (not while they
  // page with Previous and Next, and not for the automatic first selection).
  const { focusOnOpen } = props;
  useEffect(() => {
    if (!focusOnOpen || document.activeElement?.closest('.message-reader__tools')) return;
    headingRef.current?.focus({ preventScroll: true });
  }, [item.id, focusOnOpen]);
  const attachments = detail.data?.documentAttachments ?? item.attachments ?? [];
  return (
    <article className="message-reader" aria-labelledby="message-reader-subject">
      <div className="message-reader__tools" role="toolbar" aria-label="Message">
        <button type="button" className="button button--secondary" onClick={props.onPrevious} disabled={!props.hasPrevious}>
          Previous
        </button>
        <button type="button" className="button button--secondary" onClick={props.onNext} disabled={!props.hasNext}>
          Next
        </button>
        {!props.compact &&
          (props.expanded ? (
            <button type="button" className="button button--secondary" onClick={() => props.onExpand(false)}>
              Shrink
            </button>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => props.onExpand(true)}>
              Expand
            </button>
          ))}
        {!props.compact && (
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            Close
          </button>
        )}
        {props.canReply && (
          <button type="button" className="button message-reader__reply" onClick={props.onReply}>
            Reply
          </button>
        )}
      </div>
      <h2 id="message-reader-subject" ref={headingRef} tabIndex={-1}>
        {item.subject}
      </h2>
      <p className="message-reader__date">{displayDate(item.created_date)}</p>
      {props.showClientVisibility && item.is_client_access_accessible === false && <Notice kind="info">{MESSAGES_TEXTS.notVisibleToClient}</Notice>}
      {item.complete === false && <Notice kind="error">{MESSAGES_TEXTS.incomplete}</Notice>}
      <MessageAttachments docId={item.id} attachments={attachments} canDownload={props.canDownload} />
      {detail.isPending ? (
        <InlineLoading label="Loading the message" />
      ) : detail.isError ? (
        <Notice kind="error">This message could not be loaded. Please try again.</Notice>
      ) : (
        <SanitizedHtml className="message-reader__body" html={prefixImageSources(sanitizeHtml(detail.data.documentBody ?? ''), buildUrl(''))} />
      )}
    </article>
  );
}
