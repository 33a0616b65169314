/**
 * The supplier master saved through the generic endpoints (supplierInfoCreate, supplierInfoEdit):
 * a new master saved by a user is an internal creation (DOMAIN.md §1.1, source CREATE; the
 * registration and ERP flows insert their masters directly and keep their own source), and the
 * source never changes afterwards. The status is server-only (REGISTERED by default).
 */
import { pickText } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import type { RecordHookRegistry, RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import { SUPPLIER } from './masterStore';

/** At most one primary row in each of these line sets. */
const PRIMARY_LINES: [string, { cn: string; en: string }][] = [
  ['contacts', { cn: '主联系人', en: 'primary contact' }],
  ['accounts', { cn: '主账户', en: 'primary bank account' }],
  ['taxes', { cn: '主税务信息', en: 'primary tax record' }],
];

export function prepareSupplierMaster(draft: SaveDraft): void {
  if (draft.creating) draft.values.sourceType = 'CREATE';
  else delete draft.values.sourceType;
  for (const [child, label] of PRIMARY_LINES) {
    const rows: RecordValues[] = draft.children[child] ?? [];
    if (rows.filter((r) => r.primaryFlag === 'Y').length > 1)
      throw Errors.badRequest(`只能有一个${label.cn}`, `Only one ${label.en} is allowed`, [
        {
          field: child,
          message: pickText({ cn: `只能有一个${label.cn}`, en: `only one ${label.en}` }, draft.ctx.language),
        },
      ]);
  }
}

export function registerSupplierMasterHooks(hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave(SUPPLIER, prepareSupplierMaster);
}
