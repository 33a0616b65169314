/**
 * The finders of the performance result (DOMAIN.md §2.3): findSupplierInfoById {id} answers the
 * master information of the result's supplier (the result header's supplier block);
 * findPerFormAnceVOById {id} answers the result with its history and `scoreLines`, the
 * srmSpeSupplierScore lines of the scheme's score sheets for that supplier. Both read the result
 * through the caller's row scope first: a supplier reads only its own released results (404
 * otherwise), although the score sheets themselves stay internal.
 */
import { Errors } from '../../../http/apiError';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import { INSIDE_PAGES, RESOURCE, SUPPLIER_PAGES, type Handler } from './resultActions';
import { resultScope, type ResultStore } from './resultStore';

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
const RESULT_ID = ['id', 'performanceId'];
const LINE = 'srmSpeSupplierScore';

async function resultInScope(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, body: Record<string, unknown>) {
  const id = idFrom(body, RESULT_ID);
  const { model, scope, read } = await resultScope(kernel, req, ctx, true);
  return { id, model, scope, row: await read(id) };
}

const findSupplierInfoById: Handler = async (store, body, ctx, kernel, req) => {
  const { row } = await resultInScope(kernel, req, ctx, body);
  const info = await kernel.db.transaction((tx) => store.one(tx, SUPPLIER, Number(row.supplierId), false));
  if (!info) throw Errors.recordNotFound();
  const fields = SUPPLIER_FIELDS.map((f) => [f, info[f]]);
  return { data: { ...Object.fromEntries(fields), supplierId: Number(info.supplierId) } };
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

/** The supplier's score lines of the scheme (joined through their sheet's schemeId), with the scorer. */
async function scoreLines(store: ResultStore, schemeId: number, supplierId: number) {
  const { t, c } = store.sql;
  const columns = [
    ...LINE_FIELDS.map((f) => `${c(LINE, f, 'l')} AS ${f}`),
    ...SHEET_FIELDS.map((f) => `${c(SHEET, f, 's')} AS ${f}`),
  ];
  const rows = await store.db.select(
    `SELECT ${columns.join(', ')} FROM ${t(LINE)} l JOIN ${t(SHEET)} s ON ${c(SHEET, 'schemeScoreId', 's')} = ${c(LINE, 'schemeScoreId', 'l')} ` +
      `WHERE ${c(SHEET, 'schemeId', 's')} = ? AND ${c(LINE, 'supplierId', 'l')} = ? ORDER BY ${c(LINE, 'supplierScoreId', 'l')}`,
    [schemeId, supplierId],
  );
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

export function registerResultFinders(store: ResultStore, actions: ActionRegistry): void {
  const pages = [...INSIDE_PAGES, ...SUPPLIER_PAGES];
  for (const [action, fn] of [
    ['findSupplierInfoById', findSupplierInfoById],
    ['findPerFormAnceVOById', findPerFormAnceVOById],
  ] as const)
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: { pages },
      input: eitherIdInput(RESULT_ID),
      handler: (body, ctx, kernel, req) => fn(store, body, ctx, kernel, req!),
    });
}
