import { todoHandledOnOpen, type FilterNode, type TodoKind } from '@meridian/metadata';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ActionRegistry, ActionRequest } from '../platform/actionRegistry';
import type { ResourceContext } from '../resource/context';
import { formatDateTime } from '../util/time';
import { eq, idOf, internalCaller, pagingOf, supplierCaller } from './readerContext';

/** The two to-do tables: internal items belong to a user, supplier items to a supplier. */
const KINDS: Record<TodoKind, { entity: string; resource: string; owner: string }> = {
  internal: { entity: 'baseTodo', resource: 'baseTodoRestful', owner: 'assigneeUserId' },
  supplier: { entity: 'baseSupplierTodo', resource: 'baseSupplierTodoRestful', owner: 'supplierId' },
};

/** The caller's owner value: the user for internal items, the user's supplier for supplier items. */
function ownerOf(kind: TodoKind, req: ActionRequest): number {
  return kind === 'internal' ? internalCaller(req).userId : supplierCaller(req).supplierId;
}

/** findMyTodo {handleFlag: N (default, "my to-do") | Y ("my done"), pageIndex, pageRows ≤ 500}. */
async function findMyTodo(
  kind: TodoKind,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const { entity: name, owner } = KINDS[kind];
  const entity = kernel.registry.entity(name)!;
  const handleFlag =
    body.handleFlag === undefined || body.handleFlag === null || body.handleFlag === '' ? 'N' : body.handleFlag;
  if (handleFlag !== 'N' && handleFlag !== 'Y')
    throw Errors.badRequest('handleFlag 只能是 Y 或 N', 'handleFlag must be Y or N');
  // A row written without the flags (NULL) counts as N: pending and active.
  const flag = (field: string, value: string): FilterNode =>
    value === 'N' ? { or: [eq(field, 'N'), { field, op: 'null' }] } : eq(field, value);
  const filter: FilterNode = {
    and: [eq(owner, ownerOf(kind, req)), flag('handleFlag', handleFlag), flag('cancelFlag', 'N')],
  };
  // Newest first (docs/decisions.md "Issue 33: newest first"): pending by creation, the key breaking
  // ties; done by handling. The home shows them in a 250 px box: the newest must be in sight.
  const orderBy = handleFlag === 'N' ? 'creationDate desc' : 'handleDate desc';
  const { rows, page } = await kernel.resources.reader.list(
    entity,
    { params: {}, filter, orderBy, ...pagingOf(body, 500) },
    ctx,
  );
  return { data: rows, page };
}

/**
 * doHandle {id}: "opening" an item that docs/architecture.md "Spec: states" marks handled when opened. Only the
 * caller's own items (another's answers 404, like a missing one), only the types of the rule
 * (others are closed by their document's action: 409). Already handled answers the row unchanged.
 */
async function doHandle(
  kind: TodoKind,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const { entity: name, owner } = KINDS[kind];
  const entity = kernel.registry.entity(name)!;
  const id = idOf(body);
  const ownerValue = ownerOf(kind, req);
  const { t, c } = kernel.auth.access.sql;
  const pk = c(name, entity.primaryKey);
  await kernel.db.transaction(async (tx) => {
    const rows = await tx.select(
      `SELECT ${c(name, 'billType')} AS billType, ${c(name, 'menuCode')} AS menuCode, ${c(name, 'handleFlag')} AS handleFlag, ${c(name, 'cancelFlag')} AS cancelFlag ` +
        `FROM ${t(name)} WHERE ${pk} = ? AND ${c(name, owner)} = ?${tx.dialect.forUpdate}`,
      [id, ownerValue],
    );
    const row = rows[0];
    if (!row) throw Errors.recordNotFound();
    if (row.handleFlag === 'Y') return;
    if (!todoHandledOnOpen(kind, row)) {
      throw Errors.conflict(
        '该待办需在单据上处理完成',
        "This to-do is completed by its document's own action, not by opening it",
      );
    }
    await tx.execute(
      `UPDATE ${t(name)} SET ${c(name, 'handleFlag')} = 'Y', ${c(name, 'handleUserId')} = ?, ${c(name, 'handleDate')} = ?, ` +
        `${c(name, 'lastUpdatedBy')} = ?, ${c(name, 'lastUpdateDate')} = ?, ${c(name, 'versionNum')} = ${c(name, 'versionNum')} + 1 ` +
        `WHERE ${pk} = ? AND ${c(name, 'handleFlag')} <> 'Y'`,
      [ctx.userId, formatDateTime(), ctx.userId, formatDateTime(), id],
    );
  });
  return { data: await kernel.resources.reader.byId(entity, id, ctx) };
}

/** baseTodoRestful / baseSupplierTodoRestful: findMyTodo and doHandle, session level, scoped to the caller. */
export function registerTodoActions(actions: ActionRegistry): void {
  for (const kind of ['internal', 'supplier'] as const) {
    const { resource } = KINDS[kind];
    actions.register({
      area: 'baseServer',
      resource,
      action: 'findMyTodo',
      access: 'session',
      handler: (body, ctx, kernel, req) => findMyTodo(kind, body, ctx, kernel, req),
    });
    actions.register({
      area: 'baseServer',
      resource,
      action: 'doHandle',
      access: 'session',
      handler: (body, ctx, kernel, req) => doHandle(kind, body, ctx, kernel, req),
    });
  }
}
