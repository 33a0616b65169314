/**
 * The mall's reads on srmPurNoProductiveMaterialRestful (DOMAIN.md §5.8): listByPageGoods (search),
 * findByClassify (the categories that have goods for sale, with their counts) and findByClassifyId
 * (the goods of one category). Only goods on sale with a price in force for the caller's company
 * today are shown, each with that price (unitPriceIncl) — never the goods' list price.
 */
import type { FilterNode, JsonSchema } from '@meridian/metadata';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { caller, pagingOf } from '../../../home/readerContext';
import { today } from '../../../util/time';
import { GOODS, pricesInForce, type PriceInForce } from './goodsPrices';

export const MALL = 'purNoProductiveMaterial/SrminteriorShopping';
export const GOODS_RESOURCE = 'srmPurNoProductiveMaterialRestful';

/** The company of an organisation (itself when it is one); null when it has none. */
export async function companyOf(tx: SqlExecutor, kernel: Kernel, orgId: number | null): Promise<number | null> {
  if (orgId === null) return null;
  const rows = new PlatformRows(kernel.registry, tx.dialect);
  const org = await rows.one(tx, 'baseOrganization', ['orgType', 'companyId'], { orgId });
  if (!org) return null;
  if (org.orgType === 'COMPANY') return orgId;
  return org.companyId === null || org.companyId === undefined ? null : Number(org.companyId);
}

/** The prices in force today for the caller's company. */
export async function callerPrices(
  kernel: Kernel,
  req: ActionRequest,
  goodsIds?: number[],
): Promise<Map<number, PriceInForce>> {
  const user = caller(req);
  return kernel.db.transaction(async (tx) =>
    pricesInForce(tx, kernel.registry, await companyOf(tx, kernel, user.orgId ?? null), today(), goodsIds),
  );
}

const KEYWORD: JsonSchema = { type: ['string', 'null'], maxLength: 200 };
/** The mall's search: an optional keyword and category (blank: all); paging is read by pagingOf. */
const SEARCH_INPUT: JsonSchema = {
  type: 'object',
  properties: { keyword: KEYWORD, classifyId: { type: ['integer', 'null'], minimum: 1 } },
};
/** The goods of one category: classifyId required. */
const CATEGORY_INPUT: JsonSchema = {
  type: 'object',
  required: ['classifyId'],
  properties: { keyword: KEYWORD, classifyId: { type: 'integer', minimum: 1 } },
};

async function goodsForSale(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, body: Record<string, unknown>) {
  const classifyId = body.classifyId as number | null | undefined;
  const prices = await callerPrices(kernel, req);
  const paging = pagingOf(body, 20);
  if (!prices.size) return { data: [], page: { count: 0, ...paging } };
  const and: FilterNode[] = [{ field: 'noProductiveMaterialId', op: 'in', value: [...prices.keys()] }];
  const keyword = String(body.keyword ?? '').trim();
  if (keyword)
    and.push({
      or: [
        { field: 'goodsCode', op: 'like', value: keyword },
        { field: 'goodsName', op: 'like', value: keyword },
        { field: 'goodsNameEn', op: 'like', value: keyword },
      ],
    });
  if (classifyId !== undefined && classifyId !== null) and.push({ field: 'classifyId', op: 'eq', value: classifyId });
  const entity = kernel.registry.entity(GOODS)!;
  const { rows, page } = await kernel.resources.reader.list(
    entity,
    { params: {}, filter: { and }, orderBy: 'goodsCode asc', ...paging },
    ctx,
  );
  const data = rows.map((row) => {
    const price = prices.get(Number(row.noProductiveMaterialId))!;
    return {
      ...row,
      unitPriceIncl: price.unitPriceIncl,
      taxRate: price.taxRate,
      noProductivePriceId: price.noProductivePriceId,
    };
  });
  return { data, page };
}

export function registerGoodsReads(actions: ActionRegistry): void {
  const read = (
    action: string,
    input: JsonSchema | undefined,
    handler: Parameters<ActionRegistry['register']>[0]['handler'],
  ) =>
    actions.register({
      area: 'srmServer',
      resource: GOODS_RESOURCE,
      action,
      access: { pages: [MALL] },
      input,
      handler,
    });
  // {keyword?, classifyId?, pageIndex, pageRows}
  read('listByPageGoods', SEARCH_INPUT, (body, ctx, kernel, req) => goodsForSale(kernel, req, ctx, body));
  // {classifyId, keyword?, pageIndex, pageRows}
  read('findByClassifyId', CATEGORY_INPUT, (body, ctx, kernel, req) => goodsForSale(kernel, req, ctx, body));
  // {} → [{classifyId, classifyName, goodsCount}] of the goods for sale
  read('findByClassify', undefined, async (_body, ctx, kernel, req) => {
    const prices = await callerPrices(kernel, req);
    if (!prices.size) return { data: [] };
    const { rows } = await kernel.resources.reader.list(
      kernel.registry.entity(GOODS)!,
      {
        params: {},
        filter: { field: 'noProductiveMaterialId', op: 'in', value: [...prices.keys()] },
        orderBy: 'goodsCode asc',
        pageIndex: 1,
        pageRows: 500,
      },
      ctx,
    );
    const byClassify = new Map<number, { classifyId: number; classifyName: unknown; goodsCount: number }>();
    for (const row of rows) {
      const id = Number(row.classifyId);
      const entry = byClassify.get(id) ?? { classifyId: id, classifyName: row.classifyName, goodsCount: 0 };
      entry.goodsCount++;
      byClassify.set(id, entry);
    }
    return { data: [...byClassify.values()].sort((a, b) => a.classifyId - b.classifyId) };
  });
}
