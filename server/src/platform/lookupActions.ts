import { Errors } from '../http/apiError';
import type { ActionRegistry } from './actionRegistry';

const MAX_TYPES = 100;

/** findDic {lookupTypes} → {TYPE: [values]} with meaning in the request's language, ordered by seqNum. */
export function registerLookupActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseLookupValuesRestful',
    action: 'findDic',
    access: 'session',
    handler: async (body, ctx, kernel) => {
      const types = body.lookupTypes;
      if (!Array.isArray(types) || !types.every((t) => typeof t === 'string') || types.length > MAX_TYPES) {
        throw Errors.badRequest(
          'lookupTypes 必须是值集类型列表',
          `lookupTypes must be a list of at most ${MAX_TYPES} lookup types`,
        );
      }
      const result: Record<string, unknown[]> = Object.fromEntries(types.map((t) => [t, []]));
      if (!types.length) return { data: result };
      const q = kernel.db.dialect.quote;
      const rows = await kernel.db.select(
        `SELECT ${q('lookup_values_id')} AS lookupValuesId, ${q('lookup_type_id')} AS lookupTypeId, ${q('lookup_type')} AS lookupType, ` +
          `${q('lookup_code')} AS lookupCode, ${q('meaning')} AS meaningCn, ${q('meaning_en')} AS meaningEn, ${q('seq_num')} AS seqNum, ` +
          `${q('description')} AS description, ${q('color')} AS color, ${q('system_code')} AS systemCode, ${q('enabled_flag')} AS enabledFlag, ` +
          `${q('parent_lookup_type_id')} AS parentLookupTypeId, ${q('parent_lookup_values_id')} AS parentLookupValuesId, ${q('bu_org_id')} AS buOrgId ` +
          `FROM ${q('base_lookup_values')} WHERE ${q('lookup_type')} IN (${types.map(() => '?').join(', ')}) ORDER BY ${q('seq_num')}, ${q('lookup_values_id')}`,
        types as string[],
      );
      for (const { meaningCn, meaningEn, ...row } of rows) {
        const meaning = ctx.language === 'EN' ? meaningEn || meaningCn : meaningCn;
        result[row.lookupType as string].push({ ...row, meaning });
      }
      return { data: result };
    },
  });
}
