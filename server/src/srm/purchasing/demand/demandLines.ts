/**
 * The demand pool's lines (purDemandSummaryList): open quantities of approved requisitions, read
 * for an order under lock. A line is orderable while its requisition is APPROVED and the line is
 * OPEN or PARTIAL_ORDERED with quantity left (quantity − orderedQty).
 */
import type { FilterNode } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import type { ResourceReader } from '../../../resource/resourceReader';
import { formatDecimal, subtractDecimals, toDecimal, ZERO, type Dec } from '../../../util/decimal';

export const REQ_HEADER = 'srmPurRequisitionHeader';
export const REQ_LINE = 'srmPurRequisitionLine';
const ORDERABLE = ['OPEN', 'PARTIAL_ORDERED'];

export interface DemandLine {
  requisitionLineId: number;
  requisitionNumber: string;
  lineNum: number;
  orgId: number;
  invOrgId: number;
  itemId: number;
  itemCode: string;
  itemName: string;
  categoryId: number | null;
  uomCode: string;
  /** quantity − orderedQty, 4 decimals. */
  openQty: string;
  needByDate: string;
  suggestedSupplierId: number | null;
}

const dec = (v: unknown): Dec => toDecimal(v) ?? ZERO;
const openOf = (row: Row): Dec => subtractDecimals(dec(row.quantity), dec(row.orderedQty));

/** The ids the caller's row scope lets it read (an id it may not see is as missing as one that does not exist). */
async function visibleIds(
  deps: { registry: MetadataRegistry; reader: ResourceReader },
  ids: number[],
  ctx: ResourceContext,
  scope: FilterNode | undefined,
  tx: SqlExecutor,
): Promise<Set<number>> {
  const entity = deps.registry.entity(REQ_LINE)!;
  const filter: FilterNode = { field: 'requisitionLineId', op: 'in', value: ids };
  const where = deps.reader.where(entity, { params: {}, filter }, ctx, scope);
  const { t, c } = new MetaSql(deps.registry, tx.dialect);
  const rows = await tx.select(
    `SELECT ${c(REQ_LINE, 'requisitionLineId', 't')} AS id FROM ${t(REQ_LINE)} t WHERE ${where.sql}`,
    where.params,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Locks the lines in id order and checks each is orderable; 404 for a line the caller cannot see, 409 for one not orderable. */
export async function lockDemandLines(
  tx: SqlExecutor,
  deps: { registry: MetadataRegistry; reader: ResourceReader },
  ids: number[],
  ctx: ResourceContext,
  scope: FilterNode | undefined,
): Promise<DemandLine[]> {
  const visible = await visibleIds(deps, ids, ctx, scope, tx);
  const missing = ids.find((id) => !visible.has(id));
  if (missing !== undefined) throw Errors.recordNotFound();
  const { t, c } = new MetaSql(deps.registry, tx.dialect);
  const l = (f: string) => `${c(REQ_LINE, f, 'l')} AS ${f}`;
  const h = (f: string) => `${c(REQ_HEADER, f, 'h')} AS ${f}`;
  const lineFields = [
    'requisitionLineId',
    'lineNum',
    'itemId',
    'itemCode',
    'itemName',
    'categoryId',
    'uomCode',
    'quantity',
    'orderedQty',
    'needByDate',
    'suggestedSupplierId',
    'lineStatus',
  ];
  const rows = await tx.select(
    `SELECT ${[...lineFields.map(l), ...['requisitionNumber', 'status', 'orgId', 'invOrgId'].map(h)].join(', ')} ` +
      `FROM ${t(REQ_LINE)} l JOIN ${t(REQ_HEADER)} h ON ${c(REQ_HEADER, 'requisitionHeaderId', 'h')} = ${c(REQ_LINE, 'requisitionHeaderId', 'l')} ` +
      `WHERE ${c(REQ_LINE, 'requisitionLineId', 'l')} IN (${ids.map(() => '?').join(', ')}) ORDER BY ${c(REQ_LINE, 'requisitionLineId', 'l')}${tx.dialect.forUpdate}`,
    ids,
  );
  return rows.map((row) => {
    const open = openOf(row);
    const name = `${String(row.requisitionNumber)}/${String(row.lineNum)}`;
    if (row.status !== 'APPROVED' || !ORDERABLE.includes(String(row.lineStatus)) || open.units <= 0n)
      throw declaredError('purchasingOrders.demandLineNotInPool', { name });
    return {
      requisitionLineId: Number(row.requisitionLineId),
      requisitionNumber: String(row.requisitionNumber),
      lineNum: Number(row.lineNum),
      orgId: Number(row.orgId),
      invOrgId: Number(row.invOrgId),
      itemId: Number(row.itemId),
      itemCode: String(row.itemCode ?? ''),
      itemName: String(row.itemName ?? ''),
      categoryId: row.categoryId === null || row.categoryId === undefined ? null : Number(row.categoryId),
      uomCode: String(row.uomCode),
      openQty: formatDecimal(open, 4),
      needByDate: String(row.needByDate).slice(0, 10),
      suggestedSupplierId:
        row.suggestedSupplierId === null || row.suggestedSupplierId === undefined
          ? null
          : Number(row.suggestedSupplierId),
    };
  });
}
