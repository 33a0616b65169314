/**
 * Who may write what on a forecast (DOMAIN.md §5.8), checked on every save of srmPurForecast:
 * - the buyer (INSIDE) creates and edits the header and the lines while the forecast is DRAFT;
 *   the supplier's columns (committed quantity, comment, gap) they send are not written;
 * - the supplier (EX) creates nothing and, while the forecast is PUBLISHED, writes only
 *   supplierCommitQty and supplierComment of the existing lines: header fields it sends are
 *   ignored, a changed forecast column or an added or removed line is refused (403).
 * A published forecast no longer changes for the buyer (409): a new forecast is a new version.
 */
import type { Row } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import { cmp, dec } from '../delivery/quantities';
import { copyItemCode, dateText, FORECAST, FORECAST_LINE, isSupplierCaller, type Planning } from './planningContext';

const SUPPLIER_COLUMNS = ['supplierCommitQty', 'supplierComment', 'gapQty'];
const number = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(Number(v)));

export function forecastLines(p: Planning, tx: SaveDraft['tx'], forecastId: number): Promise<Row[]> {
  const fields = ['forecastLineId', 'periodStart', 'periodEnd', 'forecastQty', 'supplierCommitQty', 'supplierComment'];
  return p.rows.select(tx, FORECAST_LINE, fields, { forecastId }, { orderBy: ['periodStart', 'forecastLineId'] });
}

async function storedStatus(p: Planning, draft: SaveDraft): Promise<string | null> {
  if (draft.creating || !draft.id) return null;
  const row = await p.rows.one(draft.tx, FORECAST, ['status'], { forecastId: draft.id });
  if (!row) throw Errors.recordNotFound();
  return String(row.status);
}

/** A line's period in order (the horizon's is a record rule of srmPurForecast.json). */
function checkPeriods(draft: SaveDraft): void {
  (draft.children.lines ?? []).forEach((line, i) => {
    if (line.periodStart && line.periodEnd && String(line.periodEnd) < String(line.periodStart))
      throw declaredError('purchasingOrders.forecastPeriodOrder', { lineNo: i + 1 }, [
        { field: `lines[${i}].periodEnd`, message: 'before periodStart' },
      ]);
  });
}

async function buyerSave(p: Planning, draft: SaveDraft): Promise<void> {
  const status = await storedStatus(p, draft);
  if (status !== null && status !== 'DRAFT') throw declaredError('purchasingOrders.forecastPublished');
  checkPeriods(draft);
  await copyItemCode(p, draft.tx, draft.values);
  for (const line of draft.children.lines ?? []) for (const key of SUPPLIER_COLUMNS) delete line[key];
}

function takeCommitment(body: RecordValues, line: Row, i: number): RecordValues {
  const changed =
    ('forecastQty' in body && cmp(dec(body.forecastQty), dec(line.forecastQty)) !== 0) ||
    ('periodStart' in body && dateText(body.periodStart) !== dateText(line.periodStart)) ||
    ('periodEnd' in body && dateText(body.periodEnd) !== dateText(line.periodEnd));
  if (changed) throw declaredError('purchasingOrders.forecastSupplierColumnsOnly', { lineNo: i + 1 });
  const allowed: RecordValues = {};
  if ('supplierCommitQty' in body) allowed.supplierCommitQty = number(body.supplierCommitQty);
  if ('supplierComment' in body) allowed.supplierComment = body.supplierComment ?? null;
  return allowed;
}

async function supplierSave(p: Planning, draft: SaveDraft): Promise<void> {
  if (draft.creating || !draft.id) throw declaredError('purchasingOrders.forecastSupplierCreate');
  const status = await storedStatus(p, draft);
  if (status !== 'PUBLISHED') throw declaredError('purchasingOrders.forecastNotPublished');
  for (const key of Object.keys(draft.values)) if (key !== 'versionNum') delete draft.values[key];
  const sent = draft.children.lines;
  if (!sent) return;
  const ids = draft.childIds?.lines ?? [];
  const stored = new Map((await forecastLines(p, draft.tx, draft.id)).map((l) => [Number(l.forecastLineId), l]));
  if (sent.length !== stored.size || ids.some((id) => id === undefined || !stored.has(id)))
    throw declaredError('purchasingOrders.forecastSupplierLines');
  sent.forEach((body, i) => {
    const allowed = takeCommitment(body, stored.get(ids[i]!)!, i);
    for (const key of Object.keys(body)) delete body[key];
    Object.assign(body, allowed);
  });
}

export function registerForecastSave(p: Planning, hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave(FORECAST, (draft) =>
    isSupplierCaller(draft.ctx) ? supplierSave(p, draft) : buyerSave(p, draft),
  );
}
