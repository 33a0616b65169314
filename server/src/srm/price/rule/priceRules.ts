/**
 * Price rules (DOMAIN.md §3 `srmSmlRuleHeader`): a header (code, name, category, validity status)
 * with its factors (`srmSmlRuleLine`, a tree by parentLineId, each with a weight) and score ranges
 * (`srmSmlRuleScore`, by factor). Both are lines of the header; a score or a child factor names a
 * factor already saved on the same rule (save the factors first, then their scores). Internal only.
 *
 * - findChilderByHeaderId {ruleHeaderId}: the factor tree, each factor with its score ranges.
 * - findCategoryInfo {categoryId}: the category (code, name, parent) and its VALID rules.
 */
import type { JsonSchema } from '@meridian/metadata';
import type { Row } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, RecordValues } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import { eitherIdInput, idFrom, recordIdInput } from '../../../platform/actionInput';
import type { ActionHandler } from '../../../kernel';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import { compareDecimals, toDecimal } from '../../../util/decimal';
import type { AdjustmentStore } from '../adjustment/adjustmentStore';

const RULE = 'srmSmlRuleHeader';
const RULE_LINE = 'srmSmlRuleLine';
const CATEGORY = 'srmBaseCategory';
const RESOURCE = 'srmSmlRuleHeaderRestful';
const PAGES = ['SrmSmlRuleHeaderList', 'SrmSmlRuleHeaderEdit'];
const RULE_ID = ['ruleHeaderId', 'id'];

export function registerPriceRules(store: AdjustmentStore, hooks: RecordHookRegistry, actions: ActionRegistry): void {
  hooks.registerBeforeSave(RULE, async ({ children, childIds, id, tx }) => {
    const lines = children.lines as RecordValues[] | undefined;
    const scores = children.scores as RecordValues[] | undefined;
    const saved = await store.rows.select(tx, RULE_LINE, ['ruleLineId'], { ruleHeaderId: id ?? [] });
    const stored = new Set(saved.map((r) => Number(r.ruleLineId)));
    // Factors kept by this save: the stored ones posted again (all stored ones when lines are not posted).
    const kept = lines
      ? new Set((childIds?.lines ?? []).filter((x): x is number => x !== undefined && stored.has(x)))
      : stored;
    lines?.forEach((line, i) => {
      if (line.parentLineId === null || line.parentLineId === undefined) return;
      const parent = Number(line.parentLineId);
      if (!kept.has(parent) || parent === childIds?.lines?.[i])
        throw declaredError('price.parentNotSavedFactor', { no: i + 1 }, [
          { field: `lines[${i}].parentLineId`, message: 'not a saved factor of this rule / 不是本规则已保存的因素' },
        ]);
    });
    scores?.forEach((score, i) => {
      if (!kept.has(Number(score.ruleLineId)))
        throw declaredError('price.scoreFactorNotSaved', { no: i + 1 }, [
          { field: `scores[${i}].ruleLineId`, message: 'not a saved factor of this rule / 不是本规则已保存的因素' },
        ]);
      const from = toDecimal(score.rangeFrom);
      const to = toDecimal(score.rangeTo);
      if (from && to && compareDecimals(from, to) > 0)
        throw declaredError('price.scoreRangeReversed', { no: i + 1 }, [
          { field: `scores[${i}].rangeTo`, message: 'below rangeFrom / 小于下限' },
        ]);
    });
  });

  const add = (action: string, input: JsonSchema, handler: ActionHandler) =>
    actions.register({ area: 'srmServer', resource: RESOURCE, action, access: { pages: PAGES }, input, handler });
  add('findChilderByHeaderId', eitherIdInput(RULE_ID), async (body, ctx, kernel, req) => {
    const model = store.model(RULE);
    const scope = await kernel.auth.guard.rowScope(req.identity!, model, true, ctx);
    const rule = await kernel.resources.findById(model, idFrom(body, RULE_ID), ctx, scope);
    if (!rule) throw Errors.recordNotFound();
    // The factors as a tree by parentLineId (a parent not on the rule: a root), each with its score ranges.
    const nodes = new Map(
      ((rule.lines as Row[] | undefined) ?? []).map((l) => [
        Number(l.ruleLineId),
        Object.assign(l, { children: [] as Row[], scores: [] as Row[] }),
      ]),
    );
    for (const s of (rule.scores as Row[] | undefined) ?? []) nodes.get(Number(s.ruleLineId))?.scores.push(s);
    const roots: Row[] = [];
    for (const node of nodes.values()) (nodes.get(Number(node.parentLineId))?.children ?? roots).push(node);
    return { data: roots };
  });

  add('findCategoryInfo', recordIdInput('categoryId'), async (body, ctx, kernel, req) => {
    const categoryId = body.categoryId as number;
    const category = await kernel.resources.findById(store.model(CATEGORY), categoryId, ctx);
    if (!category) throw Errors.recordNotFound();
    const model = store.model(RULE);
    const scope = await kernel.auth.guard.rowScope(req.identity!, model, true, ctx);
    const { rows } = await kernel.resources.reader.list(
      model,
      { params: { categoryId, status: 'VALID' }, pageIndex: 1, pageRows: 100 },
      ctx,
      scope,
    );
    return {
      data: {
        categoryId,
        categoryCode: category.categoryCode,
        categoryName: category.categoryName,
        parentCategoryId: category.parentCategoryId ?? null,
        rules: rows,
      },
    };
  });
}
