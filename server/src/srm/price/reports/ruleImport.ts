/**
 * doImportExcel on a price rule (SrmSmlRuleHeaderEdit): the rule's factor tree and score ranges
 * from an .xlsx — sheet 1 the factors (因素名称 / Factor, 上级因素 / Parent factor by name, 权重 /
 * Weight 0–1; a parent comes before its children), sheet 2 the score ranges (因素名称 / Factor,
 * 区间下限 / From, 区间上限 / To, 得分 / Score), read through exchange (sheetReader.ts). They replace
 * the rule's factors and ranges in one transaction; any bad row and nothing is written, every bad
 * row listed (400). Only a NEW rule.
 */
import { pickText, type I18nText } from '@meridian/metadata';
import { readSheets, type SheetColumn, type SheetRow } from '../../../exchange/sheetReader';
import { Errors, type FieldErrorOut } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
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
    const bad = ({ cn, en }: I18nText) => errors.push({ field: `factors[row ${n}]`, message: `${cn} / ${en}` });
    if (!r.factorName || r.factorName.length > 100) bad(declaredText('price.importFactorRequired'));
    else if (seen.has(r.factorName)) bad(declaredText('price.importFactorTwice', r));
    if (!decimalIn(r.weight, 0, 1)) bad(declaredText('price.importWeightRange'));
    if (r.parent && !seen.has(r.parent)) bad(declaredText('price.importParentLater', r));
    if (r.factorName) seen.add(r.factorName);
  }
  for (const { row: n, values: r } of scores) {
    const bad = ({ cn, en }: I18nText) => errors.push({ field: `scores[row ${n}]`, message: `${cn} / ${en}` });
    if (!r.factorName || !seen.has(r.factorName))
      bad(declaredText('price.importFactorUnknown', { factorName: r.factorName }));
    if (!decimalIn(r.score)) bad(declaredText('price.importScoreNumber'));
    if ((r.rangeFrom && !decimalIn(r.rangeFrom)) || (r.rangeTo && !decimalIn(r.rangeTo)))
      bad(declaredText('price.importRangeNumbers'));
    else if (r.rangeFrom && r.rangeTo && compareDecimals(toDecimal(r.rangeFrom)!, toDecimal(r.rangeTo)!) > 0)
      bad(declaredText('price.importRangeReversed'));
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
  return db.transaction(async (tx) => {
    const rule = await reads.rows.one(tx, RULE, ['status'], { ruleHeaderId: id }, { underLock: true });
    if (!rule) throw Errors.recordNotFound();
    if (rule.status !== 'NEW') throw declaredError('price.ruleNotNew');
    for (const e of [SCORE, LINE]) await reads.rows.delete(tx, e, { ruleHeaderId: id });
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
    const data = { factors: factors.length, scores: scores.length };
    return { data, msg: pickText(declaredText('price.ruleImported', data), ctx.language) };
  });
}
