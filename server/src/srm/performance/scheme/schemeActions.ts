/**
 * Evaluation schemes (DOMAIN.md §2.2, lifecycle speScheme; its submit checks are declared there): the
 * sheets the approval creates (schemeSheets.ts), the system indicators from this system's data
 * (PerformanceDataSource, the local provider), the calculation (schemeCalc.ts, doCalculate's
 * handler) and the scheme's named actions (resource srmSpeSchemeRestful, from the scheme's pages):
 * doAdjustScoreEndDate {id, scoreEndDate} moves the scoring window's end while SCORING (declared
 * states; 409 when the date is before today or the window's start); doDelayRateFromErp /
 * doRejectRateFromMess {id} fill the SYSTEM indicators (systemIndicators.ts); doExportSupplierScore {id} answers the scheme's score lines
 * as .xlsx. srmSpeSupplierScoreRestful/findPageListBySchemeScoreId {schemeScoreId, pageIndex, pageRows}
 * pages one sheet's lines. Each reads the record through the caller's row scope first (404).
 */
import { isSupplierType } from '../../../access/accessService';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import { XLSX_TYPE, xlsxBuffer } from '../../../exchange/xlsxBuffer';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, idFrom, recordIdInput } from '../../../platform/actionInput';
import type { ActionRequest, ActionStates, RegisteredAction } from '../../../platform/actionRegistry';
import type { DomainRegistries } from '../../../platform/domainModules';
import type { DomainServiceRegistry } from '../../../platform/domainServices';
import type { ResourceContext } from '../../../resource/context';
import { today } from '../../../util/time';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { PERFORMANCE_DATA_SOURCE } from './dataSource';
import { LocalDataSource } from './localDataSource';
import { SchemeCalc } from './schemeCalc';
import { SCHEME, SchemeSheets, SCORE_LINE, SHEET } from './schemeSheets';
import { SystemIndicators, type SystemKind } from './systemIndicators';

const RESOURCE = 'srmSpeSchemeRestful';
const PAGES = ['srmSpeSchemeList', 'srmSpeSchemeEdit'];
type Body = Record<string, unknown>;

const SCHEME_ID = ['id', 'schemeId'];
const SHEET_ID = ['schemeScoreId', 'id'];

/** The declared states of the scheme's actions: only while the scheme is SCORING (409 naming what waits for it). */
const whileScoring = (id: string[] | undefined, refusal: ActionStates['refusal']): ActionStates => ({
  entity: SCHEME,
  id,
  in: ['SCORING'],
  refusal,
});
// doAdjustScoreEndDate: the scoring window moves only while SCORING; the system figures are taken only then.
const SCORING_ONLY = whileScoring(undefined, (s) => declaredText('performance.endMovesWhileScoring', s));
const FIGURES_WHILE_SCORING = whileScoring(SCHEME_ID, (s) => declaredText('performance.figuresWhileScoring', s));

async function visible(kernel: Kernel, entity: string, id: number, ctx: ResourceContext, req: ActionRequest) {
  if (isSupplierType(req.identity!.user.userType)) throw declaredError('performance.suppliersCannot');
  const model = kernel.registry.entity(entity)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
  return { model, scope, row: await kernel.resources.findById(model, id, ctx, scope) };
}

async function adjustScoreEndDate(body: Body, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const id = body.id as number;
  const end = body.scoreEndDate as string;
  const { model, row, scope } = await visible(kernel, SCHEME, id, ctx, req);
  // The start cannot move while SCORING (only a draft is editable): the row read here holds.
  const start = String(row.scoreStartDate).slice(0, 10);
  if (end < today() || end < start) throw declaredError('performance.scoreEndTooEarly');
  // The declared states lock the scheme at the start of the transaction and hold it SCORING.
  const rows = new PlatformRows(kernel.registry, kernel.db.dialect);
  await kernel.db.transaction((tx) => rows.update(tx, SCHEME, { scoreEndDate: end }, { schemeId: id }, ctx.userId));
  return { data: await kernel.resources.findById(model, id, ctx, scope) };
}

function systemFigures(kind: SystemKind, indicators: SystemIndicators, services: DomainServiceRegistry) {
  return async (body: Body, ctx: ResourceContext, kernel: Kernel) => {
    const id = idFrom(body, SCHEME_ID);
    const source = services.get(PERFORMANCE_DATA_SOURCE);
    const snapshots = await kernel.db.transaction((tx) => indicators.fill(tx, id, kind, source, ctx.userId!));
    return { data: snapshots };
  };
}

/** The export's columns: a field of the score line (or of its sheet) and its title. */
const EXPORT: [string, string][] = [
  ['schemeScoreNumber', '评分单号 Sheet'],
  ['scorerUserName', '评分人 Scorer'],
  ['supplierName', '供应商 Supplier'],
  ['indicatorName', '指标 Indicator'],
  ['actualValue', '实际值 Actual'],
  ['score', '得分 Score'],
  ['weightedScore', '加权得分 Weighted'],
  ['remark', '备注 Remark'],
];

async function exportSupplierScore(body: Body, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const id = idFrom(body, SCHEME_ID);
  const { row } = await visible(kernel, SCHEME, id, ctx, req);
  const sheets = kernel.registry.entity(SHEET)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, sheets, false, ctx);
  const { rows } = await kernel.resources.reader.list(
    sheets,
    { params: {}, filter: { field: 'schemeId', op: 'eq', value: id }, pageIndex: 1, pageRows: 500 },
    ctx,
    scope,
  );
  const out: unknown[][] = [];
  for (const sheet of rows) {
    const full = await kernel.resources.findById(sheets, Number(sheet.schemeScoreId), ctx, scope);
    for (const l of (full.supplierScores ?? []) as Record<string, unknown>[])
      out.push(EXPORT.map(([f]) => (f in l ? l[f] : full[f]) ?? ''));
  }
  const layout = { titles: EXPORT.map(([, title]) => title), sheetMaxRow: 100000, sheetBaseName: 'scores' };
  const fileName = `${String(row.schemeNumber)}-scores.xlsx`;
  return { data: null, file: { fileName, contentType: XLSX_TYPE, content: await xlsxBuffer(layout, out) } };
}

async function findPageListBySchemeScoreId(body: Body, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const sheetId = idFrom(body, SHEET_ID);
  await visible(kernel, SHEET, sheetId, ctx, req);
  const model = kernel.registry.entity(SCORE_LINE)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
  const { rows, page } = await kernel.resources.reader.list(
    model,
    {
      params: {},
      filter: { field: 'schemeScoreId', op: 'eq', value: sheetId },
      pageIndex: body.pageIndex as number,
      pageRows: Math.min(500, body.pageRows as number),
      orderBy: 'supplierId asc, indicatorsHeadId asc',
    },
    ctx,
    scope,
  );
  return { data: rows, page };
}

export function registerSpeScheme({ actions, handlers, registry, db, services }: DomainRegistries): void {
  const sheets = new SchemeSheets(registry, db.dialect);
  handlers.register('createSchemeSheets', (run) => sheets.createSheets(run));
  // doCalculate (SCORING → CALCULATED, once every sheet is approved): the scheme's results.
  const calc = new SchemeCalc(registry, db.dialect);
  handlers.register('calculateScheme', (run) => calc.calculate(run.tx, run.id, run.actor.userId!));
  services.provide(PERFORMANCE_DATA_SOURCE, new LocalDataSource(registry, db.dialect));
  const indicators = new SystemIndicators(registry, db.dialect);
  const add = (action: string, resourceCode: string, rest: Pick<RegisteredAction, 'input' | 'states' | 'handler'>) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: { pages: PAGES, resourceCode },
      ...rest,
    });
  const scheme = eitherIdInput(SCHEME_ID);
  add('doAdjustScoreEndDate', 'btnAdjustEndDate', {
    input: {
      ...recordIdInput('id', { scoreEndDate: { type: 'string', format: 'date' } }),
      required: ['id', 'scoreEndDate'],
    },
    states: SCORING_ONLY,
    handler: adjustScoreEndDate,
  });
  for (const [action, kind] of [
    ['doDelayRateFromErp', 'ERP_DELAY_RATE'],
    ['doRejectRateFromMess', 'MES_REJECT_RATE'],
  ] as const)
    add(action, 'btnSystemData', {
      input: scheme,
      states: FIGURES_WHILE_SCORING,
      handler: systemFigures(kind, indicators, services),
    });
  add('doExportSupplierScore', 'btnExport', { input: scheme, handler: exportSupplierScore });
  const paging = {
    pageIndex: { type: 'integer', minimum: 1, default: 1 },
    pageRows: { type: 'integer', minimum: 1, default: 20 },
  } as const;
  actions.register({
    area: 'srmServer',
    resource: 'srmSpeSupplierScoreRestful',
    action: 'findPageListBySchemeScoreId',
    access: { pages: ['srmSpeSchemeScoreEdit', 'srmSpeSchemeScoreList'] },
    input: eitherIdInput(SHEET_ID, paging),
    handler: findPageListBySchemeScoreId,
  });
}
