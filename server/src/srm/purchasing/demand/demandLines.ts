/**
 * The demand pool's lines (purDemandSummaryList): open quantities of approved requisitions, read
 * for an order under lock. A line is orderable while its requisition is APPROVED and the line is
 * OPEN or PARTIAL_ORDERED with quantity left (quantity − orderedQty).
 */
import type { FilterNode } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import type { ResourceReader } from '../../../resource/resourceReader';
import { formatDecimal, subtractDecimals, toDecimal, ZERO, type Dec } from '../../../util/decimal';
import { decodeRow, nullableNumber, type Decoded } from '../../../util/rowDecode';

export const REQ_HEADER = 'srmPurRequisitionHeader';
export const REQ_LINE = 'srmPurRequisitionLine';
const ORDERABLE = ['OPEN', 'PARTIAL_ORDERED'];

/** A demand line as an order is made from it: the requisition line with its header's company and plant. */
const DEMAND_LINE = {
  requisitionLineId: Number,
  requisitionNumber: String,
  lineNum: Number,
  orgId: Number,
  invOrgId: Number,
  itemId: Number,
  itemCode: (v: unknown) => String(v ?? ''),
  itemName: (v: unknown) => String(v ?? ''),
  categoryId: nullableNumber,
  uomCode: String,
  needByDate: (v: unknown) => String(v).slice(0, 10),
  suggestedSupplierId: nullableNumber,
};
/** The header's fields of DEMAND_LINE; the others are the line's. */
const HEADER_FIELDS = ['requisitionNumber', 'orgId', 'invOrgId'];
const LINE_FIELDS = Object.keys(DEMAND_LINE).filter((f) => !HEADER_FIELDS.includes(f));
export type DemandLine = Decoded<typeof DEMAND_LINE> & {
  /** quantity − orderedQty, 4 decimals. */
  openQty: string;
};

const dec = (v: unknown): Dec => toDecimal(v) ?? ZERO;
const openOf = (row: Row): Dec => subtractDecimals(dec(row.quantity), dec(row.orderedQty));

/** Locks the lines in id order and checks each is orderable; 404 for a line the caller cannot see, 409 for one not orderable. */
export async function lockDemandLines(
  tx: SqlExecutor,
  deps: { registry: MetadataRegistry; reader: ResourceReader },
  ids: number[],
  ctx: ResourceContext,
  scope: FilterNode | undefined,
): Promise<DemandLine[]> {
  // The ids the caller's row scope lets it read: an id it may not see is as missing as one that does not exist.
  const filter: FilterNode = { field: 'requisitionLineId', op: 'in', value: ids };
  const where = deps.reader.where(deps.registry.entity(REQ_LINE)!, { params: {}, filter }, ctx, scope);
  const { t, c } = new MetaSql(deps.registry, tx.dialect);
  const sql = `SELECT ${c(REQ_LINE, 'requisitionLineId', 't')} AS id FROM ${t(REQ_LINE)} t WHERE ${where.sql}`;
  const visible = new Set((await tx.select(sql, where.params)).map((r) => Number(r.id)));
  if (ids.some((id) => !visible.has(id))) throw Errors.recordNotFound();
  const rows = new PlatformRows(deps.registry, tx.dialect);
  const lineFields = [...LINE_FIELDS, 'requisitionHeaderId', 'quantity', 'orderedQty', 'lineStatus'];
  const byLine = { orderBy: ['requisitionLineId'], underLock: true };
  const lines = await rows.select(tx, REQ_LINE, lineFields, { requisitionLineId: ids }, byLine);
  const requisitionHeaderId = [...new Set(lines.map((l) => Number(l.requisitionHeaderId)))];
  const headerFields = ['requisitionHeaderId', ...HEADER_FIELDS, 'status'];
  const headers = await rows.select(tx, REQ_HEADER, headerFields, { requisitionHeaderId }, { underLock: true });
  const headerOf = new Map(headers.map((h) => [Number(h.requisitionHeaderId), h]));
  return lines.map((line) => {
    const row = { ...line, ...headerOf.get(Number(line.requisitionHeaderId)) };
    const open = openOf(row);
    const name = `${String(row.requisitionNumber)}/${String(row.lineNum)}`;
    if (row.status !== 'APPROVED' || !ORDERABLE.includes(String(row.lineStatus)) || open.units <= 0n)
      throw declaredError('purchasingOrders.demandLineNotInPool', { name });
    return { ...decodeRow(DEMAND_LINE, row), openQty: formatDecimal(open, 4) };
  });
}
