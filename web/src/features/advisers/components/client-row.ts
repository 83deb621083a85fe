import { dayjs } from '../../../shared/format/dates';
import type { ClientListItem } from '../api/client-list';
import type { RowState } from '../client-rows';

export const NO_ACCESS_TEXT = 'No client access';

/** One client of the results, as the adviser has set it (its portal view, preview, access). */
export interface ClientRow {
  item: ClientListItem;
  state: RowState;
}

/** D MMM YYYY (spec 3 §9, display format); empty when the date is unknown. */
export const formatDob = (dob: string | null) => (dob ? dayjs(dob).locale('en-gb').format('D MMM YYYY') : '');
