import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../access/metaSql';
import type { RecordHookRegistry, SaveDone } from '../hooks/recordHooks';

/**
 * The attachment ids a field value lists: "12,13" (docs/architecture.md "Spec: records and grid config"), or
 * an array.
 */
export function attachmentIds(value: unknown): number[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',')
      : typeof value === 'number'
        ? [value]
        : [];
  const ids = items.map((item) => Number(String(item).trim())).filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)];
}

/**
 * When a record is saved with attachment ids, the caller's own not-yet-linked uploads among them
 * are linked to it (functionId = entity, businessId = key). From then on whoever may read the
 * record may read them. Only the uploader's unlinked files move, so naming someone else's
 * attachment id in a record never grants access to it.
 */
export function registerAttachmentLinks(hooks: RecordHookRegistry, registry: MetadataRegistry): void {
  hooks.onAfterSave(async ({ entity, id, values, ctx, tx }: SaveDone) => {
    if (!ctx.userId) return;
    const ids = entity.fields
      .filter((f) => f.type === 'attachment' && values[f.name] !== undefined)
      .flatMap((f) => attachmentIds(values[f.name]));
    if (!ids.length) return;
    const { t, c } = new MetaSql(registry, tx.dialect);
    await tx.execute(
      `UPDATE ${t('baseFile')} SET ${c('baseFile', 'functionId')} = ?, ${c('baseFile', 'businessId')} = ? ` +
        `WHERE ${c('baseFile', 'attachmentId')} IN (${ids.map(() => '?').join(', ')}) AND ${c('baseFile', 'businessId')} IS NULL AND ${c('baseFile', 'uploadedBy')} = ?`,
      [entity.name, id, ...ids, ctx.userId],
    );
  });
}
