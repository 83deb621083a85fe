import { stepsWhenIdle } from '../lazy/when-idle';
import { dateLocale, dayjs } from './dates';
import { DECIMALS, formatMoney, formatPercent, formatSignedPercent } from './numbers';

/**
 * The browser's first use of its locale data (ICU: the locale look-up, number formats, collation
 * for sorting names, dayjs's locale) costs far more than any later one: on a throttled phone the
 * dashboard's first figures paid ~60 ms for it, and the account order ~50 ms, inside the tasks
 * that render the answers (issue 13). A screen that will show figures warms them up while it
 * waits for them, each piece in an idle period of its own. Returns a function that cancels what
 * has not run yet.
 */
export function warmUpFormats(locale: string, currency: string): () => void {
  return stepsWhenIdle([
    () => formatMoney(0, currency, locale),
    () => {
      formatMoney(0, currency, locale, DECIMALS.totalValue);
      formatPercent(0, locale);
      formatSignedPercent(0, locale);
    },
    // String.prototype.localeCompare without a locale, as the account and holding orders use it.
    () => 'a'.localeCompare('b'),
    () => dayjs(0).locale(dateLocale(locale)).format('D MMM YYYY'),
  ]);
}
