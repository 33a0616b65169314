/**
 * Labels of delivery-note lines (DOMAIN 5.8 srmPurBarcodeReserve, resource srmPurBarcodeReserveRestful):
 * doSubmitBarcodePrint {deliveryNoteLineId, packQtys} splits a shipped line into packs (one label
 * each; the packs add up to the line's ship quantity, 400 otherwise); findPrintBarcode
 * {deliveryNoteLineId | barcodeId} answers the labels as a PDF and counts the print;
 * doDeleteBarcodeData removes a line's labels; findBarcode {barcode} and findBarcodeOrder read.
 * Reads go through the caller's row scope: another supplier's labels are not found (404).
 */
import { pickText } from '@meridian/metadata';
import type { Row, SqlParam } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import type { ActionHandler, ActionRegistry, ActionRequest, RegisteredAction } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { lockOwner } from '../../../resource/invariantLocks';
import { addDecimals, compareDecimals, formatDecimal, parseDecimal, ZERO, type Dec } from '../../../util/decimal';
import { formatDateTime } from '../../../util/time';
import { labelsPdf } from './labelPdf';
import { BARCODE, type LabelStore, NOTE_LINE, supplierOf } from './labelStore';

const RESOURCE = 'srmPurBarcodeReserveRestful';
const GENERATE_PAGES = ['barcodeOrderToBeGeneratedList', 'barcodeOrderToBeGeneratedEdit'];
const PRINT_PAGES = ['barcodeOrderToBeGeneratedEdit', 'printBarcodeList'];
const MAX_PACKS = 500;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** The line is named deliveryNoteLineId (or id); a label barcodeId (or id). */
const LINE_IDS = ['deliveryNoteLineId', 'id'];
const BARCODE_IDS = ['barcodeId', 'id'];
const LINE_OR_LABEL = eitherIdInput(['deliveryNoteLineId', 'barcodeId', 'id']);
/** What a label copies from its delivery-note line and note. */
const COPIED = ['invOrgId', 'deliveryNoteId', 'deliveryNoteNumber', 'poNumber', 'itemCode', 'itemName', 'uomCode'];

/** The packs asked for: "3000,3000,2000" (commas, Chinese commas, spaces) or an array of quantities. */
export function parsePacks(raw: unknown): Dec[] {
  const parts = Array.isArray(raw)
    ? raw.map((p) => (p && typeof p === 'object' ? (p as { packQty?: unknown }).packQty : p))
    : String(raw ?? '')
        .split(/[,，;；\s]+/)
        .filter((s) => s !== '');
  const bad = () =>
    declaredError('purchasingDelivery.badPacks', {}, [{ field: 'packQtys', message: 'positive quantities' }]);
  if (!parts.length || parts.length > MAX_PACKS) throw bad();
  return parts.map((p) => {
    const d = typeof p === 'number' || typeof p === 'string' ? parseDecimal(p) : undefined;
    if (!d || d.units <= 0n || d.scale > 4) throw bad();
    return d;
  });
}

async function scopedLabels(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  field: string,
  id: number | string,
): Promise<Row[]> {
  const model = kernel.registry.entity(BARCODE)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, true, ctx);
  const { rows } = await kernel.resources.reader.list(
    model,
    { params: {}, filter: { field, op: 'eq', value: id }, pageIndex: 1, pageRows: MAX_PACKS, orderBy: 'packSeq asc' },
    ctx,
    scope,
  );
  if (!rows.length) throw Errors.recordNotFound();
  return rows;
}

async function generate(store: LabelStore, body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel) {
  const supplierId = supplierOf(ctx);
  const lineId = idFrom(body, LINE_IDS);
  const packs = parsePacks(body.packQtys ?? body.packs);
  const made = await kernel.db.transaction(async (tx) => {
    if (!(await lockOwner(tx, kernel.registry.entity(NOTE_LINE)!, lineId))) throw Errors.recordNotFound();
    const line = await store.noteLine(tx, lineId);
    if (!line || Number(line.supplierId) !== supplierId) throw Errors.recordNotFound();
    if (String(line.status) !== 'SHIPPED') throw declaredError('purchasingDelivery.labelsNeedShipped');
    if (line.labelStatus === 'GENERATED') throw declaredError('purchasingDelivery.labelsExist');
    const total = packs.reduce<Dec>((sum, p) => addDecimals(sum, p), ZERO);
    const shipQty = parseDecimal(String(line.shipQty)) ?? ZERO;
    if (compareDecimals(total, shipQty) !== 0)
      throw declaredError(
        'purchasingDelivery.packsNotShipQty',
        { total: formatDecimal(total, 4), shipQty: formatDecimal(shipQty, 4) },
        [{ field: 'packQtys', message: 'sum must equal the ship quantity' }],
      );
    const barcodes: string[] = [];
    for (const [i, qty] of packs.entries()) {
      const barcode = `${String(line.deliveryNoteNumber)}-${pad(Number(line.lineNum), 2)}-${pad(i + 1, 3)}`;
      await store.rows.insert(
        tx,
        BARCODE,
        {
          ...(Object.fromEntries(COPIED.map((f) => [f, line[f]])) as Record<string, SqlParam>),
          barcode,
          supplierId,
          deliveryNoteLineId: lineId,
          packSeq: i + 1,
          packCount: packs.length,
          packQty: formatDecimal(qty, 4),
          printedFlag: 'N',
          printCount: 0,
        },
        ctx.userId,
      );
      barcodes.push(barcode);
    }
    await store.update(tx, NOTE_LINE, 'deliveryNoteLineId', lineId, { labelStatus: 'GENERATED' }, ctx.userId);
    return barcodes;
  });
  return {
    data: { deliveryNoteLineId: lineId, barcodes: made },
    msg: pickText(declaredText('purchasingDelivery.labelsGenerated', { count: made.length }), ctx.language),
  };
}

async function print(
  store: LabelStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const byLine = typeof body.deliveryNoteLineId === 'number';
  const field = byLine ? 'deliveryNoteLineId' : 'barcodeId';
  const labels = await scopedLabels(kernel, req, ctx, field, idFrom(body, byLine ? LINE_IDS : BARCODE_IDS));
  const content = await kernel.db.transaction(async (tx) => {
    const size = await store.labelSize(tx);
    const notes = await store.notes(tx, [...new Set(labels.map((l) => Number(l.deliveryNoteId)))]);
    const supplier = await store.supplierName(tx, Number(labels[0].supplierId));
    const shipDate = (l: Row) => notes.get(Number(l.deliveryNoteId))?.shipDate;
    const pdf = await labelsPdf(
      labels.map((l) => ({
        ...l,
        packQty: formatDecimal(parseDecimal(String(l.packQty)) ?? ZERO, 0).replace(/\.$/, ''),
        supplierName: supplier,
        shipDate: shipDate(l),
      })),
      size,
    );
    const { t, c } = store.sql;
    await tx.execute(
      `UPDATE ${t(BARCODE)} SET ${c(BARCODE, 'printedFlag')} = 'Y', ${c(BARCODE, 'printCount')} = COALESCE(${c(BARCODE, 'printCount')}, 0) + 1, ` +
        `${c(BARCODE, 'lastPrintDate')} = ?, ${c(BARCODE, 'versionNum')} = ${c(BARCODE, 'versionNum')} + 1 WHERE ${c(BARCODE, 'barcodeId')} IN (${labels.map(() => '?').join(', ')})`,
      [formatDateTime(), ...labels.map((l) => Number(l.barcodeId))],
    );
    return pdf;
  });
  const name = byLine ? String(labels[0].deliveryNoteNumber) : String(labels[0].barcode);
  return { data: null, file: { fileName: `labels-${name}.pdf`, contentType: 'application/pdf', content } };
}

async function remove(store: LabelStore, body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel) {
  const supplierId = supplierOf(ctx);
  let lineId: number;
  if (typeof body.deliveryNoteLineId === 'number') lineId = body.deliveryNoteLineId;
  else {
    const [label] = await store.labels(kernel.db, 'barcodeId', [idFrom(body, BARCODE_IDS)]);
    if (!label || Number(label.supplierId) !== supplierId) throw Errors.recordNotFound();
    lineId = Number(label.deliveryNoteLineId);
  }
  const removed = await kernel.db.transaction(async (tx) => {
    if (!(await lockOwner(tx, kernel.registry.entity(NOTE_LINE)!, lineId))) throw Errors.recordNotFound();
    const line = await store.noteLine(tx, lineId);
    if (!line || Number(line.supplierId) !== supplierId) throw Errors.recordNotFound();
    if (line.labelStatus !== 'GENERATED') throw declaredError('purchasingDelivery.noLabels');
    if (String(line.status) !== 'SHIPPED') throw declaredError('purchasingDelivery.labelsFixed');
    const deleted = await store.rows.delete(tx, BARCODE, { deliveryNoteLineId: lineId });
    await store.update(tx, NOTE_LINE, 'deliveryNoteLineId', lineId, { labelStatus: null }, ctx.userId);
    return deleted;
  });
  return { data: { deliveryNoteLineId: lineId, deleted: removed } };
}

export function registerBarcodeActions(store: LabelStore, actions: ActionRegistry): void {
  const register = (
    action: string,
    pages: string[],
    resourceCode: string | undefined,
    handler: ActionHandler,
    input?: RegisteredAction['input'],
  ) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: { pages, resourceCode },
      input,
      handler,
    });
  register(
    'doSubmitBarcodePrint',
    GENERATE_PAGES,
    'btnGenerate',
    (body, ctx, kernel) => generate(store, body, ctx, kernel),
    eitherIdInput(LINE_IDS),
  );
  register(
    'findPrintBarcode',
    PRINT_PAGES,
    'btnPrint',
    (body, ctx, kernel, req) => print(store, body, ctx, kernel, req),
    LINE_OR_LABEL,
  );
  register(
    'doDeleteBarcodeData',
    PRINT_PAGES,
    'btnDeleteBarcode',
    (body, ctx, kernel) => remove(store, body, ctx, kernel),
    LINE_OR_LABEL,
  );
  // findBarcode {barcode}: the label behind a scanned value (404 outside the caller's scope).
  register(
    'findBarcode',
    ['printBarcodeList'],
    undefined,
    async (body, ctx, kernel, req) => ({
      data: (await scopedLabels(kernel, req, ctx, 'barcode', String(body.barcode).trim()))[0],
    }),
    {
      type: 'object',
      required: ['barcode'],
      properties: { barcode: { type: 'string', maxLength: 60, pattern: '\\S' } },
    },
  );
  // findBarcodeOrder: the shipped delivery-note lines awaiting labels that the caller may see.
  const PAGE = { type: 'integer', minimum: 1 };
  register(
    'findBarcodeOrder',
    GENERATE_PAGES,
    undefined,
    async (body, ctx, kernel, req) => {
      const model = kernel.registry.entity(NOTE_LINE)!;
      const scope = await kernel.auth.guard.rowScope(req.identity!, model, true, ctx);
      const pageRows = Math.min(200, body.pageRows as number);
      const pageIndex = body.pageIndex as number;
      const { rows, page } = await kernel.resources.reader.list(
        model,
        {
          params: {},
          filter: {
            and: [{ field: 'labelStatus', op: 'null' }, { parent: { field: 'status', op: 'eq', value: 'SHIPPED' } }],
          },
          pageIndex,
          pageRows,
          orderBy: 'deliveryNoteLineId desc',
        },
        ctx,
        scope,
      );
      return { data: rows, page };
    },
    {
      type: 'object',
      properties: { pageRows: { ...PAGE, default: 50 }, pageIndex: { ...PAGE, default: 1 } },
    },
  );
}
