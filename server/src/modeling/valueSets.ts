import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';

const MAX_VALUES = 200;

const bad = (en: string, field: string) => Errors.badRequest('请求参数不正确', en, [{ field, message: en }]);

function valueLines(raw: unknown): Record<string, unknown>[] {
  if (!Array.isArray(raw) || !raw.length) throw bad('values must list at least one value', 'values');
  if (raw.length > MAX_VALUES) throw bad(`values may list at most ${MAX_VALUES} values`, 'values');
  return raw.map((item, i) => {
    const v = (item ?? {}) as Record<string, unknown>;
    return { lookupCode: v.lookupCode, meaning: v.meaning, meaningEn: v.meaningEn, seqNum: i + 1, enabledFlag: 'Y' };
  });
}

/**
 * table_model's "new lookup type" (btnNewLookup): the designer creates a value set without leaving
 * it — code, CN/EN name and values with CN/EN labels — through the same save as the lookuptype
 * screen, so the same validation and rules hold (server/src/platform/lookupAdmin.ts). Answers the
 * saved type; a field may use it in the draft at once (the draft's check reads the database).
 */
export async function createLookupType(kernel: Kernel, body: Record<string, unknown>, ctx: ResourceContext) {
  const model = kernel.registry.entity('baseLookupType')!;
  const record = {
    lookupType: body.lookupType,
    meaning: body.meaning,
    meaningEn: body.meaningEn,
    enabledFlag: 'Y',
    values: valueLines(body.values),
  };
  return kernel.resources.saveOrUpdate(model, record, ctx);
}
