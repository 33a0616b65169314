/**
 * Engineering queries (EQ, 工程问询, DOMAIN.md §5.8) and their promotions (EQ推进): save rules and
 * transition handlers.
 *
 * EQ: DRAFT → SUBMITTED (doSubmit, internal: the research engineer must be an enabled EQ user with
 * the RESEARCH_ENGINEER role) → ANSWERED (system, when the supplier answers a promotion) → CLOSED
 * (doClose, internal, from SUBMITTED or ANSWERED). After DRAFT a save may change only "transfer to"
 * (the target of `transfer`); the other values stay as submitted.
 * Promotion: DRAFT → PROMOTED (doPromote, internal, the EQ SUBMITTED or ANSWERED; a supplier to-do
 * SRM_EQ_PROMOTION) → ANSWERED (doAnswer, the EQ's supplier only, its answer is the required comment;
 * the to-do is handled and the EQ takes the answer, SUBMITTED → ANSWERED). The promotion's supplier,
 * company and subject are the EQ's, set on save.
 *
 * The dates, the answering user and the record's own to-dos closed are declared effects
 * (purEq.json, purEqPromotion.json); what stays here are the save rules (values taken from the
 * EQ), the research engineer's check and the promotion's to-do, titled with the EQ's number.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { EQ, EQ_USERS, PROMOTION, RESEARCH_ENGINEER, type Collab } from './collabContext';

const OPEN = ['SUBMITTED', 'ANSWERED'];

/** Whether the user is an enabled research engineer (srmPurEqUsers, role RESEARCH_ENGINEER, an enabled internal user). */
export async function isResearchEngineer(k: Collab, tx: SqlExecutor, userId: number): Promise<boolean> {
  const { t, c } = k.sql;
  const rows = await tx.select(
    `SELECT 1 AS ok FROM ${t(EQ_USERS)} e JOIN ${t('baseUsers')} u ON u.${c('baseUsers', 'userId')} = e.${c(EQ_USERS, 'userId')} ` +
      `WHERE e.${c(EQ_USERS, 'userId')} = ? AND e.${c(EQ_USERS, 'roleType')} = ? AND e.${c(EQ_USERS, 'enabledFlag')} = 'Y' ` +
      `AND u.${c('baseUsers', 'enabledFlag')} = 'Y' AND u.${c('baseUsers', 'userType')} IN ('INSIDE', 'INSIDE_ADMIN')`,
    [userId, RESEARCH_ENGINEER],
  );
  return rows.length > 0;
}

export async function eqRow(k: Collab, tx: SqlExecutor, id: number) {
  const { t, c } = k.sql;
  const names = [
    'eqHeaderId',
    'eqNumber',
    'title',
    'supplierId',
    'orgId',
    'status',
    'researchEngineerId',
    'transferToId',
  ];
  const [row] = await tx.select(
    `SELECT ${names.map((n) => `${c(EQ, n)} AS ${n}`).join(', ')} FROM ${t(EQ)} WHERE ${c(EQ, 'eqHeaderId')} = ?`,
    [id],
  );
  return row;
}

async function beforeSaveEq(k: Collab, draft: SaveDraft): Promise<void> {
  const stored = draft.id ? await eqRow(k, draft.tx, draft.id) : undefined;
  if (stored && stored.status !== 'DRAFT') {
    for (const name of Object.keys(draft.values)) if (name !== 'transferToId') delete draft.values[name];
    return;
  }
  const engineer = draft.values.researchEngineerId;
  if (engineer !== undefined && engineer !== null && !(await isResearchEngineer(k, draft.tx, Number(engineer))))
    throw Errors.validation([
      { field: 'researchEngineerId', message: 'not an enabled research engineer (EQ users) / 不是已启用的研发工程师' },
    ]);
  if (draft.values.itemId !== undefined) {
    const { t, c } = k.sql;
    const [item] = await draft.tx.select(
      `SELECT ${c('srmBaseMaterialItem', 'itemCode')} AS code FROM ${t('srmBaseMaterialItem')} WHERE ${c('srmBaseMaterialItem', 'itemId')} = ?`,
      [Number(draft.values.itemId)],
    );
    if (!item) throw Errors.validation([{ field: 'itemId', message: 'unknown item / 物料不存在' }]);
    draft.values.itemCode = item.code;
  }
}

async function beforeSavePromotion(k: Collab, draft: SaveDraft): Promise<void> {
  const eqId = draft.values.eqHeaderId;
  if (eqId === undefined || eqId === null) return;
  const eq = await eqRow(k, draft.tx, Number(eqId));
  if (!eq) throw Errors.validation([{ field: 'eqHeaderId', message: 'unknown EQ / EQ不存在' }]);
  if (!OPEN.includes(String(eq.status)))
    throw Errors.validation([
      { field: 'eqHeaderId', message: 'the EQ must be submitted or answered / EQ须为已提交或已回复' },
    ]);
  draft.values.supplierId = eq.supplierId;
  draft.values.orgId = eq.orgId;
  draft.values.title = eq.title;
}

/** doSubmit (internal users: declared in purEq.json): the engineer is still an enabled research engineer. */
async function submitEq(k: Collab, run: TransitionRun): Promise<void> {
  if (!(await isResearchEngineer(k, run.tx, Number(run.record.researchEngineerId))))
    throw declaredError('purchasingOrders.eqEngineerDisabled');
}

export function registerEqRules(k: Collab, hooks: RecordHookRegistry, handlers: TransitionHandlerRegistry): void {
  hooks.registerBeforeSave(EQ, (draft) => beforeSaveEq(k, draft));
  hooks.registerBeforeSave(PROMOTION, (draft) => beforeSavePromotion(k, draft));
  handlers.registerOwner(PROMOTION, 'eqHeaderId');
  handlers.register('submitEq', (run) => submitEq(k, run));
}
