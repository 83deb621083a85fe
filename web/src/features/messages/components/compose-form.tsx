import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useClientCapabilities } from '../../../shared/api/client-capabilities';
import { Dialog } from '../../../shared/ui/dialog';
import { Field, fieldAria } from '../../../shared/ui/field';
import { useToast } from '../../../shared/ui/toast';
import { dashboardAccountsQuery } from '../../portfolio/api/dashboard-accounts';
import { createMessage } from '../api/create-message';
import type { DocnoteItem } from '../api/docnote-item';
import { markRead } from '../api/mark-read';
import { notifyAdviser } from '../api/notify-adviser';
import { uploadAttachment } from '../api/upload-attachment';
import { attachmentCountError, attachmentError, replySubject, sendDisabled, subjectError } from '../messages-rules';
import { MESSAGES_TEXTS } from '../messages-texts';
import { sendMessage, type SendCalls, type SendOutcome } from '../send-message';
import { useLeaveWarning } from '../use-leave-warning';
import { AttachmentIcon } from './attachment-icon';
import { attachmentKind } from '../messages-rules';

interface Props {
  entityId: number;
  /** The message replied to; null for a new message. */
  original: DocnoteItem | null;
  onCancel(): void;
  /** The message exists on the server (in full or not): the page goes back to the messages. */
  onSent(outcome: Extract<SendOutcome, { kind: 'sent' }>): void;
  /** Tests replace the calls; the app uses the real ones. */
  calls?: SendCalls;
}

const REAL_CALLS: SendCalls = { create: createMessage, markRead, upload: uploadAttachment, notify: (id) => notifyAdviser(id) };

/**
 * Compose and reply (spec 3 §2.1, §4.1, §5): subject (fixed 'RE: …' on a reply), body,
 * attachments with every rule checked here before sending, linked accounts of the original on
 * a reply, Cancel and Send; a modal blocks the screen and leaving warns while sending.
 */
export function ComposeForm({ entityId, original, onCancel, onSent, calls = REAL_CALLS }: Props) {
  const ids = useId();
  const toast = useToast();
  const isReply = original !== null;
  const [subject, setSubject] = useState(isReply ? replySubject(original.subject) : '');
  const [subjectTouched, setSubjectTouched] = useState(false);
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useLeaveWarning(sending, MESSAGES_TEXTS.leaveWhileSending);

  // Spec 3 §4.1: a reply lists the original's linked accounts (needs view_portfolio).
  const linked = isReply ? (original.accounts ?? []) : [];
  const capabilities = useClientCapabilities(linked.length > 0 ? entityId : null);
  const viewPortfolio = capabilities.data?.view_portfolio === true;
  const accounts = useQuery({ ...dashboardAccountsQuery(entityId), enabled: linked.length > 0 && viewPortfolio });
  const accountsLoading = linked.length > 0 && (capabilities.isPending || (viewPortfolio && accounts.isPending));
  const accountNames = linked.map((id) => accounts.data?.accounts.find((account) => account.accountId === id)?.description ?? `Account ${id}`);

  const subjectMessage = !isReply && subjectTouched ? subjectError(subject) : null;
  const countMessage = attachmentCountError(files.length);
  const disabled = sendDisabled({ isReply, subject, files, sending, accountsLoading });

  const send = async () => {
    setSubjectTouched(true);
    if (disabled) return;
    setSending(true);
    const outcome = await sendMessage({ subject, body, files, entityId, accounts: linked, replyTo: original?.id ?? null }, calls);
    setSending(false);
    if (outcome.kind === 'not-sent') {
      toast.show({ kind: 'error', message: MESSAGES_TEXTS.sendFailed });
      return;
    }
    if (outcome.failedFiles.length > 0) toast.show({ kind: 'error', message: MESSAGES_TEXTS.attachmentsFailed });
    if (!outcome.notified) toast.show({ kind: 'error', message: MESSAGES_TEXTS.notNotified });
    if (outcome.failedFiles.length === 0 && outcome.notified) toast.show({ kind: 'success', message: MESSAGES_TEXTS.sent });
    onSent(outcome);
  };

  return (
    <form
      className="compose-form"
      aria-labelledby={`${ids}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h2 id={`${ids}-heading`}>{isReply ? 'Reply' : 'New message'}</h2>
      {isReply ? (
        <div className="field">
          <span className="field__label" id={`${ids}-subject-label`}>
            Subject
          </span>
          <p className="compose-form__fixed" aria-labelledby={`${ids}-subject-label`}>
            {subject}
          </p>
        </div>
      ) : (
        <Field id={`${ids}-subject`} label="Subject" error={subjectMessage}>
          <input
            {...fieldAria(`${ids}-subject`, subjectMessage)}
            type="text"
            value={subject}
            autoComplete="off"
            onChange={(event) => {
              setSubject(event.target.value);
              setSubjectTouched(true);
            }}
            onBlur={() => setSubjectTouched(true)}
          />
        </Field>
      )}
      {linked.length > 0 && viewPortfolio && (
        <div className="compose-form__accounts">
          <h3>Linked accounts</h3>
          {accounts.isPending ? <p>Loading accounts…</p> : <ul>{accountNames.map((name, index) => <li key={linked[index]}>{name}</li>)}</ul>}
        </div>
      )}
      <Field id={`${ids}-body`} label="Message">
        <textarea id={`${ids}-body`} rows={8} value={body} onChange={(event) => setBody(event.target.value)} />
      </Field>
      <section className="compose-form__attachments" aria-labelledby={`${ids}-attachments`}>
        <h3 id={`${ids}-attachments`}>Attachments</h3>
        {files.length > 0 && (
          <ul>
            {files.map((file, index) => {
              const error = attachmentError(file);
              return (
                <li key={`${file.name}-${index}`} className={error ? 'is-invalid' : undefined}>
                  <AttachmentIcon kind={attachmentKind(file.name)} />
                  <span className="compose-form__file">{file.name}</span>
                  {error && (
                    <span className="field__error" id={`${ids}-file-${index}`}>
                      {error}
                    </span>
                  )}
                  <button
                    type="button"
                    className="link-button"
                    aria-describedby={error ? `${ids}-file-${index}` : undefined}
                    onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                  >
                    Remove <span className="visually-hidden">{file.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div aria-live="polite">{countMessage && <p className="field__error">{countMessage}</p>}</div>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-hidden="true"
          tabIndex={-1}
          data-testid="compose-file-input"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            setFiles((current) => [...current, ...chosen]);
            event.target.value = '';
          }}
        />
        <button type="button" className="button button--secondary" onClick={() => fileInput.current?.click()}>
          Add attachment
        </button>
      </section>
      <div className="form-actions compose-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={disabled}>
          Send
        </button>
      </div>
      {sending && (
        <Dialog role="alertdialog" title="Sending" description={<p>{MESSAGES_TEXTS.sending}</p>}>
          <div className="inline-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>Please wait</span>
          </div>
        </Dialog>
      )}
    </form>
  );
}
