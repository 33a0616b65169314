/**
 * The named actions of the performance result (DOMAIN.md §2.3, srmSpePerformanceRestful) that are
 * more than a transition with its input: each reads the result through the caller's row scope
 * (another supplier's or an unreleased result is not found: 404), checks its body (400) and runs
 * the lifecycle transition in one transaction with the transition's input — the transition locks
 * the scheme and the result, checks the state (409) and who acts (403) and writes the values.
 * doUpdateRejection {id, rejectionReason}, saveAfterScore {id, totalScore} and doRectification
 * {id, rectifyRequirement, rectifyDeadline?} are the lifecycle actions themselves.
 *
 * agreeOrAppeal {id, decision: AGREE|APPEAL, reason, attachments} picks the transition;
 * doSupplierCommit {id, rectifyReport, attachments} checks the files are the caller's; doConfirm
 * {id, rectifyResult?: PASSED|FAILED} picks the transition (without a rectification: CONFIRMED →
 * CLOSED); addAppealFile / addRectifyFile {performanceId, attachmentId} attach one uploaded file.
 */
import type { JsonSchema } from '@meridian/metadata';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import { attachmentIds } from '../../../files/attachmentLinks';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import {
  INSIDE_PAGES,
  PERF,
  RESOURCE,
  RESULT_ID,
  resultScope,
  SUPPLIER_PAGES,
  type Handler,
  type ResultStore,
} from './resultStore';

type Body = Record<string, unknown>;

/** A text field of the body, trimmed (its type and length are the declared input's); undefined when blank. */
const textOf = (body: Body, field: string) => (body[field] as string | null | undefined)?.trim() || undefined;

const required = (field: string) =>
  declaredError('performance.textRequired', { field }, [{ field, message: 'required / 必填' }]);

/** Attachment ids (array or comma list) as the stored comma list; each must be a file the caller uploaded. */
async function attachments(
  store: ResultStore,
  tx: SqlExecutor,
  value: unknown,
  ctx: ResourceContext,
): Promise<string | undefined> {
  const ids = attachmentIds(value);
  if (!ids.length) return undefined;
  const rows = await store.rows.select(tx, 'baseFile', ['attachmentId'], { uploadedBy: ctx.userId, attachmentId: ids });
  if (rows.length !== ids.length)
    throw declaredError('performance.attachmentNotYours', {}, [{ field: 'attachments', message: 'unknown file' }]);
  return ids.join(',');
}

/** The transition to run and its input (lifecycle `input` fields of srmSpePerformance). */
interface Picked {
  action: string;
  input?: Record<string, unknown>;
  comment?: string | null;
}

/** Reads the result in scope (404), then runs the action `pick` chooses on it with its input. */
async function transition(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  id: number,
  pick: (row: Record<string, unknown>, tx: SqlExecutor) => Promise<Picked>,
) {
  const { model, scope, read } = await resultScope(kernel, req, ctx, false);
  await kernel.db.transaction(async (tx) => {
    const { action, input, comment } = await pick(await read(id, tx), tx);
    await kernel.lifecycles.runInTransaction(tx, model, action, id, ctx, comment ?? null, undefined, input);
  });
  return { data: await kernel.resources.findById(model, id, ctx, scope) };
}

const idOf = (body: Body) => idFrom(body, RESULT_ID);
/** An input value only when given: a missing one leaves the field as it is. */
const given = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

// Each body is checked once the result is found in the caller's scope: a foreign id is 404 whatever its body.
const agreeOrAppeal: Handler = (store, body, ctx, kernel, req) =>
  transition(kernel, req, ctx, idOf(body), async (_row, tx) => {
    const reason = textOf(body, 'reason');
    if (body.decision !== 'APPEAL') return { action: 'doAgree', comment: reason ?? null };
    if (!reason) throw required('reason');
    const files = await attachments(store, tx, body.attachments, ctx);
    return { action: 'doAppeal', input: given({ appealReason: reason, appealAttachmentIds: files }) };
  });

const doSupplierCommit: Handler = (store, body, ctx, kernel, req) =>
  transition(kernel, req, ctx, idOf(body), async (_row, tx) => {
    const field = body.rectifyReport !== undefined ? 'rectifyReport' : 'comment';
    const report = textOf(body, field);
    if (!report) throw required(field);
    const files = await attachments(store, tx, body.attachments, ctx);
    return { action: 'doSupplierCommit', input: given({ rectifyReport: report, rectifyAttachmentIds: files }) };
  });

const doConfirm: Handler = (_store, body, ctx, kernel, req) =>
  transition(kernel, req, ctx, idOf(body), (row) => {
    const result = body.rectifyResult;
    if (row.status === 'RECTIFY_SUBMITTED' && !result)
      throw declaredError('performance.rectifyResultRequired', {}, [
        { field: 'rectifyResult', message: 'PASSED | FAILED' },
      ]);
    const action =
      row.status !== 'RECTIFY_SUBMITTED' ? 'doConfirm' : result === 'PASSED' ? 'doConfirmPassed' : 'doConfirmFailed';
    return Promise.resolve({ action, comment: textOf(body, 'comment') ?? null });
  });

/** Attaches one uploaded file to the appeal (RELEASED, not yet appealed) or to the rectification report (RECTIFYING). */
function addFile(field: 'appealAttachmentIds' | 'rectifyAttachmentIds', state: string): Handler {
  return async (store, body, ctx, kernel, req) => {
    const id = idFrom(body, FILE_RESULT_ID);
    const { model, scope, read } = await resultScope(kernel, req, ctx, false);
    await kernel.db.transaction(async (tx) => {
      const row = await read(id, tx, true);
      if (row.status !== state || (field === 'appealAttachmentIds' && row.appealFlag === 'Y'))
        throw declaredError('performance.noFileNow', { status: row.status });
      const added = (await attachments(store, tx, body.attachmentId, ctx)) ?? '';
      const ids = new Set([...String(row[field] ?? '').split(','), ...added.split(',')].filter(Boolean));
      const values = { [field]: [...ids].join(',') || null };
      await store.setFields(tx, PERF, id, values, ctx);
      // The after-save hooks link the caller's uploads named there to the result, so that the buyer
      // reviewing an appeal or a rectification report may download them (an unlinked upload is its uploader's alone).
      if (values[field]) await kernel.hooks.runAfterSave({ entity: model, id, values, ctx, tx });
    });
    return { data: await kernel.resources.findById(model, id, ctx, scope) };
  };
}

/*
 * The finders of the performance result (DOMAIN.md §2.3): findSupplierInfoById {id} answers the
 * master information of the result's supplier (the result header's supplier block);
 * findPerFormAnceVOById {id} answers the result with its history and `scoreLines`, the
 * srmSpeSupplierScore lines of the scheme's score sheets for that supplier. Both read the result
 * through the caller's row scope first: a supplier reads only its own released results (404
 * otherwise), although the score sheets themselves stay internal.
 */
const SUPPLIER = 'srmSlcSupplierInfo';
const SUPPLIER_FIELDS = [
  'supplierId',
  'supplierCode',
  'supplierName',
  'supplierType',
  'supplierStatus',
  'unifiedSocialCreditCode',
  'registeredAddress',
  'countryCode',
];
const SHEET = 'srmSpeSchemeScore';
const LINE = 'srmSpeSupplierScore';

async function resultInScope(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, body: Record<string, unknown>) {
  const id = idFrom(body, RESULT_ID);
  const { model, scope, read } = await resultScope(kernel, req, ctx, true);
  return { id, model, scope, row: await read(id) };
}

const findSupplierInfoById: Handler = async (store, body, ctx, kernel, req) => {
  const { row } = await resultInScope(kernel, req, ctx, body);
  const info = await store.rows.one(kernel.db, SUPPLIER, SUPPLIER_FIELDS, { supplierId: Number(row.supplierId) });
  if (!info) throw Errors.recordNotFound();
  return { data: { ...info, supplierId: Number(info.supplierId) } };
};

const LINE_FIELDS = [
  'supplierScoreId',
  'schemeScoreId',
  'score',
  'remark',
  'indicatorsHeadId',
  'actualValue',
  'weightedScore',
];
const SHEET_FIELDS = ['schemeScoreNumber', 'scorerUserId', 'scoreStatus'];

/** The supplier's score lines on the scheme's sheets, each with its sheet's number, scorer and status. */
async function scoreLines(store: ResultStore, schemeId: number, supplierId: number) {
  const sheets = await store.rows.select(store.db, SHEET, ['schemeScoreId', ...SHEET_FIELDS], { schemeId });
  const sheetOf = new Map(sheets.map(({ schemeScoreId, ...sheet }) => [Number(schemeScoreId), sheet]));
  const where = { schemeScoreId: [...sheetOf.keys()], supplierId };
  const lines = await store.rows.select(store.db, LINE, LINE_FIELDS, where, { orderBy: ['supplierScoreId'] });
  const rows = lines.map((l) => ({ ...l, ...sheetOf.get(Number(l.schemeScoreId)) }));
  return rows.map((r) => ({
    ...r,
    supplierScoreId: Number(r.supplierScoreId),
    schemeScoreId: Number(r.schemeScoreId),
    scorerUserId: r.scorerUserId === null ? null : Number(r.scorerUserId),
    score: r.score === null ? null : Number(r.score).toFixed(2),
  }));
}

const findPerFormAnceVOById: Handler = async (store, body, ctx, kernel, req) => {
  const { id, model, scope } = await resultInScope(kernel, req, ctx, body);
  const row = await kernel.resources.findById(model, id, ctx, scope);
  return { data: { ...row, scoreLines: await scoreLines(store, Number(row.schemeId), Number(row.supplierId)) } };
};

const TEXT: JsonSchema = { type: ['string', 'null'], maxLength: 2000 };
/** Uploaded files: an array of ids, or their comma list (the spec's pages send either). */
const ATTACHMENTS: JsonSchema = {
  type: ['array', 'string', 'null'],
  items: { type: 'integer', minimum: 1 },
  pattern: '^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?$',
};
const FILE_RESULT_ID = ['performanceId', 'id'];
const ON_RESULT = (extra: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  ...eitherIdInput(RESULT_ID, extra),
  required,
});
/** Each action's body: the types the platform checks before the handler (400 naming the field). */
const INPUTS: Record<string, JsonSchema> = {
  agreeOrAppeal: ON_RESULT({ decision: { enum: ['AGREE', 'APPEAL'] }, reason: TEXT, attachments: ATTACHMENTS }, [
    'decision',
  ]),
  addAppealFile: eitherIdInput(FILE_RESULT_ID, { attachmentId: ATTACHMENTS }),
  doSupplierCommit: ON_RESULT({
    rectifyReport: { ...TEXT, maxLength: 4000 },
    comment: { ...TEXT, maxLength: 4000 },
    attachments: ATTACHMENTS,
  }),
  addRectifyFile: eitherIdInput(FILE_RESULT_ID, { attachmentId: ATTACHMENTS }),
  doConfirm: ON_RESULT({ rectifyResult: { enum: ['PASSED', 'FAILED', '', null] }, comment: TEXT }),
  findSupplierInfoById: eitherIdInput(RESULT_ID),
  findPerFormAnceVOById: eitherIdInput(RESULT_ID),
};

export function registerResultActions(store: ResultStore, actions: ActionRegistry): void {
  const add = (action: string, pages: string[], resourceCode: string | undefined, fn: Handler) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: resourceCode ? { pages, resourceCode } : { pages },
      input: INPUTS[action],
      handler: (body, ctx, kernel, req) => fn(store, body, ctx, kernel, req),
    });
  add('agreeOrAppeal', SUPPLIER_PAGES, 'btnAgreeOrAppeal', agreeOrAppeal);
  add('addAppealFile', SUPPLIER_PAGES, 'btnAgreeOrAppeal', addFile('appealAttachmentIds', 'RELEASED'));
  add('doSupplierCommit', SUPPLIER_PAGES, 'btnSupplierCommit', doSupplierCommit);
  add('addRectifyFile', SUPPLIER_PAGES, 'btnSupplierCommit', addFile('rectifyAttachmentIds', 'RECTIFYING'));
  add('doConfirm', INSIDE_PAGES, 'btnConfirm', doConfirm);
  // The finders: from the pages of both sides, no button.
  const pages = [...INSIDE_PAGES, ...SUPPLIER_PAGES];
  add('findSupplierInfoById', pages, undefined, findSupplierInfoById);
  add('findPerFormAnceVOById', pages, undefined, findPerFormAnceVOById);
}
