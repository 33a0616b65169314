import type { MetadataRegistry } from '@meridian/metadata/node';
import { HISTORY } from '../../../lifecycle/history';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { formatDateTime } from '../../../util/time';

export interface StatusChange {
  /** srmSlcSupplierInfo or srmSlcSupplierSite. */
  entity: string;
  recordId: number;
  from: string;
  to: string;
  /** What moved it, e.g. 冻结 / Freeze; the acting document and its number are added. */
  label: { cn: string; en: string };
}

/**
 * Writes one move of a supplier's or site's status to its lifecycle history, naming the acting
 * transition's document (DOMAIN 1.11: every move is in the history). For moves §1.11 assigns to
 * other documents too — a qualification's approval (→ POTENTIAL) and completion (→ QUALIFIED).
 */
export async function recordStatusChange(registry: MetadataRegistry, run: TransitionRun, change: StatusChange) {
  const numberField = run.lifecycle.approvalRule?.billNumberField;
  const billNumber = numberField ? String(run.record[numberField] ?? '') : '';
  const doc = { cn: run.entity.def.label?.cn ?? run.entity.name, en: run.entity.def.label?.en ?? run.entity.name };
  await new PlatformRows(registry, run.tx.dialect).insert(
    run.tx,
    HISTORY,
    {
      entityName: change.entity,
      recordId: change.recordId,
      billNumber,
      billType: run.lifecycle.approvalRule?.billType ?? null,
      action: run.transition.action,
      actionLabel: `${change.label.cn}（${doc.cn} ${billNumber}）`,
      actionLabelEn: `${change.label.en} (${doc.en} ${billNumber})`,
      fromState: change.from,
      toState: change.to,
      approval: 'N',
      approvalStep: null,
      comment: run.comment,
      userId: run.actor.userId,
      userName: run.actor.userName,
      actionDate: formatDateTime(),
    },
    run.actor.userId,
  );
}
