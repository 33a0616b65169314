/**
 * doImportExcel on a price rule (SrmSmlRuleHeaderEdit): the rule's factor tree and score ranges
 * from an .xlsx — sheet 1 the factors (因素名称 / Factor, 上级因素 / Parent factor by name, 权重 /
 * Weight 0–1; a parent comes before its children), sheet 2 the score ranges (因素名称 / Factor,
 * 区间下限 / From, 区间上限 / To, 得分 / Score), read through exchange (sheetReader.ts). They replace
 * the rule's factors and ranges in one transaction; any bad row and nothing is written, every bad
 * row listed (400). Only a NEW rule.
 */
import { readSheets, type SheetColumn, type SheetRow } from '../../../exchange/sheetReader';
import { Errors, type FieldErrorOut } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { compareDecimals, toDecimal } from '../../../util/decimal';
import { formRecordId } from '../../../platform/actionInput';
import type { ReportReads } from './reportReads';

const RULE = 'srmSmlRuleHeader';
const LINE = 'srmSmlRuleLine';
const SCORE = 'srmSmlRuleScore';

const FACTOR_COLUMNS: SheetColumn[] = [
  { key: 'factorName', titles: ['factorName', '因素名称', 'factor'], required: true },
  { key: 'parent', titles: ['parentFactorName', '上级因素', 'parent factor'] },
  { key: 'weight', titles: ['weight', '权重'] },
];
const SCORE_COLUMNS: SheetColumn[] = [
  { key: 'factorName', titles: ['factorName', '因素名称', 'factor'] },
  { key: 'rangeFrom', titles: ['rangeFrom', '区间下限', 'from'] },
  { key: 'rangeTo', titles: ['rangeTo', '区间上限', 'to'] },
  { key: 'score', titles: ['score', '得分'] },
];

function decimalIn(v: string | undefined, min?: number, max?: number): boolean {
  const d = toDecimal(v);
  if (!d) return false;
  if (min !== undefined && compareDecimals(d, toDecimal(min)!) < 0) return false;
  return max === undefined || compareDecimals(d, toDecimal(max)!) <= 0;
}

/** Every bad row of both sheets (field "factors[row n]" / "scores[row n]"). */
function check(factors: SheetRow[], scores: SheetRow[]): FieldErrorOut[] {
  const errors: FieldErrorOut[] = [];
  const seen = new Set<string>();
  for (const { row: n, values: r } of factors) {
    const bad = (m: string) => errors.push({ field: `factors[row ${n}]`, message: m });
    if (!r.factorName || r.factorName.length > 100)
      bad('因素名称必填，最多 100 字 / Factor is required, at most 100 characters');
    else if (seen.has(r.factorName)) bad(`因素名称重复 / Factor "${r.factorName}" appears twice`);
    if (!decimalIn(r.weight, 0, 1)) bad('权重须为 0 到 1 之间的数 / Weight must be a number from 0 to 1');
    if (r.parent && !seen.has(r.parent))
      bad(`上级因素须在前面的行中 / Parent factor "${r.parent}" must be an earlier row`);
    if (r.factorName) seen.add(r.factorName);
  }
  for (const { row: n, values: r } of scores) {
    const bad = (m: string) => errors.push({ field: `scores[row ${n}]`, message: m });
    if (!r.factorName || !seen.has(r.factorName))
      bad(`因素不在因素表中 / Factor "${r.factorName ?? ''}" is not in the factor sheet`);
    if (!decimalIn(r.score)) bad('得分必填且须为数字 / Score must be a number');
    if ((r.rangeFrom && !decimalIn(r.rangeFrom)) || (r.rangeTo && !decimalIn(r.rangeTo)))
      bad('区间须为数字 / From and To must be numbers');
    else if (r.rangeFrom && r.rangeTo && compareDecimals(toDecimal(r.rangeFrom)!, toDecimal(r.rangeTo)!) > 0)
      bad('区间下限大于上限 / From is above To');
  }
  return errors;
}

export async function importRule(
  reads: ReportReads,
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  body: Record<string, unknown>,
) {
  if (!req.xlsxUpload) throw declaredError('price.uploadXlsx');
  const upload = await req.xlsxUpload();
  const id = formRecordId([upload.fields, body], ['ruleHeaderId', 'id']);
  const [factors, scores] = await readSheets(upload.file, [FACTOR_COLUMNS, SCORE_COLUMNS]);
  if (!factors.length) throw declaredError('price.noFactorRows');
  const errors = check(factors, scores);
  if (errors.length) throw declaredError('price.importRefused', { count: errors.length }, errors);
  const { registry, db, resources } = kernel;
  const model = registry.entity(RULE)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, true, ctx);
  if (!(await resources.findById(model, id, ctx, scope))) throw Errors.recordNotFound();
  const { t, c } = reads.sql;
  return db.transaction(async (tx) => {
    const rule = await reads.rows.one(tx, RULE, ['status'], { ruleHeaderId: id }, { underLock: true });
    if (!rule) throw Errors.recordNotFound();
    if (rule.status !== 'NEW') throw declaredError('price.ruleNotNew');
    for (const e of [SCORE, LINE]) await tx.execute(`DELETE FROM ${t(e)} WHERE ${c(e, 'ruleHeaderId')} = ?`, [id]);
    const ids = new Map<string, number>();
    for (const { values: r } of factors) {
      const parentLineId = r.parent ? ids.get(r.parent)! : null;
      const values = { ruleHeaderId: id, factorName: r.factorName, weight: r.weight, parentLineId };
      ids.set(r.factorName!, await resources.writer.insert(tx, registry.entity(LINE)!, values, ctx));
    }
    for (const { values: r } of scores) {
      const { rangeFrom = null, rangeTo = null, score } = r;
      const values = { ruleHeaderId: id, ruleLineId: ids.get(r.factorName!)!, rangeFrom, rangeTo, score };
      await resources.writer.insert(tx, registry.entity(SCORE)!, values, ctx);
    }
    const msg =
      ctx.language === 'EN'
        ? `${factors.length} factors and ${scores.length} score ranges imported`
        : `已导入 ${factors.length} 个因素、${scores.length} 个评分区间`;
    return { data: { factors: factors.length, scores: scores.length }, msg };
  });
}
