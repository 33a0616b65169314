import { pickText, type I18nText, type JsonSchema, type Language } from '@meridian/metadata';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { compareDecimals, parseDecimal } from '../../../util/decimal';
import { checkTotals, type Values } from '../accountCheck/checkAmounts';
import { CHECK_PAGES, reachableCheck } from '../accountCheck/checkActions';
import { CheckStore, INVOICE, OCR_TASK } from '../accountCheck/checkStore';
import { readInvoice, type InvoiceReader } from './invoiceReader';
import { ESSENTIAL, type InvoiceFields } from './invoiceText';

export const OCR_RESOURCE = 'srmRcnAccountCheckOcrTaskRestful';
const OPEN_FOR_INVOICES = ['SUPPLIER_CONFIRMED', 'INVOICE_REJECTED'];
const ID: JsonSchema = { type: 'integer', minimum: 1 };

export interface CompareItem {
  field: 'amountIncl' | 'taxAmount' | 'amountExcl';
  invoice: string | null;
  statement: string;
  match: boolean;
}

/**
 * The invoice against its statement: total incl. tax against the statement total, tax against the
 * statement's tax, and the invoice's own sum (excl. + tax = incl.). VERIFIED when all hold,
 * MISMATCH otherwise, FAILED when the amounts could not be read.
 */
export function compareInvoice(fields: InvoiceFields, statement: { checkAmountTotal: string; taxAmount: string }) {
  const same = (a: string | undefined, b: string) => {
    const x = parseDecimal(a);
    const y = parseDecimal(b);
    return !!x && !!y && compareDecimals(x, y) === 0;
  };
  const items: CompareItem[] = [
    {
      field: 'amountIncl',
      invoice: fields.amountIncl ?? null,
      statement: statement.checkAmountTotal,
      match: same(fields.amountIncl, statement.checkAmountTotal),
    },
    {
      field: 'taxAmount',
      invoice: fields.taxAmount ?? null,
      statement: statement.taxAmount,
      match: same(fields.taxAmount, statement.taxAmount),
    },
  ];
  const consistent = !!fields.amountExcl && !!fields.taxAmount && same(fields.amountIncl, checkSum(fields));
  const readable = ESSENTIAL.every((f) => fields[f]);
  const verifyStatus =
    !readable || !fields.amountIncl ? 'FAILED' : items.every((i) => i.match) && consistent ? 'VERIFIED' : 'MISMATCH';
  return { items, consistent, verifyStatus };
}

/** excl. + tax = incl., to the cent. */
function checkSum(fields: InvoiceFields): string {
  const cents = (s: string) => BigInt(s.replace('.', ''));
  const sum = cents(fields.amountExcl!) + cents(fields.taxAmount!);
  const text = (sum < 0n ? -sum : sum).toString().padStart(3, '0');
  return `${sum < 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}

async function statementTotals(store: CheckStore, tx: SqlExecutor, id: number) {
  const totals = checkTotals(await store.parts(tx, id));
  return { checkAmountTotal: totals.checkAmountTotal, taxAmount: totals.taxAmount };
}

/** A task as answered: JSON columns parsed. */
function taskView(row: Values | undefined): Values | undefined {
  if (!row) return row;
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return { ...row, resultJson: parse(row.resultJson), compareResult: parse(row.compareResult) };
}

/** What the recognition came to, for the message the page shows after the upload (the task says the detail). */
export function recognitionMessage(task: Values | undefined, language: Language, reason?: I18nText): string {
  const status = String(task?.verifyStatus ?? '');
  if (task?.taskStatus !== 'SUCCESS') {
    const why = reason ? `: ${pickText(reason, language)}` : task?.message ? `: ${String(task.message)}` : '';
    return pickText(
      { cn: `未能识别发票，请手工录入${why}`, en: `The invoice could not be read; enter it by hand${why}` },
      language,
    );
  }
  if (status === 'VERIFIED')
    return pickText({ cn: '发票已识别，核验通过', en: 'Invoice recognised and verified' }, language);
  return pickText(
    {
      cn: '发票已识别，但金额与对账单不一致，请核对后再提交',
      en: 'Invoice recognised; its amounts do not match the statement: check them before submitting',
    },
    language,
  );
}

async function readTask(kernel: Kernel, tx: SqlExecutor | undefined, id: number): Promise<Values | undefined> {
  const entity = kernel.registry.entity(OCR_TASK)!;
  const { t, c } = kernel.auth.access.sql;
  const names = entity.fields.filter((f) => !f.secret).map((f) => f.name);
  const rows = await (tx ?? kernel.db).select(
    `SELECT ${names.map((n) => `${c(OCR_TASK, n)} AS ${n}`).join(', ')} FROM ${t(OCR_TASK)} WHERE ${c(OCR_TASK, 'ocrTaskId')} = ?`,
    [id],
  );
  return rows[0] as Values | undefined;
}

/**
 * Invoice recognition (DOMAIN.md §4.1 srmRcnAccountCheckOcrTask): the supplier uploads the invoice
 * through the file server and names it here; the task reads it (PDF text layer, or tesseract for
 * images), compares it with the statement and fills the invoice, or ends MANUAL saying why.
 * The task runs within the call (a PDF's text layer takes milliseconds).
 */
export function registerInvoiceRecognition(
  actions: ActionRegistry,
  store: CheckStore,
  readers?: InvoiceReader[],
): void {
  const access = { pages: CHECK_PAGES, resourceCode: 'btnRecognizeInvoice' };
  const invoiceTypes = store.registry.lookupType('RCN_INVOICE_TYPE')?.values.map((v) => v.lookupCode) ?? [];
  const ocrInput: JsonSchema = {
    type: 'object',
    required: ['accountCheckId', 'attachmentId'],
    properties: {
      accountCheckId: ID,
      attachmentId: ID,
      checkInvoiceId: { type: ['integer', 'null'], minimum: 1 },
      invoiceType: { type: ['string', 'null'], enum: [...invoiceTypes, null] },
    },
  };

  // invoiceOcr {accountCheckId, attachmentId, checkInvoiceId?, invoiceType?}
  actions.register({
    area: 'srmServer',
    resource: OCR_RESOURCE,
    action: 'invoiceOcr',
    access,
    input: ocrInput,
    handler: async (body, ctx, kernel, req) => {
      const accountCheckId = body.accountCheckId as number;
      const attachmentId = body.attachmentId as number;
      const { row } = await reachableCheck(kernel, req, ctx, accountCheckId);
      if (!OPEN_FOR_INVOICES.includes(String(row.status)))
        throw declaredError('reconciliation.notOpenForInvoices', { status: row.status });
      const invoiceId = (body.checkInvoiceId as number | null | undefined) ?? undefined;
      const invoiceType = (body.invoiceType as string | null | undefined) ?? 'SPECIAL_VAT';
      if (!req.readFile) throw declaredError('reconciliation.signIn');
      const file = await req.readFile(attachmentId);
      const taskEntity = kernel.registry.entity(OCR_TASK)!;
      const taskId = await kernel.db.transaction((tx) =>
        kernel.resources.writer.insert(
          tx,
          taskEntity,
          {
            accountCheckId,
            supplierId: row.supplierId,
            checkInvoiceId: invoiceId ?? null,
            fileId: attachmentId,
            fileName: file.originalFileName,
            taskStatus: 'RUNNING',
          },
          ctx,
        ),
      );
      const reading = await readInvoice(
        { fileName: file.originalFileName, extension: file.extension, content: file.content },
        readers,
      );
      await kernel.db.transaction(async (tx) => {
        const header = await store.header(tx, accountCheckId, true);
        if (!header || !OPEN_FOR_INVOICES.includes(String(header.status)))
          throw declaredError('reconciliation.changedMeanwhile');
        if ('unavailable' in reading) {
          await store.update(
            tx,
            OCR_TASK,
            'ocrTaskId',
            taskId,
            // The task is read in either language: its message keeps both.
            {
              engine: reading.engine,
              taskStatus: 'MANUAL',
              message: `${reading.unavailable.cn} / ${reading.unavailable.en}`,
              verifyStatus: 'UNVERIFIED',
            },
            ctx.userId,
          );
          return;
        }
        const compare = compareInvoice(reading.fields, await statementTotals(store, tx, accountCheckId));
        const complete = ESSENTIAL.every((f) => reading.fields[f]);
        await store.update(
          tx,
          OCR_TASK,
          'ocrTaskId',
          taskId,
          {
            engine: reading.engine,
            taskStatus: complete ? 'SUCCESS' : 'MANUAL',
            resultJson: JSON.stringify({ fields: reading.fields, text: reading.text.slice(0, 4000) }),
            compareResult: JSON.stringify(compare),
            verifyStatus: compare.verifyStatus,
            message: complete
              ? null
              : `Not read: ${ESSENTIAL.filter((f) => !reading.fields[f]).join(', ')}; enter them by hand`,
          },
          ctx.userId,
        );
        if (!complete && invoiceId === undefined) return;
        const values: Values = { ...reading.fields, ocrTaskId: taskId, verifyStatus: compare.verifyStatus };
        const invoiceEntity = kernel.registry.entity(INVOICE)!;
        let id = invoiceId;
        if (id !== undefined) {
          const { t, c } = kernel.auth.access.sql;
          const own = await tx.select(
            `SELECT 1 AS ok FROM ${t(INVOICE)} WHERE ${c(INVOICE, 'checkInvoiceId')} = ? AND ${c(INVOICE, 'accountCheckId')} = ?`,
            [id, accountCheckId],
          );
          if (!own.length) throw Errors.recordNotFound();
          await store.update(
            tx,
            INVOICE,
            'checkInvoiceId',
            id,
            { ...(values as Record<string, string>), attachmentIds: String(attachmentId) },
            ctx.userId,
          );
        } else {
          id = await kernel.resources.writer.insert(
            tx,
            invoiceEntity,
            { ...values, accountCheckId, invoiceType, attachmentIds: String(attachmentId) },
            ctx,
          );
          await store.update(tx, OCR_TASK, 'ocrTaskId', taskId, { checkInvoiceId: id }, ctx.userId);
        }
        await kernel.hooks.runAfterSave({
          entity: invoiceEntity,
          id,
          values: { attachmentIds: String(attachmentId) },
          ctx,
          tx,
        });
        await store.writeTotals(tx, accountCheckId, checkTotals(await store.parts(tx, accountCheckId)), ctx.userId);
      });
      const task = taskView(await readTask(kernel, undefined, taskId));
      const reason = 'unavailable' in reading ? reading.unavailable : undefined;
      return { data: task, msg: recognitionMessage(task, ctx.language, reason) };
    },
  });

  const readableTask = async (kernel: Kernel, req: ActionRequest, ctx: ResourceContext, id: number) => {
    const task = await readTask(kernel, undefined, id);
    if (!task) throw Errors.recordNotFound();
    await reachableCheck(kernel, req, ctx, Number(task.accountCheckId));
    return task;
  };

  // compareByTaskId {id}: the task's reading compared again with the statement as it is now.
  actions.register({
    area: 'srmServer',
    resource: OCR_RESOURCE,
    action: 'compareByTaskId',
    access: { pages: CHECK_PAGES },
    input: recordIdInput(),
    handler: async (body, ctx, kernel, req) => {
      const task = taskView(await readableTask(kernel, req, ctx, body.id as number))!;
      const fields = ((task.resultJson as { fields?: InvoiceFields } | null)?.fields ?? {}) as InvoiceFields;
      const totals = await kernel.db.transaction((tx) => statementTotals(store, tx, Number(task.accountCheckId)));
      return { data: { ...task, compareResult: compareInvoice(fields, totals) } };
    },
  });

  // compareBatchQuery {ids}: several tasks with their stored comparison.
  actions.register({
    area: 'srmServer',
    resource: OCR_RESOURCE,
    action: 'compareBatchQuery',
    access: { pages: CHECK_PAGES },
    input: {
      type: 'object',
      required: ['ids'],
      properties: { ids: { type: 'array', minItems: 1, maxItems: 100, items: ID } },
    },
    handler: async (body, ctx, kernel, req) => {
      const ids = body.ids as number[];
      const tasks = [];
      for (const id of ids) tasks.push(taskView(await readableTask(kernel, req, ctx, id)));
      return { data: tasks };
    },
  });
}
