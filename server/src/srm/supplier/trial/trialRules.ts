/**
 * The sample trial and the batch tryout (DOMAIN 1.7): what a submit requires and what an approval
 * does. Approving settles the qualification's node (SAMPLE, BATCH_TRYOUT) through the node
 * contract settleQualifyNode, in the approval's own transaction: PASSED, or FAILED when the
 * trial result is FAIL; the last required node passed completes the qualification.
 */
import type { SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { settleQualifyNode, type QualifyNodeDeps } from '../qualify/qualifyNodes';
import { SAMPLE, TRYOUT, type TrialStore } from './trialStore';

/** One of the two trial documents: its entity, the node it decides and its name in messages. */
export interface TrialKind {
  entity: string;
  nodeCode: 'SAMPLE' | 'BATCH_TRYOUT';
  cn: string;
  en: string;
}
export const SAMPLE_TRIAL: TrialKind = { entity: SAMPLE, nodeCode: 'SAMPLE', cn: '样品试制', en: 'sample trial' };
export const BATCH_TRYOUT: TrialKind = {
  entity: TRYOUT,
  nodeCode: 'BATCH_TRYOUT',
  cn: '小批量试用',
  en: 'batch tryout',
};

const bad = (cn: string, en: string, field: string) => Errors.badRequest(cn, en, [{ field, message: en }]);

export class TrialRules {
  constructor(private readonly store: TrialStore) {}

  /** Before a save: item code, category and (when not chosen) the unit come from the item master. */
  async fillFromItem(draft: SaveDraft): Promise<void> {
    const itemId = Number(draft.values.itemId ?? 0);
    if (!itemId) return;
    const item = await this.store.item(draft.tx, itemId);
    if (!item) return; // the reference check answers for an unknown item
    draft.values.itemCode = item.itemCode;
    draft.values.categoryId = item.categoryId === null ? null : Number(item.categoryId);
    if (!draft.values.uomCode) draft.values.uomCode = item.primaryUomCode;
  }

  /** doSubmit of a sample trial: a result, judged test lines that agree with it, an open node. */
  async checkSampleSubmit(run: TransitionRun): Promise<void> {
    this.requireResult(run);
    const lines = await this.store.testLines(run.tx, run.id);
    if (!lines.length) throw bad('请至少添加一个检测项目', 'Add at least one test line before submitting', 'testInfos');
    const unjudged = lines.findIndex((l) => !l.judgeResult);
    if (unjudged >= 0)
      throw bad(
        `第 ${unjudged + 1} 个检测项目「${String(lines[unjudged].testItem)}」没有判定结果`,
        `Test line ${unjudged + 1} (${String(lines[unjudged].testItem)}) has no judgement`,
        `testInfos[${unjudged}].judgeResult`,
      );
    const failed = lines.findIndex((l) => l.judgeResult === 'FAIL');
    if (failed >= 0 && run.record.trialResult === 'PASS')
      throw bad(
        `检测项目「${String(lines[failed].testItem)}」判定不通过，试用结论不能为「通过」（可选有条件通过或不通过）`,
        `Test line ${String(lines[failed].testItem)} failed: the result cannot be Pass (choose Conditional or Fail)`,
        'trialResult',
      );
    await this.requireOpenNode(run, SAMPLE_TRIAL);
  }

  /** doSubmit of a batch tryout: a result, consistent quantities and dates, an open node. */
  async checkTryoutSubmit(run: TransitionRun): Promise<void> {
    this.requireResult(run);
    const { tryoutQty, defectQty, tryoutStartDate, tryoutEndDate } = run.record;
    if (defectQty !== null && defectQty !== undefined && Number(defectQty) > Number(tryoutQty))
      throw bad('不良数量不能大于试用数量', 'The defect quantity cannot exceed the tryout quantity', 'defectQty');
    const from = String(tryoutStartDate ?? '').slice(0, 10);
    const to = String(tryoutEndDate ?? '').slice(0, 10);
    if (from && to && to < from)
      throw bad('试用结束日期不能早于开始日期', 'The tryout cannot end before it starts', 'tryoutEndDate');
    await this.requireOpenNode(run, BATCH_TRYOUT);
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

  private requireResult(run: TransitionRun): void {
    if (!run.record.trialResult)
      throw bad('提交前请填写试用结论', 'Enter the trial result before submitting', 'trialResult');
  }

  /** The linked qualification must be introducing, of the same supplier, with the node still to decide (409). */
  private async requireOpenNode(run: TransitionRun, kind: TrialKind): Promise<void> {
    const qualifyHeaderId = Number(run.record.qualifyHeaderId ?? 0);
    if (!qualifyHeaderId) return;
    const q = await this.store.qualifyNode(run.tx, qualifyHeaderId, kind.nodeCode);
    if (!q) throw Errors.recordNotFound();
    if (q.supplierId !== Number(run.record.supplierId))
      throw bad('资质审查单不属于该供应商', 'The qualification belongs to another supplier', 'qualifyHeaderId');
    if (q.status !== 'APPROVED')
      throw Errors.conflict(
        `资质审查 ${q.qualifyNumber} 不在引入中，不能提交${kind.cn}`,
        `Qualification ${q.qualifyNumber} is not being introduced: the ${kind.en} cannot be submitted`,
      );
    if (q.nodeStatus === undefined)
      throw Errors.conflict(
        `资质审查 ${q.qualifyNumber} 没有${kind.cn}节点`,
        `Qualification ${q.qualifyNumber} has no ${kind.nodeCode} node`,
      );
    if (q.nodeStatus === 'PASSED' || q.nodeStatus === 'FAILED' || q.nodeStatus === 'SKIPPED')
      throw Errors.conflict(
        `资质审查 ${q.qualifyNumber} 的${kind.cn}节点已有结论`,
        `The ${kind.nodeCode} node of qualification ${q.qualifyNumber} is already decided`,
      );
  }
}
