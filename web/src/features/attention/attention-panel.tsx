import { useId } from 'react';
import { Link } from 'react-router-dom';
import { attentionPanelShown, importantText, toSignText, type AttentionCounts } from './attention-rules';
import './attention.css';

interface Props {
  counts: AttentionCounts | null;
  /** The documents-and-messages page of this firm's segments (…/?importantOnly=true is added here). */
  documentsPath: string;
}

/**
 * The attention panel (spec 3 §2.5): the client's unread important documents and the documents
 * waiting for their signature, each a link to its folder of the documents page. Hidden when both
 * counts are zero.
 */
export function AttentionPanel({ counts, documentsPath }: Props) {
  const headingId = useId();
  if (!attentionPanelShown(counts)) return null;
  return (
    <section className="attention-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>For your attention</h2>
      <ul>
        {counts.important > 0 && (
          <li>
            <Link to={`${documentsPath}/?importantOnly=true`}>{importantText(counts.important)}</Link>
          </li>
        )}
        {counts.toSign > 0 && (
          <li>
            <Link to={`${documentsPath}/?toBeSigned=true`}>{toSignText(counts.toSign)}</Link>
          </li>
        )}
      </ul>
    </section>
  );
}
