import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import type { AslRules } from './aslRules';
import { HEADER, type AslStore } from './aslStore';

async function storedDocType(store: AslStore, tx: SqlExecutor, id: number): Promise<string> {
  const { t, c } = store.rows.sql;
  const [row] = await tx.select(
    `SELECT ${c(HEADER, 'aslDocType')} AS d FROM ${t(HEADER)} WHERE ${c(HEADER, 'aslHeaderId')} = ?`,
    [id],
  );
  return String(row?.d);
}

/** Save: the document type is fixed once created; lines are checked and completed by their type. */
export function registerAslHooks(store: AslStore, rules: AslRules, hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave(HEADER, async (draft: SaveDraft) => {
    let docType = String(draft.values.aslDocType ?? 'APPLY');
    if (!draft.creating) {
      const stored = await storedDocType(store, draft.tx, draft.id!);
      if (draft.values.aslDocType !== undefined && draft.values.aslDocType !== stored)
        throw declaredError('purchasingOrders.aslDocTypeFixed');
      docType = stored;
    }
    const lines = draft.children.lines ?? [];
    for (const [i, line] of lines.entries()) {
      if (docType === 'ALTERATION') await rules.fillAlterationLine(draft.tx, line, i);
      else await rules.checkApplyLine(draft.tx, line, i);
    }
  });
}
