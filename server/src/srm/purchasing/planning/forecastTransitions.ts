/**
 * The forecast lifecycle (DOMAIN.md §5.8; lookup PUR_FORECAST_STATUS):
 * DRAFT → doPublish (INSIDE) → PUBLISHED → doSupplierFeedback (EX) → FEEDBACK; doClose (INSIDE)
 * from PUBLISHED or FEEDBACK → CLOSED. The engine refuses other moves with 409.
 * - doPublish: needs lines with a forecast quantity; sets publishDate and gives the supplier the
 *   to-do SRM_PUR_FORECAST (menu SUP_FORECAST).
 * - doSupplierFeedback: every line needs a committed quantity (400 naming the line); the server
 *   writes gapQty = forecastQty − supplierCommitQty and feedbackDate; the to-do is handled.
 * - doClose: an open supplier to-do is cancelled.
 */
import { Errors } from '../../../http/apiError';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { formatDateTime } from '../../../util/time';
import { dec, qty, sub } from '../delivery/quantities';
import { forecastLines } from './forecastSave';
import { FORECAST, FORECAST_LINE, requireInternal, requireSupplier, type Planning } from './planningContext';

const SUPPLIER_TODO = 'SRM_PUR_FORECAST';
const SUPPLIER_MENU = 'SUP_FORECAST';

async function publish(p: Planning, run: TransitionRun): Promise<void> {
  requireInternal(run.ctx);
  const lines = await forecastLines(p, run.tx, run.id);
  if (!lines.length) throw Errors.conflict('预测没有明细行，不能发布', 'A forecast without lines cannot be published');
  await p.rows.update(run.tx, FORECAST, { publishDate: formatDateTime() }, { forecastId: run.id }, run.actor.userId);
  const number = String(run.record.forecastNumber);
  await p.todos.forSupplier(
    run.tx,
    Number(run.record.supplierId),
    {
      billType: SUPPLIER_TODO,
      entityName: FORECAST,
      billId: run.id,
      billNumber: number,
      menuCode: SUPPLIER_MENU,
      billLink: `purForecast/purForecastEdit?id=${run.id}`,
      title: {
        cn: `采购预测 ${number} 已发布，请反馈承诺数量`,
        en: `Forecast ${number} is published: enter your committed quantities`,
      },
    },
    run.actor.userId,
  );
}

async function feedback(p: Planning, run: TransitionRun): Promise<void> {
  const supplierId = requireSupplier(run.ctx);
  if (supplierId !== Number(run.record.supplierId)) throw Errors.recordNotFound();
  const lines = await forecastLines(p, run.tx, run.id);
  if (!lines.length) throw Errors.conflict('预测没有明细行', 'The forecast has no lines');
  const missing = lines.findIndex((l) => l.supplierCommitQty === null || l.supplierCommitQty === undefined);
  if (missing >= 0)
    throw Errors.badRequest(
      `第 ${missing + 1} 行（${String(lines[missing].periodStart).slice(0, 10)}）未填写承诺数量，请填写并保存后再反馈`,
      `Line ${missing + 1} (${String(lines[missing].periodStart).slice(0, 10)}) has no committed quantity: enter and save it first`,
      [{ field: `lines[${missing}].supplierCommitQty`, message: 'required' }],
    );
  for (const line of lines)
    await p.rows.update(
      run.tx,
      FORECAST_LINE,
      { gapQty: qty(sub(dec(line.forecastQty), dec(line.supplierCommitQty))) },
      { forecastLineId: Number(line.forecastLineId) },
      run.actor.userId,
    );
  await p.rows.update(run.tx, FORECAST, { feedbackDate: formatDateTime() }, { forecastId: run.id }, run.actor.userId);
  await p.todos.close(run.tx, true, FORECAST, run.id, SUPPLIER_TODO, 'handled', run.actor.userId);
}

async function close(p: Planning, run: TransitionRun): Promise<void> {
  requireInternal(run.ctx);
  await p.todos.close(run.tx, true, FORECAST, run.id, SUPPLIER_TODO, 'cancelled', run.actor.userId);
}

export function registerForecastTransitions(p: Planning, handlers: TransitionHandlerRegistry): void {
  handlers.register('publishForecast', (run) => publish(p, run));
  handlers.register('feedbackForecast', (run) => feedback(p, run));
  handlers.register('closeForecast', (run) => close(p, run));
}
