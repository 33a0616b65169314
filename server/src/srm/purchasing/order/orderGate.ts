/**
 * Orders pass the supplier trade gate (DOMAIN.md §1.11, §5.8) when saved — every path that makes
 * an order saves it: the edit page, the demand pool, orders from agreements and requisitions — and
 * again inside the submit and final-approval transitions, since the supplier, its site, its
 * categories or the ASL may have changed after the save. A SAMPLE order is a sample order.
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import type { DomainServiceRegistry } from '../../../platform/domainServices';
import { SUPPLIER_TRADE_GATE, type TradePurpose } from '../../supplier/gate/contract';
import type { OrderGrade } from './orderGrade';
import { HEADER, LINE, type OrderSql } from './orderModel';

const HEADER_FIELDS = ['supplierId', 'supplierSiteId', 'orgId', 'invOrgId', 'poType'];

export const orderPurpose = (poType: unknown): TradePurpose => (poType === 'SAMPLE' ? 'SAMPLE_ORDER' : 'ORDER');

const ids = (rows: RecordValues[], field: string): number[] => [
  ...new Set(
    rows
      .map((r) => r[field])
      .filter((v) => v !== null && v !== undefined && v !== '')
      .map(Number),
  ),
];

export class OrderGate {
  constructor(
    private readonly o: OrderSql,
    private readonly services: DomainServiceRegistry,
    /** The supplier grade gate (orderGrade.ts): on save and submit, after the trade gate. */
    readonly grade: OrderGrade,
  ) {}

  private async storedHeader(tx: SqlExecutor, orderHeaderId: number): Promise<Row> {
    return (await this.o.rows.one(tx, HEADER, HEADER_FIELDS, { orderHeaderId })) ?? {};
  }

  private storedLines(tx: SqlExecutor, orderHeaderId: number): Promise<Row[]> {
    return this.o.rows.select(tx, LINE, ['itemId', 'categoryId'], { orderHeaderId });
  }

  private async check(tx: SqlExecutor, header: RecordValues, lines: RecordValues[]): Promise<void> {
    if (header.supplierId === null || header.supplierId === undefined) return; // required: the save's validation says so
    const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
    await this.services.get(SUPPLIER_TRADE_GATE).checkSupplierMayTrade(tx, {
      supplierId: Number(header.supplierId),
      supplierSiteId: num(header.supplierSiteId),
      orgId: num(header.orgId),
      invOrgId: num(header.invOrgId),
      categoryIds: ids(lines, 'categoryId'),
      itemIds: ids(lines, 'itemId'),
      purpose: orderPurpose(header.poType),
    });
  }

  /** On save: the header as it will be (body over stored), the lines the body carries or else the stored ones. */
  async onSave(draft: SaveDraft): Promise<void> {
    const stored = draft.creating ? {} : await this.storedHeader(draft.tx, draft.id!);
    const header: RecordValues = { ...stored };
    for (const f of HEADER_FIELDS) if (draft.values[f] !== undefined) header[f] = draft.values[f];
    const lines = draft.children.lines ?? (draft.creating ? [] : await this.storedLines(draft.tx, draft.id!));
    await this.check(draft.tx, header, lines);
    if (header.supplierId !== null && header.supplierId !== undefined)
      await this.grade.check(draft.tx, Number(header.supplierId), draft.ctx);
  }

  /** In a transition: the stored order, read in the transition's transaction. */
  async onTransition(tx: SqlExecutor, orderHeaderId: number): Promise<void> {
    await this.check(tx, await this.storedHeader(tx, orderHeaderId), await this.storedLines(tx, orderHeaderId));
  }
}
