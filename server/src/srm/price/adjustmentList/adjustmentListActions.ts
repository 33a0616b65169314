/**
 * The adjustment list `srmSmlAdjustmentList` (DOMAIN.md §3): a read model of confirmed price
 * changes — item, supplier, company, old and new price, effective date — written by the
 * supplier's confirmation only. Its actions read through the caller's row scope: internal users
 * within their organisation permits, a supplier its own rows.
 *
 * - queryListByPage: the listByPage body ({params, filter, pageIndex, pageRows, orderBy}).
 * - queryListByItemCode {itemCode, supplierId?, orgId?}: an item's price changes, newest first.
 * - findAdjustmentList {adjustmentHeadId}: the rows one adjustment wrote.
 */
import type { FilterNode } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { parseListRequest } from '../../../resource/listRequest';
import { positiveId } from '../adjustment/adjustmentActions';

const LIST = 'srmSmlAdjustmentList';
const RESOURCE = 'srmSmlAdjustmentListRestful';
const PAGES = ['srmSmlAdjustmentList', 'srmSmlAdjustmentHeadList', 'SmlAdjustmentHead/SmlAdjustmentHeadEdit'];
const NEWEST = 'effectiveDate desc, adjustmentListId desc';

async function listWith(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  body: Record<string, unknown>,
  and: FilterNode[],
) {
  const entity = kernel.registry.entity(LIST)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, entity, true, ctx);
  const request = parseListRequest(body);
  const filters = [...(request.filter ? [request.filter] : []), ...and];
  const { rows, page } = await kernel.resources.reader.list(
    entity,
    { ...request, filter: filters.length ? { and: filters } : undefined, orderBy: request.orderBy ?? NEWEST },
    ctx,
    scope,
  );
  return { data: rows, page };
}

export function registerAdjustmentListActions(actions: ActionRegistry): void {
  const add = (
    action: string,
    handler: (
      body: Record<string, unknown>,
      ctx: ResourceContext,
      kernel: Kernel,
      req: ActionRequest,
    ) => Promise<unknown>,
  ) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: { pages: PAGES },
      handler: handler as never,
    });
  add('queryListByPage', (body, ctx, kernel, req) => listWith(kernel, req, ctx, body, []));
  add('queryListByItemCode', (body, ctx, kernel, req) => {
    const itemCode = typeof body.itemCode === 'string' ? body.itemCode.trim() : '';
    if (!itemCode || itemCode.length > 40)
      throw Errors.badRequest('请填写物料编码', 'itemCode is required', [
        { field: 'itemCode', message: 'required / 必填' },
      ]);
    const and: FilterNode[] = [{ field: 'itemCode', op: 'eq', value: itemCode }];
    if (body.supplierId !== undefined && body.supplierId !== null)
      and.push({ field: 'supplierId', op: 'eq', value: positiveId(body.supplierId, 'supplierId') });
    if (body.orgId !== undefined && body.orgId !== null)
      and.push({ field: 'orgId', op: 'eq', value: positiveId(body.orgId, 'orgId') });
    return listWith(kernel, req, ctx, { pageIndex: body.pageIndex, pageRows: body.pageRows }, and);
  });
  add('findAdjustmentList', (body, ctx, kernel, req) =>
    listWith(kernel, req, ctx, { pageIndex: 1, pageRows: 500 }, [
      { field: 'adjustmentHeadId', op: 'eq', value: positiveId(body.adjustmentHeadId ?? body.id, 'adjustmentHeadId') },
    ]),
  );
}
