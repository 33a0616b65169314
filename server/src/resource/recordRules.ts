import { evaluateFilter, type EntityModel } from '@meridian/metadata';
import { ApiError } from '../http/apiError';
import type { ResourceContext } from './context';

/**
 * The entity's cross-field rules (entity.schema.json `recordRules`: conditional required, date
 * order, ranges) on the record as it will be stored — the stored row under the posted and computed
 * values — inside the save's transaction. Every broken rule is named (400); the message is the
 * first one's, in the request's language and the other in the envelope's texts.
 */
export function assertRecordRules(entity: EntityModel, record: Record<string, unknown>, ctx: ResourceContext): void {
  const vars = { ...ctx.vars, record };
  const broken = (entity.def.recordRules ?? []).filter(
    (rule) => evaluateFilter(rule.when, record, vars) && !evaluateFilter(rule.record, record, vars),
  );
  if (!broken.length) return;
  const pick = (m: { cn: string; en: string }) => (ctx.language === 'EN' ? m.en : m.cn);
  throw new ApiError(
    400,
    broken[0].message,
    broken.map((rule) => ({ field: rule.field, message: pick(rule.message) })),
  );
}
