import type { AnalysisTabProps } from '../analysis-selection';

/** The analysis page's allocation tab (spec 2 §2.3). Being built in issue 15: not yet linked from any page. */
export default function AllocationTab(_props: AnalysisTabProps) {
  return null;
}
