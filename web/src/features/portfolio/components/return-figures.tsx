import { formatSignedPercent } from '../../../shared/format/numbers';
import type { ProfitBreakdownParams } from '../api/profit-breakdown';
import { HowCalculated } from './how-calculated';

/** Beyond the spec (issue 15 deliverable 5): what each return means, in one line. */
export const RETURN_EXPLANATIONS = {
  twr: 'Time-weighted return: how the investments themselves did, whatever you paid in or took out.',
  irr: 'Money-weighted return (IRR): your own result, counting when and how much you paid in or took out.',
} as const;

interface Props {
  twrr: number | null;
  irr: number | null;
  locale: string;
  /** Explanations under the figures (the overview); tiles and tables use the legend instead. */
  explain?: boolean;
  /** The selection and dates of these figures: adds "How was this calculated?" (issue 15). */
  breakdown?: ProfitBreakdownParams;
}

/** TWR and IRR side by side wherever a performance figure appears. */
export function ReturnFigures({ twrr, irr, locale, explain = false, breakdown }: Props) {
  const figure = (value: number | null) => (value === null ? 'Not available' : formatSignedPercent(value, locale));
  const figures = (
    <dl className={`return-figures${explain ? ' return-figures--explained' : ''}`}>
      <div>
        <dt>
          <abbr title="Time-weighted return">TWR</abbr>
        </dt>
        <dd data-figure="twrr">{figure(twrr)}</dd>
        {explain && <dd className="return-figures__why">{RETURN_EXPLANATIONS.twr}</dd>}
      </div>
      <div>
        <dt>
          <abbr title="Money-weighted return (internal rate of return)">IRR</abbr>
        </dt>
        <dd data-figure="irr">{figure(irr)}</dd>
        {explain && <dd className="return-figures__why">{RETURN_EXPLANATIONS.irr}</dd>}
      </div>
    </dl>
  );
  if (!breakdown) return figures;
  return (
    <>
      {figures}
      <HowCalculated params={breakdown} locale={locale} />
    </>
  );
}

/** The two explanations once under a list of tiles or a table. */
export function ReturnLegend() {
  return (
    <ul className="return-legend">
      <li>
        <strong>TWR</strong>: {RETURN_EXPLANATIONS.twr}
      </li>
      <li>
        <strong>IRR</strong>: {RETURN_EXPLANATIONS.irr}
      </li>
    </ul>
  );
}
