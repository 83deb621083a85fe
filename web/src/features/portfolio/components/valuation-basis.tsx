import { SanitizedHtml } from '../../../shared/ui/sanitized-html';

const PRICING: Record<'close' | 'delayed' | 'live', string> = {
  close: 'the latest closing prices',
  delayed: 'delayed market prices',
  live: 'live market prices',
};

/** The collapsible valuation basis (spec 2 §2.1): the configured text, or how the figures are worked out. */
export function ValuationBasis({ html, pricingType, currency, endDate, holdBack }: { html: string | null; pricingType: 'close' | 'delayed' | 'live'; currency: string; endDate: string | null; holdBack: boolean }) {
  return (
    <details className="card valuation-basis">
      <summary>
        <h2>Valuation basis</h2>
      </summary>
      {html ? (
        <SanitizedHtml html={html} />
      ) : (
        <p>
          Values are worked out from {PRICING[pricingType]} available to us{endDate ? ` on ${endDate}` : ''}
          {holdBack ? ' (yesterday’s, as figures are held back a day)' : ''}, shown in {currency || 'your reporting currency'} after fees and taxes, and
          converted at that day’s exchange rates where an account holds another currency. Performance is measured over the period chosen above. Your formal
          statements remain the definitive record of your holdings.
        </p>
      )}
    </details>
  );
}
