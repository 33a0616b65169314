/**
 * The supplier master saved through the generic endpoints (supplierInfoCreate, supplierInfoEdit):
 * a new master saved by a user is an internal creation (DOMAIN.md §1.1, source CREATE; the
 * registration and ERP flows insert their masters directly and keep their own source), and the
 * source never changes afterwards. The status is server-only (REGISTERED by default).
 */
import { pickText } from '@meridian/metadata';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { RecordHookRegistry, RecordValues, SaveDraft } from '../../../hooks/recordHooks';
import { SUPPLIER } from './masterStore';

/** At most one primary row in each of these line sets (the label fills supplier.onlyOnePrimary). */
const PRIMARY_LINES: [string, { labelCn: string; labelEn: string }][] = [
  ['contacts', { labelCn: '主联系人', labelEn: 'primary contact' }],
  ['accounts', { labelCn: '主账户', labelEn: 'primary bank account' }],
  ['taxes', { labelCn: '主税务信息', labelEn: 'primary tax record' }],
];

export function prepareSupplierMaster(draft: SaveDraft): void {
  if (draft.creating) draft.values.sourceType = 'CREATE';
  else delete draft.values.sourceType;
  for (const [child, label] of PRIMARY_LINES) {
    const rows: RecordValues[] = draft.children[child] ?? [];
    if (rows.filter((r) => r.primaryFlag === 'Y').length > 1) {
      const message = pickText(declaredText('supplier.onlyOnePrimaryField', label), draft.ctx.language);
      throw declaredError('supplier.onlyOnePrimary', label, [{ field: child, message }]);
    }
  }
}

export function registerSupplierMasterHooks(hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave(SUPPLIER, prepareSupplierMaster);
}
