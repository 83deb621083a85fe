import { lazy, Suspense, useState } from 'react';
import type { ProfitBreakdownParams } from '../api/profit-breakdown';
import './how-calculated.css';

// The modal (Ionic's modal, the figures, the CSV) is its own chunk, loaded on the first click:
// the screens that show the button do not pay for it.
const HowCalculatedModal = lazy(() => import('./how-calculated-modal'));

interface Props {
  /** The selection and dates of the figures the button explains. */
  params: ProfitBreakdownParams;
  locale: string;
}

/** Beyond the spec (issue 15 deliverable 5): "How was this calculated?" beside a performance figure. */
export function HowCalculated({ params, locale }: Props) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button how-calculated__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        How was this calculated?
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <HowCalculatedModal isOpen={open} onClose={() => setOpen(false)} params={params} locale={locale} />
        </Suspense>
      )}
    </>
  );
}
