/**
 * The price reports (DOMAIN.md §3 "Reports"), custom actions of srmSmlIndexPriceRestful:
 * - monitoringReportPage {rawMaterialCode?, periodFrom?, periodTo?} (page srmSmlMonitoringReport):
 *   {series: index prices by period, rows: report rows (priceReports.ts)}.
 * - findWarningReportPage {rawMaterialCode?} (page srmSmlWarningReport): {threshold, rows}.
 * - warningPush {presetProportionIds} (button btnWarningPush): notifies the buyers, once per row per day.
 * - srmSmlRuleHeaderRestful/doImportExcel (multipart .xlsx + ruleHeaderId; btnSave of the rule
 *   pages): the rule's factors and score ranges (ruleImport.ts).
 */
import { pickText, type JsonSchema } from '@meridian/metadata';
import { declaredText } from '../../../http/declaredErrors';
import type { ActionAccess, ActionHandler } from '../../../kernel';
import type { DomainRegistries } from '../../../platform/domainModules';
import { pushWarnings } from './warningPush';
import { reportRows, thresholdPct, warningRows } from './priceReports';
import { ReportReads } from './reportReads';
import { importRule } from './ruleImport';

const RESOURCE = 'srmSmlIndexPriceRestful';
export const MONITORING_PAGE = 'srmSmlMonitoringReport';
export const WARNING_PAGE = 'srmSmlWarningReport';

/** An optional filter: blank, or text of this pattern. */
const optional = (pattern: string): JsonSchema => ({ type: ['string', 'null'], pattern: `^(${pattern})?$` });
const MATERIAL = optional('[A-Z0-9_]{1,30}');
const PERIOD = optional('\\d{4}-\\d{2}');
/** A filter's value as the reads take it: blank is no filter. */
const given = (v: unknown) => (v as string | null | undefined) || undefined;

const MONITORING_INPUT: JsonSchema = {
  type: 'object',
  properties: { rawMaterialCode: MATERIAL, periodFrom: PERIOD, periodTo: PERIOD },
};
const WARNING_INPUT: JsonSchema = { type: 'object', properties: { rawMaterialCode: MATERIAL } };
const PUSH_INPUT: JsonSchema = {
  type: 'object',
  required: ['presetProportionIds'],
  properties: {
    presetProportionIds: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1 } },
  },
};

export function registerPriceReports({ actions, registry, db }: DomainRegistries): void {
  const reads = new ReportReads(registry, db.dialect);
  actions.register({
    area: 'srmServer',
    resource: 'srmSmlRuleHeaderRestful',
    action: 'doImportExcel',
    access: { pages: ['SrmSmlRuleHeaderList', 'SrmSmlRuleHeaderEdit'], resourceCode: 'btnSave' },
    handler: (body, ctx, kernel, req) => importRule(reads, kernel, req, ctx, body),
  });
  const add = (action: string, access: ActionAccess, input: JsonSchema, handler: ActionHandler) =>
    actions.register({ area: 'srmServer', resource: RESOURCE, action, access, input, handler });
  add('monitoringReportPage', { pages: [MONITORING_PAGE] }, MONITORING_INPUT, async (body) => {
    const [material, from, to] = [body.rawMaterialCode, body.periodFrom, body.periodTo].map(given);
    return db.transaction(async (tx) => ({
      data: { series: await reads.series(tx, material, from, to), rows: await reportRows(reads, tx, material) },
    }));
  });
  add('findWarningReportPage', { pages: [WARNING_PAGE] }, WARNING_INPUT, async (body) => {
    const material = given(body.rawMaterialCode);
    return db.transaction(async (tx) => {
      const threshold = await thresholdPct(reads, tx);
      return { data: { threshold, rows: warningRows(await reportRows(reads, tx, material), threshold) } };
    });
  });
  add('warningPush', { pages: [WARNING_PAGE], resourceCode: 'btnWarningPush' }, PUSH_INPUT, async (body, ctx) => {
    const chosen = [...new Set(body.presetProportionIds as number[])];
    const result = await db.transaction(async (tx) =>
      pushWarnings(reads, tx, warningRows(await reportRows(reads, tx), await thresholdPct(reads, tx)), chosen, ctx),
    );
    const [pushed, skipped] = [result.pushed.length, result.skipped.length];
    const text = skipped
      ? declaredText('price.warningsPushedSkipping', { pushed, skipped })
      : declaredText('price.warningsPushed', { pushed });
    return { data: result, msg: pickText(text, ctx.language) };
  });
}
