import type { EntityModel, Language } from '@meridian/metadata';
import type { Row, SqlParam } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { PageInfo } from '../http/envelope';
import type { Kernel } from '../kernel';
import type { ActionRegistry, ActionRequest } from '../platform/actionRegistry';
import type { ResourceContext } from '../resource/context';
import { parseListRequest } from '../resource/listRequest';
import { isSupplierType } from '../access/accessService';
import { personNameSql } from '../access/personName';
import { HISTORY } from './history';
import { fillPattern } from './platformRows';

const RESOURCE = 'baseApprovalRestful';
const TODO = 'baseTodo';

/** The record whose history is asked for, addressed like the API does: {resource | entityName, id}. */
function targetEntity(kernel: Kernel, body: Record<string, unknown>): EntityModel {
  const name = typeof body.resource === 'string' ? body.resource.replace(/Restful$/, '') : body.entityName;
  const entity = typeof name === 'string' ? kernel.registry.entity(name) : undefined;
  if (!entity || entity.def.exposed === false || !entity.def.lifecycle)
    throw Errors.notFound('单据类型不存在', `No document type "${String(name ?? '')}"`);
  return entity;
}

/**
 * A record's history, only for a caller who may read the record: the same authorization as its
 * findById from the calling screen (menu, responsibility, row scope), so a supplier or a user
 * without the menu learns nothing, not even that the record exists (404).
 */
async function findHistory(body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const entity = targetEntity(kernel, body);
  const id = Number(body.id);
  if (!Number.isSafeInteger(id) || id < 1) throw Errors.badRequest('id 无效', 'id must be a positive integer');
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, 'findById', ctx);
  if (!(await kernel.resources.reader.byId(entity, id, ctx, scope))) throw Errors.recordNotFound();
  const { c } = kernel.lifecycles.rows.sql;
  const rows = await kernel.db.select(
    `${historySelect(kernel, ctx.language)} WHERE ${c(HISTORY, 'entityName')} = ? AND ${c(HISTORY, 'recordId')} = ? ORDER BY ${c(HISTORY, 'historyId')}`,
    [entity.name, id],
  );
  const hidden = isSupplierType(req.identity!.user.userType)
    ? await internalApprovalComments(kernel, entity, rows)
    : new Set<unknown>();
  return { data: rows.map((r) => localized(hidden.has(r.historyId) ? { ...r, comment: null } : r, ctx)) };
}

/**
 * The history rows (their ids) whose comment a supplier's user does not see: the comments written
 * on approval transitions (declared `"approval": true`, the submit among them) by anyone who is not
 * a supplier's user — the approvers' and submitters' words to each other. The entry itself stays
 * (who, when, from which state to which); comments suppliers wrote, and comments on the other
 * transitions, are shown. Where a supplier's user took part in the approval (it submitted the
 * record: an info change), the decisions are addressed to it — its notification carries them —
 * and every comment is shown.
 */
async function internalApprovalComments(kernel: Kernel, entity: EntityModel, rows: Row[]): Promise<Set<unknown>> {
  const onApproval = rows.filter((r) => r.comment !== null && onApprovalTransition(kernel, entity, r));
  if (!onApproval.length) return new Set();
  const authors = await kernel.lifecycles.rows.select(kernel.db, 'baseUsers', ['userId', 'userType'], {
    userId: [...new Set(onApproval.map((r) => Number(r.userId)))],
  });
  const suppliers = new Set(authors.filter((u) => isSupplierType(String(u.userType))).map((u) => Number(u.userId)));
  if (onApproval.some((r) => suppliers.has(Number(r.userId)))) return new Set();
  return new Set(onApproval.filter((r) => !suppliers.has(Number(r.userId))).map((r) => r.historyId));
}

/**
 * Whether a history row names an approval transition: of the record's lifecycle, or — in a
 * lifecycle whose rows name the document that moved the record (`historyNamesCause`), with its
 * comment — of that document's lifecycle, known by the bill type the row keeps.
 */
function onApprovalTransition(kernel: Kernel, entity: EntityModel, row: Row): boolean {
  const own = kernel.lifecycles.lifecycleOf(entity)!;
  const causes = own.historyNamesCause
    ? kernel.registry.lifecycles().filter((lc) => row.billType && lc.approvalRule?.billType === row.billType)
    : [];
  const named = causes.length ? causes : [own];
  return named.some((lc) => lc.transitions.some((t) => t.action === row.action && t.approval));
}

function historySelect(kernel: Kernel, language: Language): string {
  const { t, c } = kernel.lifecycles.rows.sql;
  const fields = [
    'historyId',
    'entityName',
    'recordId',
    'billNumber',
    'billType',
    'action',
    'actionLabel',
    'actionLabelEn',
    'fromState',
    'toState',
    'approval',
    'approvalStep',
    'comment',
    'userId',
    'userName',
    'actionDate',
  ];
  const columns = fields.map((f) => `${c(HISTORY, f)} AS ${kernel.db.dialect.quote(f)}`);
  return `SELECT ${columns.join(', ')}, ${actorName(kernel, language)} FROM ${t(HISTORY)}`;
}

/**
 * Who acted, as a person field names a user: the
 * person's name in the request's language, the Chinese one when there is no English one, else the
 * login (the one kept in the history when the user is gone).
 */
function actorName(kernel: Kernel, language: Language): string {
  const sql = kernel.lifecycles.rows.sql;
  const { t, c } = sql;
  const ofUser = `SELECT ${personNameSql(sql, 'u', language)} FROM ${t('baseUsers')} u WHERE ${c('baseUsers', 'userId', 'u')} = ${t(HISTORY)}.${c(HISTORY, 'userId')}`;
  return `COALESCE((${ofUser}), ${t(HISTORY)}.${c(HISTORY, 'userName')}) AS ${kernel.db.dialect.quote('actorName')}`;
}

/** actionLabel in the request's language (the English one is kept beside it). */
function localized(row: Row, ctx: ResourceContext): Row {
  return { ...row, actionLabel: ctx.language === 'EN' && row.actionLabelEn ? row.actionLabelEn : row.actionLabel };
}

async function paged(
  kernel: Kernel,
  body: Record<string, unknown>,
  select: string,
  where: string,
  params: SqlParam[],
  orderBy: string,
): Promise<{ rows: Row[]; page: PageInfo }> {
  const { pageIndex, pageRows } = parseListRequest({ pageIndex: body.pageIndex, pageRows: body.pageRows });
  const from = select.slice(select.lastIndexOf(' FROM '));
  const [{ n }] = await kernel.db.select(`SELECT COUNT(*) AS n${from} WHERE ${where}`, params);
  const rows = await kernel.db.select(`${select} WHERE ${where} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [
    ...params,
    pageRows,
    (pageIndex - 1) * pageRows,
  ]);
  return { rows, page: { count: Number(n), pageIndex, pageRows } };
}

/** The route that opens a document: its lifecycle's billLink with the record's key ({id}). */
function documentLink(kernel: Kernel, entityName: string, id: number): string | null {
  const entity = kernel.registry.entity(entityName);
  const rule = entity && kernel.lifecycles.lifecycleOf(entity)?.approvalRule;
  return rule ? fillPattern(rule.billLink, {}, { id }) : null;
}

/** myApproval: the documents I approved or rejected (my decisions in the history), newest decision first. */
async function findMyApproval(body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel) {
  const { c } = kernel.lifecycles.rows.sql;
  const { rows, page } = await paged(
    kernel,
    body,
    historySelect(kernel, ctx.language),
    `${c(HISTORY, 'userId')} = ? AND ${c(HISTORY, 'approval')} = 'Y'`,
    [ctx.userId],
    `${c(HISTORY, 'actionDate')} DESC, ${c(HISTORY, 'historyId')} DESC`,
  );
  return {
    data: rows.map((r) => ({
      ...localized(r, ctx),
      billLink: documentLink(kernel, String(r.entityName), Number(r.recordId)),
    })),
    page,
  };
}

/** myUpcoming: my open approval to-dos (neither handled nor cancelled), the longest waiting first (a work queue). */
async function findMyUpcoming(body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel) {
  const { t, c } = kernel.lifecycles.rows.sql;
  const fields = [
    'todoId',
    'pendingTitle',
    'pendingTitleEn',
    'billType',
    'entityName',
    'billId',
    'billNumber',
    'menuCode',
    'menuName',
    'billLink',
    'creationDate',
  ];
  const select = `SELECT ${fields.map((f) => `${c(TODO, f)} AS ${kernel.db.dialect.quote(f)}`).join(', ')} FROM ${t(TODO)}`;
  // Approval to-dos only: the types that some lifecycle's approval rule creates (other to-do types are the home's).
  const types = [
    ...new Set(kernel.registry.lifecycles().flatMap((lc) => (lc.approvalRule ? [lc.approvalRule.billType] : []))),
  ];
  if (!types.length) return { data: [], page: { count: 0, pageIndex: 1, pageRows: 20 } };
  const where = `${c(TODO, 'assigneeUserId')} = ? AND ${c(TODO, 'handleFlag')} = 'N' AND ${c(TODO, 'cancelFlag')} = 'N' AND ${c(TODO, 'billType')} IN (${types.map(() => '?').join(', ')})`;
  const { rows, page } = await paged(
    kernel,
    body,
    select,
    where,
    [ctx.userId, ...types],
    `${c(TODO, 'creationDate')} ASC, ${c(TODO, 'todoId')} ASC`,
  );
  const data = rows.map((r) => ({
    ...r,
    pendingTitle: ctx.language === 'EN' && r.pendingTitleEn ? r.pendingTitleEn : r.pendingTitle,
  }));
  return { data, page };
}

/** Session-level reads of the approval engine: a record's history, my decisions, my pending approvals. */
export function registerApprovalActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: RESOURCE,
    action: 'findHistory',
    access: 'session',
    handler: findHistory,
  });
  actions.register({
    area: 'baseServer',
    resource: RESOURCE,
    action: 'findMyApproval',
    access: { pages: ['myApproval'] },
    handler: findMyApproval,
  });
  actions.register({
    area: 'baseServer',
    resource: RESOURCE,
    action: 'findMyUpcoming',
    access: { pages: ['myUpcoming'] },
    handler: findMyUpcoming,
  });
}
