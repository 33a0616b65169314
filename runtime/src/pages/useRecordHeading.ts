/**
 * The heading and shell-tab title of a record page. A record shown read-only — a detail page,
 * `mode=view`, a state that locks it, or a user without its Save — is a view whatever page shows
 * it: "查看采购申请" / "View purchase requisition" (the entity's label), not the edit page's title.
 */
import { useTranslation } from 'react-i18next';
import { useTabTitle } from '../app/tabContext';
import { useLabel } from '../i18n';
import type { EntityDef, PageDef } from '../meta';

export function useRecordHeading(page: PageDef, entity: EntityDef, readOnly: boolean): string {
  const { t } = useTranslation();
  const label = useLabel();
  const heading = readOnly ? t('record.viewTitle', { title: label(entity.label) }) : label(page.title);
  useTabTitle(heading);
  return heading;
}

/** Edit and detail pages name their tab themselves (useRecordHeading); other pages take the metadata title. */
export function namesOwnTab(page: PageDef): boolean {
  return page.type === 'edit' || page.type === 'detail';
}
