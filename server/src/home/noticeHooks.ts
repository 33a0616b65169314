import type { RecordHookRegistry } from '../hooks/recordHooks';
import { formatDateTime } from '../util/time';
import { sanitizeRichText } from './richText';

/**
 * srmBaseNotice: the content is sanitised before every save (whatever screen or client sent it),
 * and publishing stamps the publish time — the time readers see and the order of their lists.
 */
export function registerNoticeHooks(hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave('srmBaseNotice', (draft) => {
    for (const field of ['content', 'contentEn'])
      if (field in draft.values) draft.values[field] = sanitizeRichText(draft.values[field]);
  });
  hooks.registerAfterTransition('srmBaseNotice', async ({ entity, id, to, tx }) => {
    if (to !== 'PUBLISHED') return;
    const q = tx.dialect.quote;
    await tx.execute(
      `UPDATE ${q(entity.table)} SET ${q(entity.field('publishDate')!.column)} = ? WHERE ${q(entity.field(entity.primaryKey)!.column)} = ?`,
      [formatDateTime(), id],
    );
  });
}
