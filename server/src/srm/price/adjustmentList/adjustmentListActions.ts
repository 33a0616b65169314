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
import { eitherIdInput, idFrom, OPTIONAL_ID } from '../../../platform/actionInput';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import { parseListRequest } from '../../../resource/listRequest';

const LIST = 'srmSmlAdjustmentList';
const RESOURCE = 'srmSmlAdjustmentListRestful';
const PAGES = ['srmSmlAdjustmentList', 'srmSmlAdjustmentHeadList', 'SmlAdjustmentHead/SmlAdjustmentHeadEdit'];
const NEWEST = 'effectiveDate desc, adjustmentListId desc';

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

type Body = Record<string, unknown>;
const eq = (field: string, value: unknown): FilterNode => ({ field, op: 'eq', value: value as string | number });

export function registerAdjustmentListActions(actions: ActionRegistry): void {
  /** A list read of the adjustment list: `request` gives the listByPage body and the filters added to its own. */
  const add = (action: string, input: JsonSchema | undefined, request: (body: Body) => [Body, FilterNode[]]) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: { pages: PAGES },
      input,
      handler: async (body, ctx, kernel, req) => {
        const [listBody, and] = request(body);
        const entity = kernel.registry.entity(LIST)!;
        const scope = await kernel.auth.guard.rowScope(req.identity!, entity, true, ctx);
        const list = parseListRequest(listBody);
        const filters = [...(list.filter ? [list.filter] : []), ...and];
        const { rows, page } = await kernel.resources.reader.list(
          entity,
          { ...list, filter: filters.length ? { and: filters } : undefined, orderBy: list.orderBy ?? NEWEST },
          ctx,
          scope,
        );
        return { data: rows, page };
      },
    });
  add('queryListByPage', undefined, (body) => [body, []]);
  add('queryListByItemCode', BY_ITEM, (body) => [
    { pageIndex: body.pageIndex, pageRows: body.pageRows },
    [
      eq('itemCode', String(body.itemCode).trim()),
      ...['supplierId', 'orgId'].filter((f) => typeof body[f] === 'number').map((f) => eq(f, body[f])),
    ],
  ]);
  add('findAdjustmentList', eitherIdInput(HEAD_ID), (body) => [
    { pageIndex: 1, pageRows: 500 },
    [eq('adjustmentHeadId', idFrom(body, HEAD_ID))],
  ]);
}
