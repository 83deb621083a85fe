import { useState } from 'react';
import { buildUrl } from '../../../shared/http';
import { Dialog } from '../../../shared/ui/dialog';
import type { AttachmentRef } from '../api/docnote-item';
import { attachmentKind, attachmentPath, isRiskyFile } from '../messages-rules';
import { MESSAGES_TEXTS } from '../messages-texts';
import { AttachmentIcon } from './attachment-icon';

interface Props {
  docId: number;
  attachments: readonly AttachmentRef[];
  /** Spec 3 §5: false shows the names and 'Attachments can be downloaded via Xplan'. */
  canDownload: boolean;
}

const formatSize = (bytes: number | null | undefined) =>
  bytes == null ? '' : bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;

function download(href: string, filename: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * A message's attachments with icons by type; downloading a type that may carry macros first
 * asks the warning of spec 3 §5 (Yes downloads, No does not).
 */
export function MessageAttachments({ docId, attachments, canDownload }: Props) {
  const [risky, setRisky] = useState<{ href: string; filename: string } | null>(null);
  if (attachments.length === 0) return null;
  return (
    <section className="message-attachments" aria-label="Attachments">
      <h3 className="visually-hidden">Attachments</h3>
      <ul>
        {attachments.map((attachment) => {
          const href = buildUrl(attachmentPath(docId, attachment.docpartid, attachment.filename));
          const label = (
            <>
              <AttachmentIcon kind={attachmentKind(attachment.filename)} />
              <span className="message-attachments__name">{attachment.filename}</span>
              {attachment.size != null && <span className="message-attachments__size"> ({formatSize(attachment.size)})</span>}
            </>
          );
          return (
            <li key={attachment.docpartid}>
              {canDownload ? (
                <a
                  href={href}
                  download={attachment.filename}
                  onClick={(event) => {
                    if (!isRiskyFile(attachment.filename)) return;
                    event.preventDefault();
                    setRisky({ href, filename: attachment.filename });
                  }}
                >
                  {label}
                </a>
              ) : (
                <span className="message-attachments__item">{label}</span>
              )}
            </li>
          );
        })}
      </ul>
      {!canDownload && <p className="message-attachments__note">{MESSAGES_TEXTS.downloadViaXplan}</p>}
      {risky && (
        <Dialog role="alertdialog" title={`Download ${risky.filename}?`} description={<p>{MESSAGES_TEXTS.riskyWarning}</p>} onEscape={() => setRisky(null)}>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setRisky(null)}>
              No
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                download(risky.href, risky.filename);
                setRisky(null);
              }}
            >
              Yes
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
