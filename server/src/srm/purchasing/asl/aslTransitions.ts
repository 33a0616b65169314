/**
 * purAsl's save rule and handlers: the document type is fixed once created and lines are checked
 * and completed by their type on save; submit checks an application's lines again (the supplier
 * may have changed since the save); approval writes the approved supplier list — an application
 * upserts the entry of each line's key, an alteration changes the entry it read — in the
 * approval's transaction.
 */
import type { Row } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import type { DomainRegistries } from '../../../platform/domainModules';
import { formatDateTime } from '../../../util/time';
import { dateText } from '../partContext';
import { ASL, AslStore, HEADER, keyOf } from './aslStore';

/**
 * An application's lines pass the supplier trade gate again. At least one line, and an
 * alteration's entries still in the status it read (read under lock), are declared checks of both
 * transitions (purAsl.json).
 */
async function checkLines(store: AslStore, run: TransitionRun): Promise<Row[]> {
  const lines = await store.lines(run.tx, run.id);
  if (run.record.aslDocType !== 'ALTERATION')
    for (const [i, line] of lines.entries()) await store.checkApplyLine(run.tx, { ...line }, i);
  return lines;
}

/** The entry's values from a line: status after, business type, quota, review date, and where it came from. */
function entryValues(line: Row, run: TransitionRun, effectiveDate: string) {
  return {
    aslStatus: String(line.aslStatusAfter),
    vendorBusinessType: (line.vendorBusinessType as string | null) ?? null,
    quotaPercent: (line.quotaPercent as string | number | null) ?? null,
    reviewByDate: dateText(line.reviewByDate),
    effectiveDate,
    sourceAslHeaderId: run.id,
  };
}

async function approve(store: AslStore, run: TransitionRun): Promise<void> {
  const lines = await checkLines(store, run);
  const userId = run.actor.userId;
  const effectiveDate = dateText(run.record.effectiveDate) ?? formatDateTime().slice(0, 10);
  if (run.record.aslDocType === 'ALTERATION') {
    for (const line of lines)
      await store.rows.update(
        run.tx,
        ASL,
        entryValues(line, run, effectiveDate),
        { aslId: Number(line.aslId) },
        userId,
      );
    return;
  }
  // Two approvals naming the same key wait for each other here, so the second updates the first's entry.
  await store.lockEntries(run.tx, lines.map(keyOf));
  for (const line of lines) {
    const key = keyOf(line);
    const values = entryValues(line, run, effectiveDate);
    const existing = await store.entryByKey(run.tx, key);
    if (existing) await store.rows.update(run.tx, ASL, values, { aslId: Number(existing.aslId) }, userId);
    else
      await store.rows.insert(
        run.tx,
        ASL,
        { ...key, supplierSiteId: Number(line.supplierSiteId), primaryFlag: 'N', ...values },
        userId,
      );
  }
}

export function registerAsl({ hooks, handlers, registry, db, services }: DomainRegistries): void {
  const store = new AslStore(registry, db.dialect, services);
  hooks.registerBeforeSave(HEADER, async (draft) => {
    let docType = String(draft.values.aslDocType ?? 'APPLY');
    if (!draft.creating) {
      const stored = String(
        (await store.rows.one(draft.tx, HEADER, ['aslDocType'], { aslHeaderId: draft.id! }))?.aslDocType,
      );
      if (draft.values.aslDocType !== undefined && draft.values.aslDocType !== stored)
        throw declaredError('purchasingOrders.aslDocTypeFixed');
      docType = stored;
    }
    for (const [i, line] of (draft.children.lines ?? []).entries()) {
      if (docType === 'ALTERATION') await store.fillAlterationLine(draft.tx, line, i);
      else await store.checkApplyLine(draft.tx, line, i);
    }
  });
  handlers.register('checkAslSubmit', async (run) => {
    await checkLines(store, run);
  });
  handlers.register('applyAslRequest', (run) => approve(store, run));
}
