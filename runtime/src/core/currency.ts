/**
 * The currency of an amount. Currencies are the values of the BASE_CURRENCY lookup, whose
 * description holds the currency's decimals ("2"; "0" for the yen — metadata/apps/srm/base/lookups/base.json).
 * A money field's currency is the record's one BASE_CURRENCY field (the requisition's currencyCode,
 * the supplier's capitalCurrency); without one, or with two, amounts keep two decimals.
 */
import type { EntityDef } from '../meta';
import type { LookupValue } from './dataProvider';
import { findLookupValue } from './lookupCache';

export const CURRENCY_LOOKUP = 'BASE_CURRENCY';

/** Decimals of a currency code; undefined when the code or its decimals are unknown. */
export function currencyDecimals(values: LookupValue[] | undefined, code: unknown): number | undefined {
  const description = findLookupValue(values, code)?.description?.trim();
  if (!description || !/^\d$/.test(description)) return undefined;
  return Number(description);
}

/** The field holding the currency of an entity's amounts: its only BASE_CURRENCY lookup field. */
export function currencyFieldOf(entity: EntityDef | undefined): string | undefined {
  const fields = (entity?.fields ?? []).filter(
    (field) => field.type === 'lookup' && field.lookupType === CURRENCY_LOOKUP && !field.retired,
  );
  return fields.length === 1 ? fields[0].name : undefined;
}
