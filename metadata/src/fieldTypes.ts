/** Field types by what the load checks may do with them (a leaf module: the checks import it, it imports nothing). */

/** Types a sum, a total or a comparison with a number may use. */
export const NUMBER_TYPES: ReadonlySet<string> = new Set(['integer', 'decimal', 'money', 'quantity']);

/** Types that place a record on a day. */
export const DATE_TYPES: ReadonlySet<string> = new Set(['date', 'datetime']);
