/**
 * Amounts in the base currency, from the exchange-rate table (srmBaseExchangeRate, the rates an
 * administrator keeps on exchangeRateManagement): what approval limits and cross-currency
 * totals compare. decision (docs/decisions.md "Issue 15: money"): the base currency is CNY, the
 * demo company's; the rate type is CORPORATE; the rate is the VALID row for the pair whose
 * validity covers the date, the latest rateDate first. A missing rate is the caller's problem to
 * fix (400 naming the pair and date), never a silent 1:1.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { SqlExecutor } from '../../db/sqlExecutor';
import { Errors } from '../../http/apiError';
import { PlatformRows } from '../../lifecycle/platformRows';
import { formatDecimal, multiplyDecimals, parseDecimal, type Dec } from '../../util/decimal';

export const BASE_CURRENCY = 'CNY';
export const RATE_TYPE = 'CORPORATE';
const RATE = 'srmBaseExchangeRate';
const day = (v: unknown) => String(v).slice(0, 10);

/** The rate that turns one unit of `currency` into the base currency on `onDate` (YYYY-MM-DD). */
export async function rateToBase(
  tx: SqlExecutor,
  registry: MetadataRegistry,
  currency: string,
  onDate: string,
): Promise<Dec> {
  if (currency === BASE_CURRENCY) return { units: 1n, scale: 0 };
  const where = { fromCurrency: currency, toCurrency: BASE_CURRENCY, rateType: RATE_TYPE, status: 'VALID' };
  const rates = await new PlatformRows(registry, tx.dialect).select(tx, RATE, ['rate', 'validFrom', 'validTo'], where, {
    orderBy: ['-rateDate'],
  });
  const valid = rates.find((r) => day(r.validFrom) <= onDate && (!r.validTo || day(r.validTo) >= onDate));
  const rate = parseDecimal(valid?.rate as string | number | undefined);
  if (!rate)
    throw Errors.badRequest(
      `没有 ${onDate} 有效的 ${currency}→${BASE_CURRENCY} 公司汇率，请先在汇率管理中维护`,
      `There is no corporate ${currency}→${BASE_CURRENCY} exchange rate valid on ${onDate}: add one on the exchange rates screen first`,
    );
  return rate;
}

/** `amount` of `currency` in the base currency on `onDate`, to 2 decimals (half away from zero). */
export async function toBaseCurrency(
  tx: SqlExecutor,
  registry: MetadataRegistry,
  amount: string,
  currency: string,
  onDate: string,
): Promise<string> {
  const value = parseDecimal(amount);
  if (!value) throw new Error(`toBaseCurrency: "${amount}" is not a decimal`);
  return formatDecimal(multiplyDecimals(value, await rateToBase(tx, registry, currency, onDate)), 2);
}
