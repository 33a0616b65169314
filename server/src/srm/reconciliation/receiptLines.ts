import type { FilterNode, FilterVariables } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../access/metaSql';
import type { Row, SqlExecutor } from '../../db/sqlExecutor';
import { declaredError } from '../../http/declaredErrors';
import { compileFilter } from '../../resource/queryCompiler';
import { RECEIPT } from './receiptLedger';

/**
 * A statement line is what its receipt says (DOMAIN.md §4.1, §5.7): whatever a client sends with a
 * transactionId — picked in the runtime, imported, typed — the values that come from the receipt
 * are read here and replace the sent ones before the amounts are computed. The read goes through
 * the caller's row scope of the receipts (a buyer's organisation permits, a supplier's own rows):
 * a receipt outside it is named as unknown, as a missing one is.
 */
type Values = Record<string, unknown>;

const ORDER = 'srmPurOrderHeader';
const ORDER_LINE = 'srmPurOrderLine';
const NOTE = 'srmPurDeliveryNote';
const ITEM = 'srmBaseMaterialItem';
const TYPES = ['RECEIVE', 'RETURN', 'PRICE_DIFF'];

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));

/** A statement line's values as its receipt row says: type, order line, item, unit, quantity, price, tax rate, amount, date. */
export function receiptValues(r: Row): Values {
  const type = text(r.transactionType);
  return {
    transactionId: num(r.transactionId),
    transactionType: type && TYPES.includes(type) ? type : 'RECEIVE',
    orderLineId: num(r.orderLineId),
    itemId: num(r.itemId),
    uomCode: text(r.uomCode),
    quantity: text(r.quantity),
    unitPriceExcl: text(r.unitPriceExcl),
    taxRate: text(r.taxRate),
    amountExcl: text(r.amountExcl),
    transactionDate: date(r.transactionDate),
  };
}

export class ReceiptLines {
  private readonly sql: MetaSql;

  constructor(
    private readonly registry: MetadataRegistry,
    private readonly dialect: SqlExecutor['dialect'],
  ) {
    this.sql = new MetaSql(registry, dialect);
  }

  /** The receipts by id that the caller's scope reaches, with their order, delivery note and item labels. */
  private async read(tx: SqlExecutor, ids: number[], scope: FilterNode | undefined, vars: FilterVariables) {
    const { t, c } = this.sql;
    const receipt = this.registry.entity(RECEIPT)!;
    const scoped = scope ? compileFilter(receipt, this.dialect, scope, vars, { registry: this.registry }) : undefined;
    const join = (entity: string, alias: string, field: string) =>
      ` LEFT JOIN ${t(entity)} ${alias} ON ${c(entity, this.registry.entity(entity)!.primaryKey, alias)} = ${c(RECEIPT, field, 't')}`;
    const columns = [
      ...['transactionId', 'transactionNumber', 'transactionType', 'orderLineId', 'itemId', 'itemCode', 'quantity']
        .concat(['uomCode', 'unitPriceExcl', 'taxRate', 'amountExcl', 'transactionDate'])
        .map((f) => `${c(RECEIPT, f, 't')} AS ${f}`),
      `${c(ORDER, 'poNumber', 'o')} AS poNumber`,
      `${c(ORDER_LINE, 'lineNum', 'ol')} AS poLineNum`,
      `${c(NOTE, 'deliveryNoteNumber', 'n')} AS deliveryNoteNumber`,
      `${c(ITEM, 'itemCode', 'i')} AS itemMasterCode`,
      `${c(ITEM, 'itemName', 'i')} AS itemName`,
    ];
    const joins =
      join(ORDER, 'o', 'orderHeaderId') +
      join(ORDER_LINE, 'ol', 'orderLineId') +
      join(NOTE, 'n', 'deliveryNoteId') +
      join(ITEM, 'i', 'itemId');
    return tx.select(
      `SELECT ${columns.join(', ')} FROM ${t(RECEIPT)} t${joins} WHERE ${c(RECEIPT, 'transactionId', 't')} IN (${ids.map(() => '?').join(', ')})` +
        (scoped ? ` AND (${scoped.sql})` : ''),
      [...ids, ...(scoped?.params ?? [])],
    );
  }

  /**
   * Fills every line that names a receipt from it (in place): type, numbers, item, unit, quantity,
   * price, tax rate, date; the sent amounts are cleared so that lineAmounts computes them again
   * from the receipt's. A receipt the caller cannot reach is a 400 on that line.
   */
  async fill(tx: SqlExecutor, lines: Values[], scope: FilterNode | undefined, vars: FilterVariables): Promise<void> {
    const named = lines.filter(
      (l) => l.transactionId !== null && l.transactionId !== undefined && l.transactionId !== '',
    );
    if (!named.length) return;
    const ids = [...new Set(named.map((l) => Number(l.transactionId)))];
    const rows = new Map<number, Row>((await this.read(tx, ids, scope, vars)).map((r) => [Number(r.transactionId), r]));
    lines.forEach((line, i) => {
      if (!named.includes(line)) return;
      const r = rows.get(Number(line.transactionId));
      if (!r)
        throw declaredError('reconciliation.receiptNotYours', { id: line.transactionId }, [
          { field: `lines[${i}].transactionId`, message: 'unknown receipt' },
        ]);
      Object.assign(line, {
        ...receiptValues(r),
        transactionNumber: text(r.transactionNumber),
        poNumber: text(r.poNumber),
        poLineNum: num(r.poLineNum),
        deliveryNoteNumber: text(r.deliveryNoteNumber),
        itemCode: text(r.itemCode) ?? text(r.itemMasterCode),
        itemName: text(r.itemName),
        taxAmount: null,
        amountIncl: null,
      });
    });
  }
}
