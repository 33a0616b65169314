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
 * The dates, the answering user, the promotion's to-do and the to-dos closed are declared effects
 * (purEq.json, purEqPromotion.json); what stays here are the save rules (values taken from the
 * EQ) and the research engineer's check.
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { SqlReads } from '../../../lifecycle/platformRows';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { EQ, EQ_USERS, PROMOTION, RESEARCH_ENGINEER, type Collab } from './collabContext';

const OPEN = ['SUBMITTED', 'ANSWERED'];

/** The enabled research engineers (srmPurEqUsers, role RESEARCH_ENGINEER, enabled internal users), or only `userId` when it is one. */
export async function researchEngineers(k: Collab, tx: SqlReads, userId?: number): Promise<Row[]> {
  const { t, c } = k.sql;
  const U = 'baseUsers';
  const one = userId === undefined ? '' : ` AND e.${c(EQ_USERS, 'userId')} = ?`;
  return tx.select(
    `SELECT u.${c(U, 'userId')} AS userId, u.${c(U, 'userName')} AS userName, u.${c(U, 'personName')} AS personName, u.${c(U, 'email')} AS email, ` +
      `e.${c(EQ_USERS, 'orgId')} AS orgId FROM ${t(EQ_USERS)} e JOIN ${t(U)} u ON u.${c(U, 'userId')} = e.${c(EQ_USERS, 'userId')} ` +
      `WHERE e.${c(EQ_USERS, 'roleType')} = ? AND e.${c(EQ_USERS, 'enabledFlag')} = 'Y' AND u.${c(U, 'enabledFlag')} = 'Y' ` +
      `AND u.${c(U, 'userType')} IN ('INSIDE', 'INSIDE_ADMIN')${one} ORDER BY u.${c(U, 'userName')}`,
    userId === undefined ? [RESEARCH_ENGINEER] : [RESEARCH_ENGINEER, userId],
  );
}

export const isResearchEngineer = async (k: Collab, tx: SqlExecutor, userId: number): Promise<boolean> =>
  (await researchEngineers(k, tx, userId)).length > 0;

const eqRow = (k: Collab, tx: SqlExecutor, id: number) =>
  k.rows.one(tx, EQ, ['status', 'supplierId', 'orgId', 'title'], { eqHeaderId: id });

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
    const item = await k.rows.one(draft.tx, 'srmBaseMaterialItem', ['itemCode'], {
      itemId: Number(draft.values.itemId),
    });
    if (!item) throw Errors.validation([{ field: 'itemId', message: 'unknown item / 物料不存在' }]);
    draft.values.itemCode = item.itemCode;
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
