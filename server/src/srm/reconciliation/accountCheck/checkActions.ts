import type { EntityModel, JsonSchema } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { nextDocumentNumber } from '../../../resource/documentNumber';
import { idOf, pagingOf, supplierCaller } from '../../../home/readerContext';
import { addDecimals, formatDecimal, parseDecimal, ZERO } from '../../../util/decimal';
import { formatDateTime } from '../../../util/time';
import { receiptsUnavailable, type ReceiptLedger, type ReceiptRow } from '../receiptLedger';
import { checkTotals, lineAmounts, listItemAmounts, type Values } from './checkAmounts';
import { CHECK, CHECK_PO, CheckStore, INVOICE, INVOICE_LIST, LINE } from './checkStore';

export const RESOURCE = 'srmRcnAccountCheckRestful';
/** Every page that shows statements: the named actions answer from any of their menus, with the menu's button. */
export const CHECK_PAGES = [
  'BuyerCheckList',
  'SrmRcnAccountCheckList',
  'SrmRcnAccountCheckEdit',
  'SupplierProdCheckList',
  'SupplierNonProdCheckList',
  'SrmRcnSupplierInvoiceList',
];

/** The statement as the caller may reach it from the calling menu (row scope): 404 otherwise. */
export async function reachableCheck(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  id: number,
  action: 'findById' | 'saveOrUpdate' = 'findById',
): Promise<{ entity: EntityModel; row: Record<string, unknown> }> {
  const entity = kernel.registry.entity(CHECK)!;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, action, ctx);
  const row = await kernel.resources.reader.byId(entity, id, ctx, scope);
  if (!row) throw Errors.recordNotFound();
  return { entity, row };
}

function accountCheckIdOf(body: Record<string, unknown>): number {
  return idOf({ id: body.accountCheckId ?? body.id });
}

/** A page of one child of a statement the caller may read: {accountCheckId, pageIndex, pageRows} → rows and page. */
async function childPage(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  body: Record<string, unknown>,
  child: string,
) {
  const id = accountCheckIdOf(body);
  await reachableCheck(kernel, req, ctx, id);
  const { pageIndex, pageRows } = pagingOf(body, 20);
  const entity = kernel.registry.entity(child)!;
  const { rows, page } = await kernel.resources.reader.list(
    entity,
    { params: { accountCheckId: id }, pageIndex, pageRows, orderBy: `${entity.primaryKey} asc` },
    ctx,
  );
  return { data: rows, page };
}

/** A statement line from a receipt transaction. */
export function lineOfReceipt(r: ReceiptRow): Values {
  const line: Values = {
    transactionId: r.transactionId,
    transactionType:
      r.transactionType && ['RECEIVE', 'RETURN', 'PRICE_DIFF'].includes(r.transactionType)
        ? r.transactionType
        : 'RECEIVE',
    poNumber: null,
    orderLineId: r.orderLineId,
    itemId: r.itemId,
    uomCode: r.uomCode,
    quantity: r.quantity,
    unitPriceExcl: r.unitPriceExcl,
    taxRate: r.taxRate,
    amountExcl: r.amountExcl,
    transactionDate: r.transactionDate ? String(r.transactionDate).slice(0, 10) : null,
  };
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
    g.quantity = formatDecimal(addOf(g.quantity, line.quantity), 4);
  }
  const rows = [...groups.values()];
  rows.forEach(listItemAmounts);
  return rows;
}

function addOf(a: unknown, b: unknown) {
  return addDecimals(parseDecimal(String(a ?? '0')) ?? ZERO, parseDecimal(String(b ?? '0')) ?? ZERO);
}

/** Item codes and names of the lines from the material master. */
async function withItems(kernel: Kernel, lines: Values[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.itemId).filter((v): v is number => typeof v === 'number'))];
  if (!ids.length) return;
  const { t, c } = kernel.auth.access.sql;
  const rows = await kernel.db.select(
    `SELECT ${c('srmBaseMaterialItem', 'itemId')} AS id, ${c('srmBaseMaterialItem', 'itemCode')} AS code, ${c('srmBaseMaterialItem', 'itemName')} AS name ` +
      `FROM ${t('srmBaseMaterialItem')} WHERE ${c('srmBaseMaterialItem', 'itemId')} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  for (const line of lines) {
    const item = byId.get(Number(line.itemId));
    if (item) Object.assign(line, { itemCode: String(item.code), itemName: String(item.name) });
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

/** srmRcnAccountCheckRestful named actions (DOMAIN.md §4.1), besides the file streams and imports. */
export function registerCheckActions(actions: ActionRegistry, store: CheckStore, ledger: ReceiptLedger): void {
  const register = (
    action: string,
    resourceCode: string | undefined,
    handler: Parameters<ActionRegistry['register']>[0]['handler'],
  ) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: { pages: CHECK_PAGES, resourceCode },
      handler,
    });

  // saveAccountCheck: header + lines + deductions + other fees in one transaction (the generic save with the statement's rules).
  register('saveAccountCheck', 'btnSave', async (body, ctx, kernel, req) => {
    const entity = kernel.registry.entity(CHECK)!;
    const scope = await kernel.auth.guard.authorizeEntityAction(
      req.identity!,
      req.headers,
      entity,
      'saveOrUpdate',
      ctx,
    );
    return kernel.resources.run('saveOrUpdate', entity, body, ctx, scope);
  });

  // updateCheckAmountTotal {id}: the totals again from the stored lines, fees, deductions and invoices.
  register('updateCheckAmountTotal', 'btnCalculate', async (body, ctx, kernel, req) => {
    const id = accountCheckIdOf(body);
    const { entity } = await reachableCheck(kernel, req, ctx, id);
    await kernel.db.transaction(async (tx) => {
      const header = await store.header(tx, id, true);
      if (!header) throw Errors.recordNotFound();
      const status = String(header.status);
      if (['COMPLETED', 'CANCELLED'].includes(status))
        throw Errors.conflict(
          `对账单已${status === 'COMPLETED' ? '完成' : '作废'}，不能重算`,
          `The statement is ${status}: its totals are final`,
        );
      await store.writeTotals(tx, id, checkTotals(await store.parts(tx, id)), ctx.userId);
    });
    const row = await kernel.resources.reader.byId(entity, id, ctx);
    return { data: row && (await kernel.resources.reader.withChildren(entity, row, ctx)) };
  });

  // updateAccountCheckAttachment {id, attachmentIds}: the attachments in any state but completed or cancelled.
  register('updateAccountCheckAttachment', 'btnUploadAttachment', async (body, ctx, kernel, req) => {
    const id = accountCheckIdOf(body);
    const { entity, row } = await reachableCheck(kernel, req, ctx, id);
    if (['COMPLETED', 'CANCELLED'].includes(String(row.status)))
      throw Errors.conflict(
        '对账单已结束，不能修改附件',
        `The statement is ${String(row.status)}: its attachments are final`,
      );
    const raw = body.attachmentIds;
    const list = Array.isArray(raw)
      ? raw.map(String)
      : raw === null || raw === undefined || raw === ''
        ? []
        : String(raw).split(',');
    if (list.some((v) => !/^\d+$/.test(v.trim())))
      throw Errors.badRequest('附件无效', 'attachmentIds must list attachment ids', [
        { field: 'attachmentIds', message: 'attachment ids' },
      ]);
    const attachmentIds = list.map((v) => v.trim()).join(',') || null;
    await kernel.db.transaction(async (tx) => {
      await store.update(tx, CHECK, 'accountCheckId', id, { attachmentIds }, ctx.userId);
      await kernel.hooks.runAfterSave({ entity, id, values: { attachmentIds }, ctx, tx });
    });
    return { data: await kernel.resources.reader.byId(entity, id, ctx) };
  });

  register('listRcnAccountCheckLine', undefined, (body, ctx, kernel, req) => childPage(kernel, req, ctx, body, LINE));
  register('listRcnAccountCheckInvoice', undefined, (body, ctx, kernel, req) =>
    childPage(kernel, req, ctx, body, INVOICE),
  );
  register('listPoElecByPage', undefined, (body, ctx, kernel, req) => childPage(kernel, req, ctx, body, CHECK_PO));

  // createInvoiceListAndAccountCheck {transactionIds, checkType, periodFrom?, periodTo?}: a supplier's statement from its unchecked receipts.
  actions.register({
    area: 'srmServer',
    resource: RESOURCE,
    action: 'createInvoiceListAndAccountCheck',
    access: { pages: ['SupplierProdCheckList', 'SupplierNonProdCheckList'], resourceCode: 'btnCreateStatement' },
    input: STATEMENT_INPUT,
    handler: async (body, ctx, kernel, req) => {
      const user = supplierCaller(req);
      const { checkType, periodFrom, periodTo } = body as {
        checkType: string;
        periodFrom?: string | null;
        periodTo?: string | null;
      };
      if (!ledger.available) throw receiptsUnavailable();
      const ids = [...new Set(body.transactionIds as number[])];
      const entity = kernel.registry.entity(CHECK)!;
      const id = await kernel.db.transaction(async (tx) => {
        const receipts = await ledger.unchecked(tx, user.supplierId, { ids });
        if (receipts.length !== ids.length)
          throw Errors.conflict(
            '部分收货事务不存在、不属于您或已对账',
            'Some receipt transactions do not exist, are not yours or are already on a statement',
          );
        const lines = receipts.map(lineOfReceipt);
        await withItems(kernel, lines);
        const dates = receipts
          .map((r) => String(r.transactionDate ?? '').slice(0, 10))
          .filter(Boolean)
          .sort();
        const today = formatDateTime().slice(0, 10);
        const orgId = receipts.find((r) => r.orgId)?.orgId ?? null;
        const header: Values = {
          checkType,
          supplierId: user.supplierId,
          orgId,
          currencyCode: 'CNY',
          periodFrom: periodFrom ?? dates[0] ?? today,
          periodTo: periodTo ?? dates.at(-1) ?? today,
          ...checkTotals({ lines, deducteds: [], others: [], invoices: [] }),
          status: 'SUPPLIER_CONFIRMED',
        };
        const record = await kernel.resources.writer.insert(
          tx,
          entity,
          { ...header, checkNumber: await nextDocumentNumber(tx, 'AC') },
          ctx,
        );
        for (const line of lines)
          await kernel.resources.writer.insert(
            tx,
            kernel.registry.entity(LINE)!,
            { ...line, accountCheckId: record },
            ctx,
          );
        for (const item of invoiceListOf(lines))
          await kernel.resources.writer.insert(
            tx,
            kernel.registry.entity(INVOICE_LIST)!,
            { ...item, accountCheckId: record },
            ctx,
          );
        await ledger.claim(tx, record, user.supplierId, ids, ctx.userId);
        return record;
      });
      const row = await kernel.resources.reader.byId(entity, id, ctx);
      return { data: row && (await kernel.resources.reader.withChildren(entity, row, ctx)) };
    },
  });
}
