import type { SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import { PartContext } from '../partContext';

/**
 * Planning and stock (DOMAIN.md §5.8): forecasts, VMI stock and its transactions, system warnings.
 * What the part's files share: metadata-named SQL, platform rows and the to-do writer.
 */
export const FORECAST = 'srmPurForecast';
export const FORECAST_LINE = 'srmPurForecastLine';
export const STOCK = 'srmPurVmiStock';
export const TRANSFER = 'srmPurVmiStockTransferRecord';
export const WARNING = 'srmBaseWarning';

export class Planning extends PartContext {}

// The caller's kind, shared by the purchasing parts.
export { dateText, isSupplierCaller, requireInternal, supplierOf } from '../partContext';

// The planning files' names for the platform's calendar helpers.
export { addDays as daysAfter, today } from '../../../util/time';

/** Copies the item's code into `values.itemCode` when the save names an item (itemCode is server-only). */
export async function copyItemCode(p: Planning, tx: SqlExecutor, values: Record<string, unknown>): Promise<void> {
  if (values.itemId === undefined || values.itemId === null || values.itemId === '') return;
  const item = await p.rows.one(tx, 'srmBaseMaterialItem', ['itemCode'], { itemId: Number(values.itemId) });
  if (!item) throw declaredError('purchasingOrders.itemUnknown', {}, [{ field: 'itemId', message: 'not found' }]);
  values.itemCode = item.itemCode;
}
