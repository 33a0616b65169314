/**
 * What other domains may use of the base data (docs/developer-guide.md "Domain modules"): an
 * amount in the base currency at the corporate rate of its date (orders' totals).
 */
export { BASE_CURRENCY, rateToBase, toBaseCurrency } from './exchangeRates';
