/**
 * The sample trial and the batch tryout (DOMAIN 1.7): what an approval does. What a submit
 * requires is declared (the doSubmit checks of slcSampleTrial.json and slcBatchTryout.json: the
 * record, its test lines, the linked qualification and its node). Approving settles the
 * qualification's node (SAMPLE, BATCH_TRYOUT) through the node contract settleQualifyNode, in the
 * approval's own transaction: PASSED, or FAILED when the trial result is FAIL; the last required
 * node passed completes the qualification.
 */
import type { SaveDraft } from '../../../hooks/recordHooks';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { settleQualifyNode, type QualifyNodeDeps } from '../qualify/qualifyNodes';
import { SAMPLE, TRYOUT, type TrialStore } from './trialStore';

/** One of the two trial documents: its entity and the node it decides. */
export interface TrialKind {
  entity: string;
  nodeCode: 'SAMPLE' | 'BATCH_TRYOUT';
}
export const SAMPLE_TRIAL: TrialKind = { entity: SAMPLE, nodeCode: 'SAMPLE' };
export const BATCH_TRYOUT: TrialKind = { entity: TRYOUT, nodeCode: 'BATCH_TRYOUT' };

export class TrialRules {
  constructor(private readonly store: TrialStore) {}

  /** Before a save: item code, category and (when not chosen) the unit come from the item master. */
  async fillFromItem(draft: SaveDraft): Promise<void> {
    const itemId = Number(draft.values.itemId ?? 0);
    if (!itemId) return;
    const fields = ['itemCode', 'categoryId', 'primaryUomCode'];
    const item = await this.store.rows.one(draft.tx, 'srmBaseMaterialItem', fields, { itemId });
    if (!item) return; // the reference check answers for an unknown item
    draft.values.itemCode = item.itemCode;
    draft.values.categoryId = item.categoryId === null ? null : Number(item.categoryId);
    if (!draft.values.uomCode) draft.values.uomCode = item.primaryUomCode;
  }

  /** doApprove: the linked qualification's node is settled by the result (CONDITIONAL passes). */
  async settleNode(run: TransitionRun, deps: QualifyNodeDeps, kind: TrialKind): Promise<void> {
    const qualifyHeaderId = Number(run.record.qualifyHeaderId ?? 0);
    if (!qualifyHeaderId) return;
    await settleQualifyNode(run.tx, deps, {
      qualifyHeaderId,
      nodeCode: kind.nodeCode,
      passed: run.record.trialResult !== 'FAIL',
      sourceDocType: kind.entity,
      sourceDocId: run.id,
      userId: run.actor.userId,
    });
  }
}
