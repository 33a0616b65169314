import { bothLanguages, pickText, type I18nText, type JsonSchema, type Language } from '@meridian/metadata';
import type { SqlParam } from '../../../db/sqlExecutor';
import type { SqlReads } from '../../../lifecycle/platformRows';
import { Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { compareDecimals, parseDecimal } from '../../../util/decimal';
import { checkTotals, type CheckTotals, type Values } from '../accountCheck/checkAmounts';
import { CHECK_PAGES, reachableCheck } from '../accountCheck/checkActions';
import { CHECK, CheckStore, INVOICE, OCR_TASK } from '../accountCheck/checkStore';
import { readInvoice, type InvoiceReader } from './invoiceReader';
import { addCents, ESSENTIAL, type InvoiceFields } from './invoiceText';

const OCR_RESOURCE = 'srmRcnAccountCheckOcrTaskRestful';
const ID: JsonSchema = { type: 'integer', minimum: 1 };
/** The invoice's amounts compared, each with the statement's total it must equal. */
const COMPARED = { amountIncl: 'checkAmountTotal', taxAmount: 'taxAmount' } as const;

/**
 * The invoice against its statement: total incl. tax against the statement total, tax against the
 * statement's tax, and the invoice's own sum (excl. + tax = incl.). VERIFIED when all hold,
 * MISMATCH otherwise, FAILED when the amounts could not be read.
 */
function compareInvoice(fields: InvoiceFields, statement: Pick<CheckTotals, 'checkAmountTotal' | 'taxAmount'>) {
  const same = (a: string | undefined, b: string) => {
    const x = parseDecimal(a);
    const y = parseDecimal(b);
    return !!x && !!y && compareDecimals(x, y) === 0;
  };
  const items = (Object.keys(COMPARED) as (keyof typeof COMPARED)[]).map((field) => {
    const total = statement[COMPARED[field]];
    return { field, invoice: fields[field] ?? null, statement: total, match: same(fields[field], total) };
  });
  const consistent =
    !!fields.amountExcl && !!fields.taxAmount && same(fields.amountIncl, addCents(fields.amountExcl, fields.taxAmount));
  const readable = ESSENTIAL.every((f) => fields[f]);
  const verifyStatus =
    !readable || !fields.amountIncl ? 'FAILED' : items.every((i) => i.match) && consistent ? 'VERIFIED' : 'MISMATCH';
  return { items, consistent, verifyStatus };
}

/** A task as answered (its JSON columns parsed), or undefined. */
async function readTask(store: CheckStore, tx: SqlReads, id: number): Promise<Values | undefined> {
  const fields = store.registry
    .entity(OCR_TASK)!
    .fields.filter((f) => !f.secret)
    .map((f) => f.name);
  const row = await store.rows.one(tx, OCR_TASK, fields, { ocrTaskId: id });
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return row && { ...row, resultJson: parse(row.resultJson), compareResult: parse(row.compareResult) };
}

/** What the recognition came to, for the message the page shows after the upload (the task says the detail). */
function recognitionMessage(task: Values | undefined, language: Language, reason?: I18nText): string {
  const status = String(task?.verifyStatus ?? '');
  if (task?.taskStatus !== 'SUCCESS') {
    const why = reason ? `: ${pickText(reason, language)}` : task?.message ? `: ${String(task.message)}` : '';
    return pickText(declaredText('reconciliation.invoiceNotRead', { why }), language);
  }
  if (status === 'VERIFIED') return pickText(declaredText('reconciliation.invoiceVerified'), language);
  return pickText(declaredText('reconciliation.invoiceMismatch'), language);
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
    // While the supplier enters invoices; checked again, under lock, when the reading is written.
    states: {
      entity: CHECK,
      id: 'accountCheckId',
      in: ['SUPPLIER_CONFIRMED', 'INVOICE_REJECTED'],
      refusal: (r) => declaredText('reconciliation.noInvoicesNow', r),
    },
    handler: async (body, ctx, kernel, req) => {
      const accountCheckId = body.accountCheckId as number;
      const attachmentId = body.attachmentId as number;
      const { row } = await reachableCheck(kernel, req, ctx, accountCheckId);
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
      const task = await kernel.db.transaction(async (tx) => {
        const setTask = (values: Values) =>
          store.update(tx, OCR_TASK, 'ocrTaskId', taskId, values as never, ctx.userId);
        if ('unavailable' in reading) {
          // The task is read in either language: its message keeps both.
          const message = bothLanguages(reading.unavailable);
          await setTask({ engine: reading.engine, taskStatus: 'MANUAL', message, verifyStatus: 'UNVERIFIED' });
          return readTask(store, tx, taskId);
        }
        const compare = compareInvoice(reading.fields, checkTotals(await store.parts(tx, accountCheckId)));
        const complete = ESSENTIAL.every((f) => reading.fields[f]);
        await setTask({
          engine: reading.engine,
          taskStatus: complete ? 'SUCCESS' : 'MANUAL',
          resultJson: JSON.stringify({ fields: reading.fields, text: reading.text.slice(0, 4000) }),
          compareResult: JSON.stringify(compare),
          verifyStatus: compare.verifyStatus,
          message: complete
            ? null
            : `Not read: ${ESSENTIAL.filter((f) => !reading.fields[f]).join(', ')}; enter them by hand`,
        });
        if (!complete && invoiceId === undefined) return readTask(store, tx, taskId);
        const attachmentIds = String(attachmentId);
        const values = {
          ...reading.fields,
          ocrTaskId: taskId,
          verifyStatus: compare.verifyStatus,
          attachmentIds,
        } as Record<string, SqlParam>;
        const invoiceEntity = kernel.registry.entity(INVOICE)!;
        let id = invoiceId;
        if (id !== undefined) {
          const own = await store.rows.one(tx, INVOICE, ['checkInvoiceId'], { checkInvoiceId: id, accountCheckId });
          if (!own) throw Errors.recordNotFound();
          await store.update(tx, INVOICE, 'checkInvoiceId', id, values, ctx.userId);
        } else {
          id = await kernel.resources.writer.insert(tx, invoiceEntity, { ...values, accountCheckId, invoiceType }, ctx);
          await setTask({ checkInvoiceId: id });
        }
        await kernel.hooks.runAfterSave({ entity: invoiceEntity, id, values: { attachmentIds }, ctx, tx });
        await store.writeTotals(tx, accountCheckId, ctx.userId);
        return readTask(store, tx, taskId);
      });
      const reason = 'unavailable' in reading ? reading.unavailable : undefined;
      return { data: task, msg: recognitionMessage(task, ctx.language, reason) };
    },
  });

  /** The task, when the caller may read its statement (404 otherwise). */
  const readableTask = async (kernel: Kernel, req: ActionRequest, ctx: ResourceContext, id: number) => {
    const task = await readTask(store, kernel.db, id);
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
      const task = await readableTask(kernel, req, ctx, body.id as number);
      const fields = (task.resultJson as { fields?: InvoiceFields } | null)?.fields ?? {};
      const totals = checkTotals(await store.parts(kernel.db, Number(task.accountCheckId)));
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
      const tasks = [];
      for (const id of body.ids as number[]) tasks.push(await readableTask(kernel, req, ctx, id));
      return { data: tasks };
    },
  });
}
