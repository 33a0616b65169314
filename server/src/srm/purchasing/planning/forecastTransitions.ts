/**
 * The forecast lifecycle (DOMAIN.md §5.8; lookup PUR_FORECAST_STATUS):
 * DRAFT → doPublish (INSIDE) → PUBLISHED → doSupplierFeedback (EX) → FEEDBACK; doClose (INSIDE)
 * from PUBLISHED or FEEDBACK → CLOSED. The engine refuses other moves with 409, and who may act
 * (`by`), the dates and the supplier's to-do SRM_PUR_FORECAST (opened on publish, handled on
 * feedback, cancelled on close) are declared in purForecast.json.
 * doPublish needs lines (a declared state check, 409), so it has no handler; doSupplierFeedback
 * needs lines too (409) and a committed quantity on every line (400 naming the line), both declared;
 * another supplier's forecast is outside its row scope (404). Here: the server writes
 * gapQty = forecastQty − supplierCommitQty.
 */
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { dec, qty, sub } from '../delivery/quantities';
import { forecastLines } from './forecastSave';
import { FORECAST_LINE, type Planning } from './planningContext';

async function feedback(p: Planning, run: TransitionRun): Promise<void> {
  const lines = await forecastLines(p, run.tx, run.id);
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
  handlers.register('feedbackForecast', (run) => feedback(p, run));
}
