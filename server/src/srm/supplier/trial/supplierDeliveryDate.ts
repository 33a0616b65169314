/**
 * The supplier's one entry on a sample trial (DOMAIN 1.7, decision): while the trial is SUBMITTED
 * the supplier's users enter `supplierDeliveryDate`, through this narrow action and nothing else —
 * the supplier menus grant no save, so the generic endpoints refuse every other field (403), and
 * this action refuses any other body field (400). The trial is read through the caller's row
 * scope (another supplier's trial is not found) under its lock, and the submitter is told.
 */
import { isSupplierType } from '../../../access/accessService';
import { Errors } from '../../../http/apiError';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { ActionHandler } from '../../../platform/actionRegistry';
import { lockOwner } from '../../../resource/invariantLocks';
import { TodoService } from '../../../todos/todoService';
import { formatDateTime } from '../../../util/time';
import { SAMPLE, setDeliveryDate, type TrialStore } from './trialStore';

const FIELDS = new Set(['id', 'supplierDeliveryDate']);

/** yyyy-MM-dd of a real calendar day, else 400. */
function deliveryDateOf(value: unknown): string {
  const text = String(value ?? '').trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    throw Errors.badRequest('交样日期格式应为 yyyy-MM-dd', 'The delivery date must be a date as yyyy-MM-dd', [
      { field: 'supplierDeliveryDate', message: 'yyyy-MM-dd' },
    ]);
  return text;
}

function checkBody(body: Record<string, unknown>): number {
  const other = Object.keys(body).filter((k) => !FIELDS.has(k));
  if (other.length)
    throw Errors.badRequest(
      `供应商只能填写交样日期，不能修改：${other.join(', ')}`,
      `A supplier may only enter the delivery date, not: ${other.join(', ')}`,
      other.map((field) => ({ field, message: 'not writable by the supplier' })),
    );
  const id = Number(body.id);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw Errors.badRequest('id 无效', 'id must be a record id', [{ field: 'id', message: 'a record id' }]);
  return id;
}

export function supplierDeliveryDate(store: TrialStore): ActionHandler {
  // The submitter's notification goes through the platform's one writer of notifications.
  const todos = new TodoService(new PlatformRows(store.registry, store.db.dialect));
  return async (body, ctx, kernel, req) => {
    const identity = req.identity!;
    if (!isSupplierType(identity.user.userType))
      throw Errors.forbidden('交样日期由供应商填写', 'Only the supplier enters its delivery date');
    const id = checkBody(body);
    const date = deliveryDateOf(body.supplierDeliveryDate);
    const model = store.model(SAMPLE);
    const scope = await kernel.auth.guard.rowScope(identity, model, false, ctx);
    return kernel.db.transaction(async (tx) => {
      if (!(await lockOwner(tx, model, id))) throw Errors.recordNotFound();
      const trial = await store.reader.byId(model, id, ctx, scope, tx);
      if (!trial) throw Errors.recordNotFound();
      if (trial.status !== 'SUBMITTED')
        throw Errors.conflict(
          `样品试制 ${String(trial.trialNumber)} 不在审批中，不能填写交样日期`,
          `Sample trial ${String(trial.trialNumber)} is not submitted: the delivery date cannot be entered now`,
        );
      await setDeliveryDate(store, tx, id, date, identity.user.userId, formatDateTime());
      if (trial.submittedBy !== null && trial.submittedBy !== undefined)
        await todos.notify(
          tx,
          {
            recipientUserId: Number(trial.submittedBy),
            title: {
              cn: `样品试制 ${String(trial.trialNumber)} 供应商交样日期 ${date}`,
              en: `Sample trial ${String(trial.trialNumber)}: the supplier delivers on ${date}`,
            },
            content: {
              cn: `${String(identity.user.supplierName ?? '供应商')} 已填写交样日期 ${date}。`,
              en: `The supplier entered its sample delivery date: ${date}.`,
            },
            type: 'BUSINESS',
            source: { billType: 'SLC_SAMPLE_TRIAL', entityName: SAMPLE, billId: id },
          },
          ctx.userId,
        );
      return { data: { sampleTrialId: id, supplierDeliveryDate: date } };
    });
  };
}
