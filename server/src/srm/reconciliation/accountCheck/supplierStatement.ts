import type { JsonSchema } from '@meridian/metadata';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import { nextDocumentNumber } from '../../../resource/documentNumber';
import { supplierCaller } from '../../../home/readerContext';
import { declaredError } from '../../../http/declaredErrors';
import { addDecimals, formatDecimal, toDecimal, ZERO } from '../../../util/decimal';
import { today } from '../../../util/time';
import type { ReceiptLedger } from '../receiptLedger';
import { receiptValues } from '../receiptLines';
import { checkTotals, lineAmounts, listItemAmounts, type Values } from './checkAmounts';
import { CHECK, INVOICE_LIST, LINE } from './checkStore';

/**
 * The supplier's own statement (createInvoiceListAndAccountCheck, DOMAIN.md §4.1): a
 * SUPPLIER_CONFIRMED statement with its lines and invoice list from the supplier's unchecked receipts.
 * A line is what its receipt transaction says.
 */
export function lineOfReceipt(r: Row): Values {
  const line: Values = { ...receiptValues(r), poNumber: null };
  lineAmounts(line);
  return line;
}

/** The invoice list of a set of lines: one row per item, unit and price, quantities and amounts summed. */
export function invoiceListOf(lines: Values[]): Values[] {
  const groups = new Map<string, Values>();
  for (const line of lines) {
    const key = [line.itemId, line.itemName, line.uomCode, line.unitPriceExcl, line.taxRate].join('|');
    const g = groups.get(key);
    if (!g) {
      groups.set(key, {
        itemName: line.itemName ?? line.itemCode ?? '-',
        specification: null,
        uomCode: line.uomCode,
        quantity: line.quantity,
        unitPriceExcl: line.unitPriceExcl,
        taxRate: line.taxRate,
      });
      continue;
    }
    g.quantity = formatDecimal(addDecimals(toDecimal(g.quantity) ?? ZERO, toDecimal(line.quantity) ?? ZERO), 4);
  }
  const rows = [...groups.values()];
  rows.forEach(listItemAmounts);
  return rows;
}

/** Item codes and names of the lines from the material master. */
async function withItems(rows: PlatformRows, tx: SqlExecutor, lines: Values[]): Promise<void> {
  const ids = lines.map((l) => l.itemId).filter((v): v is number => typeof v === 'number');
  const items = await rows.select(tx, 'srmBaseMaterialItem', ['itemId', 'itemCode', 'itemName'], { itemId: ids });
  const byId = new Map(items.map((r) => [Number(r.itemId), r]));
  for (const line of lines) {
    const item = byId.get(Number(line.itemId));
    if (item) Object.assign(line, { itemCode: String(item.itemCode), itemName: String(item.itemName) });
  }
}

/** createInvoiceListAndAccountCheck's body: the receipts, the statement type, and the period when the supplier names one. */
const STATEMENT_INPUT: JsonSchema = {
  type: 'object',
  required: ['transactionIds'],
  properties: {
    transactionIds: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 1 } },
    checkType: { type: 'string', enum: ['PROD', 'NON_PROD'], default: 'PROD' },
    periodFrom: { type: ['string', 'null'], format: 'date' },
    periodTo: { type: ['string', 'null'], format: 'date' },
  },
};

/** On `resource` (the statement's, srmRcnAccountCheckRestful). */
export function registerSupplierStatement(actions: ActionRegistry, ledger: ReceiptLedger, resource: string): void {
  // createInvoiceListAndAccountCheck {transactionIds, checkType, periodFrom?, periodTo?}: a supplier's statement from its unchecked receipts.
  actions.register({
    area: 'srmServer',
    resource,
    action: 'createInvoiceListAndAccountCheck',
    access: { pages: ['SupplierProdCheckList', 'SupplierNonProdCheckList'], resourceCode: 'btnCreateStatement' },
    input: STATEMENT_INPUT,
    handler: async (body, ctx, kernel, req) => {
      const user = supplierCaller(req);
      const { checkType, periodFrom, periodTo } = body as Record<string, string | null | undefined>;
      const ids = [...new Set(body.transactionIds as number[])];
      const entity = kernel.registry.entity(CHECK)!;
      const id = await kernel.db.transaction(async (tx) => {
        const receipts = await ledger.unchecked(tx, user.supplierId, ids);
        if (receipts.length !== ids.length) throw declaredError('reconciliation.receiptsNotFree');
        const lines = receipts.map(lineOfReceipt);
        await withItems(ledger.rows, tx, lines);
        const dates = lines
          .map((l) => l.transactionDate as string | null)
          .filter(Boolean)
          .sort();
        const orgId = receipts.find((r) => r.orgId)?.orgId ?? null;
        const header: Values = {
          checkType,
          supplierId: user.supplierId,
          orgId,
          currencyCode: 'CNY',
          periodFrom: periodFrom ?? dates[0] ?? today(),
          periodTo: periodTo ?? dates.at(-1) ?? today(),
          ...checkTotals({ lines, deducteds: [], others: [], invoices: [] }),
          status: 'SUPPLIER_CONFIRMED',
          checkNumber: await nextDocumentNumber(tx, 'AC'),
        };
        const insert = (name: string, values: Values) =>
          kernel.resources.writer.insert(tx, kernel.registry.entity(name)!, values, ctx);
        const record = await insert(CHECK, header);
        for (const [child, rows] of Object.entries({ [LINE]: lines, [INVOICE_LIST]: invoiceListOf(lines) }))
          for (const row of rows) await insert(child, { ...row, accountCheckId: record });
        await ledger.claim(tx, record, user.supplierId, ids, ctx.userId);
        return record;
      });
      const row = await kernel.resources.reader.byId(entity, id, ctx);
      return { data: row && (await kernel.resources.reader.withChildren(entity, row, ctx)) };
    },
  });
}
