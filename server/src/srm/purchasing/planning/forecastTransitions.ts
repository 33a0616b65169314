/**
 * The forecast lifecycle (DOMAIN.md §5.8; lookup PUR_FORECAST_STATUS):
 * DRAFT → doPublish (INSIDE) → PUBLISHED → doSupplierFeedback (EX) → FEEDBACK; doClose (INSIDE)
 * from PUBLISHED or FEEDBACK → CLOSED. The engine refuses other moves with 409, and who may act
 * (`by`), the dates and the supplier's to-do SRM_PUR_FORECAST (opened on publish, handled on
 * feedback, cancelled on close) are declared in purForecast.json. Here:
 * - doPublish: needs lines (409);
 * - doSupplierFeedback: every line needs a committed quantity (a declared check, 400 naming the
 *   line; another supplier's forecast is outside its row scope, 404); the server writes
 *   gapQty = forecastQty − supplierCommitQty.
 */
import { Errors } from '../../../http/apiError';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { dec, qty, sub } from '../delivery/quantities';
import { forecastLines } from './forecastSave';
import { FORECAST_LINE, type Planning } from './planningContext';

async function publish(p: Planning, run: TransitionRun): Promise<void> {
  const lines = await forecastLines(p, run.tx, run.id);
  if (!lines.length) throw Errors.conflict('预测没有明细行，不能发布', 'A forecast without lines cannot be published');
}

async function feedback(p: Planning, run: TransitionRun): Promise<void> {
  const lines = await forecastLines(p, run.tx, run.id);
  if (!lines.length) throw Errors.conflict('预测没有明细行', 'The forecast has no lines');
  for (const line of lines)
    await p.rows.update(
      run.tx,
      FORECAST_LINE,
      { gapQty: qty(sub(dec(line.forecastQty), dec(line.supplierCommitQty))) },
      { forecastLineId: Number(line.forecastLineId) },
      run.actor.userId,
    );
}

export function registerForecastTransitions(p: Planning, handlers: TransitionHandlerRegistry): void {
  handlers.register('publishForecast', (run) => publish(p, run));
  handlers.register('feedbackForecast', (run) => feedback(p, run));
}
