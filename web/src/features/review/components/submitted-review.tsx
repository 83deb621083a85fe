import { Notice } from '../../../shared/ui/field';
import { InlineLoading } from '../../../shared/ui/loading-screen';
import { useSubmittedReview, type StoredReview } from '../api/review-submission';
import { REVIEW_TEXTS } from '../review-texts';

/** D MMM YYYY (spec 3 §9), in the browser's time zone. */
function displayDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * The submitted review, read-only: when it was submitted, each person's status and answers. The
 * client sees it after submitting; an adviser sees it with the client in context.
 */
export function SubmittedReview({ entityId }: { entityId: number }) {
  const review = useSubmittedReview(entityId);
  return (
    <>
      <h1>{REVIEW_TEXTS.submittedHeading}</h1>
      {review.isPending ? (
        <InlineLoading label={REVIEW_TEXTS.loading} />
      ) : review.isError ? (
        <Notice kind="error">{REVIEW_TEXTS.loadFailed}</Notice>
      ) : review.data ? (
        <Answers review={review.data} />
      ) : (
        <p>{REVIEW_TEXTS.notSubmitted}</p>
      )}
    </>
  );
}

function Answers({ review }: { review: StoredReview }) {
  const people = review.partner ? [review.client, review.partner] : [review.client];
  return (
    <div className="submitted-review">
      <p>{REVIEW_TEXTS.submittedOn(displayDate(review.submittedAt))}</p>
      <ul className="submitted-review__statuses">
        {people.map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong>: {REVIEW_TEXTS.status[p.status] ?? ''}
          </li>
        ))}
      </ul>
      {review.client.responses.map((r, i) => (
        <section key={r.id} className="submitted-review__answer" aria-label={r.heading}>
          <h2>{r.heading}</h2>
          <dl>
            {people.map((p) => {
              const a = p.responses[i];
              if (!a) return null;
              return (
                <div key={p.id} className="submitted-review__person">
                  <dt>
                    {a.question} <span className="submitted-review__name">({p.name})</span>
                  </dt>
                  <dd>
                    {a.response ? REVIEW_TEXTS.yes : REVIEW_TEXTS.no}
                    {a.additionalText && (
                      <span className="submitted-review__changes">
                        {REVIEW_TEXTS.changesDescribed}: {a.additionalText}
                      </span>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
      {review.documentId && <p>{REVIEW_TEXTS.viewDocument}</p>}
    </div>
  );
}
