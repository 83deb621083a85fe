import type { AttachmentKind } from '../messages-rules';

const LABELS: Record<AttachmentKind, string> = { image: 'Image', pdf: 'PDF', spreadsheet: 'Spreadsheet', word: 'Word document', file: 'File' };

/** The icon of an attachment by type (spec 3 §5): a page with a coloured band and its kind. */
export function AttachmentIcon({ kind }: { kind: AttachmentKind }) {
  const tag = { image: 'IMG', pdf: 'PDF', spreadsheet: 'XLS', word: 'DOC', file: '' }[kind];
  return (
    <span className={`attachment-icon attachment-icon--${kind}`} title={LABELS[kind]}>
      <svg viewBox="0 0 24 28" width="24" height="28" aria-hidden="true" focusable="false">
        <path d="M3 1h12l6 6v19a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1z" fill="#fff" stroke="currentColor" strokeWidth="1.5" />
        <path d="M15 1v6h6" fill="none" stroke="currentColor" strokeWidth="1.5" />
        {tag && <rect x="0" y="14" width="20" height="9" rx="1.5" className="attachment-icon__band" />}
        {tag && (
          <text x="10" y="21" textAnchor="middle" fontSize="6.5" fontWeight="700" fill="#fff" fontFamily="sans-serif">
            {tag}
          </text>
        )}
      </svg>
      <span className="visually-hidden">{LABELS[kind]}: </span>
    </span>
  );
}
