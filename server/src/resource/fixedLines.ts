import { pickText, type EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { SqlExecutor } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { PreparedRecord } from './preparedRecord';

/**
 * `children[].fixedLines` (entity.schema.json): the lines came with the header — an on-site
 * inspection's checklist — so a save of the stored header must name exactly its stored lines of that
 * child: one without a key (added) or a stored one left out (removed) is refused with 403. Their
 * values may still change, as the fields' own rules allow. Creating the header brings its lines.
 */
export async function checkFixedLines(
  registry: MetadataRegistry,
  tx: SqlExecutor,
  entity: EntityModel,
  record: PreparedRecord,
): Promise<void> {
  if (record.id === undefined) return;
  const q = tx.dialect.quote;
  for (const child of entity.children) {
    const sent = record.children[child.name];
    if (!child.fixedLines || !sent) continue;
    const model = registry.entity(child.entity)!;
    const rows = await tx.select(
      `SELECT ${q(model.field(model.primaryKey)!.column)} AS id FROM ${q(model.table)} WHERE ${q(model.field(child.foreignKey)!.column)} = ?`,
      [record.id],
    );
    const stored = new Set(rows.map((row) => Number(row.id)));
    const named = new Set(sent.map((line) => line.id));
    const added = sent.some((line) => line.id === undefined || !stored.has(line.id));
    if (added || [...stored].some((id) => !named.has(id))) {
      const cn = pickText(child.label ?? model.def.label, 'CN');
      const en = pickText(child.label ?? model.def.label, 'EN');
      throw Errors.forbidden(
        `${cn}随单据生成，不能增加或删除`,
        `${en}: the lines come with the document and none can be added or removed`,
      );
    }
  }
}
