/**
 * What other domains may use of the material price list (docs/developer-guide.md "Domain
 * modules"): price changes (price domain) read the price in force and write the new one through
 * PriceList; the price presets check their validity dates as the list does.
 */
export { checkValidity, findMaterialPrice, PRICE, PriceList } from './materialPrices';
export type { FoundPrice, NewPrice, PriceQuery } from './materialPrices';
