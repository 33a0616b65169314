/**
 * The supplier's one entry on a sample trial (DOMAIN 1.7, decision): while the trial is SUBMITTED
 * the supplier's users enter `supplierDeliveryDate`, through this narrow action and nothing else —
 * the supplier menus grant no save, so the generic endpoints refuse every other field (403), and
 * this action refuses any other body field (400). The trial is read through the caller's row
 * scope (another supplier's trial is not found) under its lock, and the submitter is told.
 */
import type { JsonSchema } from '@meridian/metadata';
import { isSupplierType } from '../../../access/accessService';
import { Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionHandler, ActionStates } from '../../../platform/actionRegistry';
import { lockOwner } from '../../../resource/invariantLocks';
import { TodoService } from '../../../todos/todoService';
import { SAMPLE, type TrialStore } from './trialStore';

/** The body: the trial and the date, a calendar day, and no other field (400 naming each other field). */
export const DELIVERY_DATE_INPUT: JsonSchema = {
  ...recordIdInput('id', { supplierDeliveryDate: { type: 'string', format: 'date' } }),
  required: ['id', 'supplierDeliveryDate'],
  additionalProperties: false,
};

/** The date is entered while the trial is SUBMITTED (declared states; the same 409 as before). */
export const DELIVERY_DATE_STATES: ActionStates = {
  entity: SAMPLE,
  in: ['SUBMITTED'],
  refusal: (trial) => declaredText('supplier.deliveryDateNotNow', { trialNumber: String(trial.trialNumber) }),
};

export function supplierDeliveryDate(store: TrialStore): ActionHandler {
  // The submitter's notification goes through the platform's one writer of notifications.
  const todos = new TodoService(store.rows);
  return async (body, ctx, kernel, req) => {
    const identity = req.identity!;
    if (!isSupplierType(identity.user.userType)) throw declaredError('supplier.deliveryDateBySupplier');
    const id = body.id as number;
    const date = body.supplierDeliveryDate as string;
    const model = store.model(SAMPLE);
    const scope = await kernel.auth.guard.rowScope(identity, model, false, ctx);
    return kernel.db.transaction(async (tx) => {
      if (!(await lockOwner(tx, model, id))) throw Errors.recordNotFound();
      const trial = await store.reader.byId(model, id, ctx, scope, tx);
      if (!trial) throw Errors.recordNotFound();
      await store.setFields(tx, SAMPLE, id, { supplierDeliveryDate: date }, { ...ctx, userId: identity.user.userId });
      if (trial.submittedBy !== null && trial.submittedBy !== undefined)
        await todos.notify(
          tx,
          {
            recipientUserId: Number(trial.submittedBy),
            title: declaredText('supplier.deliveryDateTitle', { trialNumber: String(trial.trialNumber), date }),
            content: declaredText('supplier.deliveryDateContent', {
              supplierName: String(identity.user.supplierName ?? '供应商'),
              date,
            }),
            type: 'BUSINESS',
            source: { billType: 'SLC_SAMPLE_TRIAL', entityName: SAMPLE, billId: id },
          },
          ctx.userId,
        );
      return { data: { sampleTrialId: id, supplierDeliveryDate: date } };
    });
  };
}
