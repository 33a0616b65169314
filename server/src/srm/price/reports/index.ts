/**
 * The price reports (DOMAIN.md §3 "Reports"), custom actions of srmSmlIndexPriceRestful:
 * - monitoringReportPage {rawMaterialCode?, periodFrom?, periodTo?} (page srmSmlMonitoringReport):
 *   {series: index prices by period, rows: report rows (priceReports.ts)}.
 * - findWarningReportPage {rawMaterialCode?} (page srmSmlWarningReport): {threshold, rows}.
 * - warningPush {presetProportionIds} (button btnWarningPush): notifies the buyers, once per row per day.
 * - srmSmlRuleHeaderRestful/doImportExcel (multipart .xlsx + ruleHeaderId; btnSave of the rule
 *   pages): the rule's factors and score ranges (ruleImport.ts).
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { Errors } from '../../../http/apiError';
import { pushWarnings } from './warningPush';
import { reportRows, thresholdPct, warningRows } from './priceReports';
import { ReportReads } from './reportReads';
import { importRule } from './ruleImport';

const RESOURCE = 'srmSmlIndexPriceRestful';
export const MONITORING_PAGE = 'srmSmlMonitoringReport';
export const WARNING_PAGE = 'srmSmlWarningReport';

const PERIOD = /^\d{4}-\d{2}$/;
const MATERIAL = /^[A-Z0-9_]{1,30}$/;

function optional(body: Record<string, unknown>, field: string, pattern: RegExp): string | undefined {
  const v = body[field];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || !pattern.test(v))
    throw Errors.badRequest(`${field} 格式不正确`, `${field} is not valid`, [{ field, message: 'invalid' }]);
  return v;
}

function ids(body: Record<string, unknown>): number[] {
  const list = body.presetProportionIds;
  if (!Array.isArray(list) || !list.length || list.length > 500 || !list.every((v) => Number.isSafeInteger(v) && v > 0))
    throw Errors.badRequest('请选择预警行', 'Choose the warning rows to push', [
      { field: 'presetProportionIds', message: 'required' },
    ]);
  return [...new Set(list as number[])];
}

export function registerPriceReports({ actions, registry, db }: DomainRegistries): void {
  const reads = new ReportReads(registry, db.dialect);
  actions.register({
    area: 'srmServer',
    resource: 'srmSmlRuleHeaderRestful',
    action: 'doImportExcel',
    access: { pages: ['SrmSmlRuleHeaderList', 'SrmSmlRuleHeaderEdit'], resourceCode: 'btnSave' },
    handler: (body, ctx, kernel, req) => importRule(kernel, req, ctx, body),
  });
  actions.register({
    area: 'srmServer',
    resource: RESOURCE,
    action: 'monitoringReportPage',
    access: { pages: [MONITORING_PAGE] },
    handler: async (body) => {
      const material = optional(body, 'rawMaterialCode', MATERIAL);
      const from = optional(body, 'periodFrom', PERIOD);
      const to = optional(body, 'periodTo', PERIOD);
      return db.transaction(async (tx) => ({
        data: { series: await reads.series(tx, material, from, to), rows: await reportRows(reads, tx, material) },
      }));
    },
  });
  actions.register({
    area: 'srmServer',
    resource: RESOURCE,
    action: 'findWarningReportPage',
    access: { pages: [WARNING_PAGE] },
    handler: async (body) => {
      const material = optional(body, 'rawMaterialCode', MATERIAL);
      return db.transaction(async (tx) => {
        const threshold = await thresholdPct(reads, tx);
        return { data: { threshold, rows: warningRows(await reportRows(reads, tx, material), threshold) } };
      });
    },
  });
  actions.register({
    area: 'srmServer',
    resource: RESOURCE,
    action: 'warningPush',
    access: { pages: [WARNING_PAGE], resourceCode: 'btnWarningPush' },
    handler: async (body, ctx) => {
      const chosen = ids(body);
      const result = await db.transaction(async (tx) =>
        pushWarnings(reads, tx, warningRows(await reportRows(reads, tx), await thresholdPct(reads, tx)), chosen, ctx),
      );
      const msg =
        ctx.language === 'EN'
          ? `${result.pushed.length} row(s) pushed${result.skipped.length ? `; ${result.skipped.length} already pushed today, skipped` : ''}`
          : `已推送 ${result.pushed.length} 行${result.skipped.length ? `，${result.skipped.length} 行今日已推送，已跳过` : ''}`;
      return { data: result, msg };
    },
  });
}
