import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dayjs } from '../../../shared/format/dates';
import { useClientScope } from '../../../shared/session/client-scope';
import { LoadError } from '../../../shared/ui/load-error';
import { useDigitalSignatures, type SignatureItemAnswer } from '../api/digital-signatures';
import { documentContentUrl } from '../api/document-content';
import { useSignatories } from '../api/signatories';
import { badgeOf, canSign, pendingList, SignatureStatus } from '../signing-rules';
import { SigningWizard } from './signing-wizard';
import '../signatures.css';

/**
 * The 'To be signed' folder of Messages and documents (spec 3 §2.1, §2.2): the documents to
 * sign, the signing viewer and the signing wizard. The messages page shows it when the folder is
 * chosen (ClientUser with digital signatures enabled). Built by issue 16's signatures work.
 */
export interface ToBeSignedFolderProps {
  /** Called after a document is signed or declined, so the page can refresh its counts. */
  onChanged?: () => void;
}

export function ToBeSignedFolder({ onChanged }: ToBeSignedFolderProps) {
  const scope = useClientScope();
  const list = useDigitalSignatures(scope?.entityId ?? null);
  const [active, setActive] = useState<SignatureItemAnswer | null>(null);
  // After a signature the document leaves the pending list; the viewer keeps it with its badge.
  const [version, setVersion] = useState(0);
  const items = pendingList(list.data ?? []);
  const current = active ? ((list.data ?? []).find((i) => i.id === active.id) ?? active) : null;

  return (
    <section className="to-be-signed" aria-labelledby="to-be-signed-heading">
      <h2 id="to-be-signed-heading">To be signed</h2>
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <p aria-live="polite">Loading documents…</p>}
      {list.isSuccess && items.length === 0 && <p>No messages for current selection</p>}
      {items.length > 0 && (
        <ul className="to-be-signed__list" aria-label="Documents to sign">
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" aria-current={current?.id === item.id ? 'true' : undefined} onClick={() => setActive(item)}>
                <span className="to-be-signed__name">{item.filename}</span>
                {item.duedate && <span className="to-be-signed__due">Due {dayjs(item.duedate).format('D MMM YYYY')}</span>}
                <span className={`signature-badge signature-badge--${item.status}`}>{badgeOf(item.status)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {current && (
        <SigningViewer
          // Choosing a document resets the request state (spec 3 §4.2).
          key={current.id}
          item={current}
          version={version}
          readOnly={scope?.readOnly ?? true}
          entityId={scope?.entityId ?? 0}
          onSigned={() => {
            setVersion((v) => v + 1);
            onChanged?.();
          }}
        />
      )}
    </section>
  );
}

interface ViewerProps {
  item: SignatureItemAnswer;
  version: number;
  readOnly: boolean;
  entityId: number;
  onSigned(): void;
}

/** The signing viewer: the PDF in the page, its status, and the wizard when the user can sign. */
function SigningViewer({ item, version, readOnly, entityId, onSigned }: ViewerProps) {
  const queryClient = useQueryClient();
  const signatories = useSignatories(item.id);
  const [status, setStatus] = useState<number | null>(null);
  const shown = status ?? item.status;
  const mine = signatories.data?.find((s) => s.entityid === entityId);
  const wizard = !readOnly && mine && (status !== null || canSign(item.status, mine));
  return (
    <article className="signing-viewer" aria-labelledby={`signing-viewer-${item.id}`}>
      <header className="signing-viewer__header">
        <h3 id={`signing-viewer-${item.id}`}>{item.filename}</h3>
        <span className={`signature-badge signature-badge--${shown}`}>{badgeOf(shown)}</span>
      </header>
      <iframe className="signing-viewer__frame" title={`Document: ${item.filename}`} src={documentContentUrl(item.id, item.filename, version)} />
      <p>
        <a href={documentContentUrl(item.id, item.filename, version)} target="_blank" rel="noopener">
          Open the document in a new tab
        </a>
      </p>
      {signatories.isError && <LoadError error={signatories.error} />}
      {wizard && mine && (
        <SigningWizard
          documentId={item.id}
          signatoryId={mine.id}
          phone={mine.entity_phone}
          terms={item.terms_and_conds}
          onDone={(next) => {
            setStatus(next);
            void queryClient.invalidateQueries({ queryKey: ['signatures'] });
            onSigned();
          }}
        />
      )}
      {!wizard && readOnly && shown !== SignatureStatus.signed && <p>Only the client can sign or decline this document.</p>}
    </article>
  );
}
