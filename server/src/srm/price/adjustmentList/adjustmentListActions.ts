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
import type { FilterNode, JsonSchema } from '@meridian/metadata';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { parseListRequest } from '../../../resource/listRequest';

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

const OPTIONAL_ID: JsonSchema = { type: ['integer', 'null'], minimum: 1 };
const HEAD_ID = ['adjustmentHeadId', 'id'];
const BY_ITEM: JsonSchema = {
  type: 'object',
  required: ['itemCode'],
  properties: {
    itemCode: { type: 'string', maxLength: 40, pattern: '\\S' },
    supplierId: OPTIONAL_ID,
    orgId: OPTIONAL_ID,
  },
};

export function registerAdjustmentListActions(actions: ActionRegistry): void {
  const add = (
    action: string,
    input: JsonSchema | undefined,
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
      input,
      handler: handler as never,
    });
  add('queryListByPage', undefined, (body, ctx, kernel, req) => listWith(kernel, req, ctx, body, []));
  add('queryListByItemCode', BY_ITEM, (body, ctx, kernel, req) => {
    const and: FilterNode[] = [{ field: 'itemCode', op: 'eq', value: String(body.itemCode).trim() }];
    for (const field of ['supplierId', 'orgId'])
      if (typeof body[field] === 'number') and.push({ field, op: 'eq', value: body[field] });
    return listWith(kernel, req, ctx, { pageIndex: body.pageIndex, pageRows: body.pageRows }, and);
  });
  add('findAdjustmentList', eitherIdInput(HEAD_ID), (body, ctx, kernel, req) =>
    listWith(kernel, req, ctx, { pageIndex: 1, pageRows: 500 }, [
      { field: 'adjustmentHeadId', op: 'eq', value: idFrom(body, HEAD_ID) },
    ]),
  );
}
