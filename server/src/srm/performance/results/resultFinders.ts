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
import { INSIDE_PAGES, RESOURCE, SUPPLIER_PAGES } from './resultActions';
import { PERF, type ResultStore } from './resultStore';

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
  const model = kernel.registry.entity(PERF)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, true, ctx);
  const row = await kernel.resources.reader.byId(model, id, ctx, scope);
  if (!row) throw Errors.recordNotFound();
  return { id, model, row, scope };
}

async function findSupplierInfoById(
  store: ResultStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const { row } = await resultInScope(kernel, req, ctx, body);
  const info = await kernel.db.transaction((tx) => store.one(tx, SUPPLIER, Number(row.supplierId), false));
  if (!info) throw Errors.recordNotFound();
  const fields = SUPPLIER_FIELDS.filter((f) => f in info).map((f) => [f, info[f]]);
  return { data: { ...Object.fromEntries(fields), supplierId: Number(info.supplierId) } };
}

/** The supplier's score lines of the scheme (joined through their sheet's schemeId), with the scorer. */
async function scoreLines(store: ResultStore, schemeId: number, supplierId: number) {
  const { t, c } = store.sql;
  const line = (f: string) => c(LINE, f, 'l');
  const sheet = (f: string) => c(SHEET, f, 's');
  const optional = ['indicatorsHeadId', 'actualValue', 'weightedScore'].filter((f) => store.model(LINE).field(f));
  const rows = await store.db.select(
    `SELECT ${line('supplierScoreId')} AS supplierScoreId, ${line('schemeScoreId')} AS schemeScoreId, ${sheet('schemeScoreNumber')} AS schemeScoreNumber, ` +
      `${sheet('scorerUserId')} AS scorerUserId, ${sheet('scoreStatus')} AS scoreStatus, ${line('score')} AS score, ${line('remark')} AS remark` +
      optional.map((f) => `, ${line(f)} AS ${f}`).join('') +
      ` FROM ${t(LINE)} l JOIN ${t(SHEET)} s ON ${sheet('schemeScoreId')} = ${line('schemeScoreId')} ` +
      `WHERE ${sheet('schemeId')} = ? AND ${line('supplierId')} = ? ORDER BY ${line('supplierScoreId')}`,
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

async function findPerFormAnceVOById(
  store: ResultStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const { id, model, scope } = await resultInScope(kernel, req, ctx, body);
  const header = await kernel.resources.findById(model, id, ctx, scope);
  const row = header as Record<string, unknown>;
  return { data: { ...row, scoreLines: await scoreLines(store, Number(row.schemeId), Number(row.supplierId)) } };
}

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
