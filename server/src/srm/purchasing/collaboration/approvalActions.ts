/**
 * Named actions of the acknowledgement forms (DOMAIN.md §5.8): addAckFile {approvalLineId,
 * attachmentId} — the supplier adds one uploaded file to its line while it is to be acknowledged
 * (PENDING: the action's declared states) and its deadline has not passed;
 * doImportListItem (multipart .xlsx `file` and approvalHeaderId) — appends lines to a DRAFT form from
 * a sheet whose first row holds the titles 供应商编码/supplierCode, 物料编码/itemCode and optionally
 * 承认要求/requirement, read through exchange. Every row is checked first; a bad row answers 400
 * naming its row (exchange's row errors) and nothing is written. The lines are saved through the
 * form's own save (its rules, one transaction).
 */
import { pickText } from '@meridian/metadata';
import { noDataRows, RowErrors } from '../../../exchange/rowErrors';
import { readSheet, type SheetColumn } from '../../../exchange/sheetReader';
import { Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, formRecordId, idFrom } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { today } from '../../../util/time';
import { ACK, ACK_LINE, type Collab, type SupplierFile } from './collabContext';

type Body = Record<string, unknown>;
const MAX_ROWS = 2000;
const LINE_ID = ['approvalLineId', 'id'];

/** The supplier's file on its line, while the line is PENDING (the action's declared states) and before the form's deadline. */
const ACK_FILE: Omit<SupplierFile, 'id' | 'attachmentId'> = {
  entity: ACK_LINE,
  field: 'ackFileIds',
  notSupplier: () => declaredError('purchasingOrders.ackFileNotLineSupplier'),
  check: (line) => {
    if (String(line.deadline ?? '').slice(0, 10) < today()) throw declaredError('purchasingOrders.ackDeadlinePassed');
  },
};

const SHEET_COLUMNS: SheetColumn[] = [
  { key: 'supplierCode', titles: ['supplierCode', '供应商编码'], required: true },
  { key: 'itemCode', titles: ['itemCode', '物料编码'], required: true },
  { key: 'requirement', titles: ['requirement', '承认要求'] },
];

type SheetLine = { row: number; supplierCode: string; itemCode: string; requirement: string };

/** The sheet's rows as {supplierCode, itemCode, requirement} with their sheet row numbers, read through exchange. */
async function sheetRows(req: ActionRequest): Promise<{ rows: SheetLine[]; fields: Record<string, string> }> {
  if (!req.xlsxUpload) throw declaredError('purchasingOrders.xlsxRequired');
  const upload = await req.xlsxUpload();
  const sheet = await readSheet(upload.file, SHEET_COLUMNS, MAX_ROWS);
  if (!sheet.length) throw noDataRows();
  const rows = sheet.map(({ row, values }) => ({
    row,
    supplierCode: values.supplierCode ?? '',
    itemCode: values.itemCode ?? '',
    requirement: values.requirement ?? '',
  }));
  return { rows, fields: upload.fields };
}

/** Enabled records of `entity` by the codes the rows name in `codeField`: code → id. */
async function idsByCode(k: Collab, entity: string, codeField: 'supplierCode' | 'itemCode', rows: SheetLine[]) {
  const key = k.registry.entity(entity)!.primaryKey;
  const where = { [codeField]: [...new Set(rows.map((r) => r[codeField]).filter(Boolean))], enabledFlag: 'Y' };
  const found = await k.rows.select(k.db, entity, [key, codeField], where);
  return new Map(found.map((r) => [String(r[codeField]), Number(r[key])]));
}

async function importLines(k: Collab, body: Body, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const { rows, fields } = await sheetRows(req);
  const id = formRecordId([fields, body], ['approvalHeaderId', 'id']);
  const entity = kernel.registry.entity(ACK)!;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, 'saveOrUpdate', ctx);
  const form = await kernel.resources.findById(entity, id, ctx, scope);
  if (!form) throw Errors.recordNotFound();
  if (form.status !== 'DRAFT') throw declaredError('purchasingOrders.ackImportDraftOnly');
  const suppliers = await idsByCode(k, 'srmSlcSupplierInfo', 'supplierCode', rows);
  const items = await idsByCode(k, 'srmBaseMaterialItem', 'itemCode', rows);
  const existing = ((form.lines as Body[] | undefined) ?? []).map((l) => ({
    approvalLineId: l.approvalLineId,
    supplierId: l.supplierId,
    itemId: l.itemId,
    requirement: l.requirement ?? null,
  }));
  const taken = new Set(existing.map((l) => `${String(l.supplierId)}/${String(l.itemId)}`));
  const errors = new RowErrors();
  const added: Body[] = [];
  for (const r of rows) {
    const supplierId = suppliers.get(r.supplierCode);
    const itemId = items.get(r.itemCode);
    const problem = !supplierId
      ? `供应商编码「${r.supplierCode}」不存在或已停用 / unknown supplier code`
      : !itemId
        ? `物料编码「${r.itemCode}」不存在或已停用 / unknown item code`
        : taken.has(`${supplierId}/${itemId}`)
          ? '该供应商与物料已在明细中 / supplier and item already listed'
          : r.requirement.length > 500
            ? '承认要求过长（最多 500 字）/ requirement too long'
            : undefined;
    if (problem) {
      errors.add(r.row, problem);
      continue;
    }
    taken.add(`${supplierId}/${itemId}`);
    added.push({ supplierId, itemId, requirement: r.requirement || null });
  }
  const refused = errors.refusal(rows.length, ctx.language);
  if (refused) throw refused;
  const saved = await kernel.resources.run(
    'saveOrUpdate',
    entity,
    { approvalHeaderId: id, versionNum: form.versionNum, lines: [...existing, ...added] },
    ctx,
    scope,
  );
  return {
    data: saved.data,
    msg: pickText(declaredText('purchasingOrders.ackLinesImported', { count: added.length }), ctx.language),
  };
}

export function registerApprovalActions(k: Collab, actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: 'srmPurApprovalLineRestful',
    action: 'addAckFile',
    access: { pages: ['approvalList'], resourceCode: 'btnAcknowledge' },
    input: eitherIdInput(LINE_ID, { attachmentId: { type: 'integer', minimum: 1 } }),
    states: {
      entity: ACK_LINE,
      id: LINE_ID,
      in: ['PENDING'],
      refusal: (line) =>
        line.ackStatus === 'CANCELLED'
          ? declaredText('purchasingOrders.ackFormCancelled')
          : declaredText('purchasingOrders.ackLineNotPending'),
    },
    handler: (body, ctx, kernel, req) =>
      k.addSupplierFile(kernel, req!, ctx, { ...ACK_FILE, id: idFrom(body, LINE_ID), attachmentId: body.attachmentId }),
  });
  actions.register({
    area: 'srmServer',
    resource: 'srmPurApprovalHeaderRestful',
    action: 'doImportListItem',
    access: { pages: ['approvalEdit'], resourceCode: 'btnImportListItem' },
    handler: (body, ctx, kernel, req) => importLines(k, body, ctx, kernel, req!),
  });
}
