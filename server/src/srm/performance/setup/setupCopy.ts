/**
 * copyIndicators / copyTemplate (DOMAIN.md §2.1): a new DRAFT with the source's values and lines.
 * The copy's code is the source's with the suffix -COPY (then -COPY2, -COPY3…), cut to the code's
 * length; the user may change it while the copy is a draft. The code's unique key decides a race.
 */
import type { EntityModel } from '@meridian/metadata/node';
import type { Kernel } from '../../../kernel';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import type { ActionResult } from '../../../resource/resourceService';

type Row = Record<string, unknown>;

/** The values a client may send for a record of `entity`: no key, no foreign key, nothing the server sets. */
function editable(entity: EntityModel, row: Row, foreignKey?: string): Row {
  const out: Row = {};
  for (const f of entity.fields) {
    if (f.system || f.serverOnly || f.name === entity.primaryKey || f.name === foreignKey) continue;
    if (row[f.name] !== undefined) out[f.name] = row[f.name];
  }
  return out;
}

export async function copyCode(tx: SqlExecutor, kernel: Kernel, entity: EntityModel, field: string, code: string) {
  const rows = new PlatformRows(kernel.registry, kernel.db.dialect);
  const length = entity.field(field)?.length ?? 30;
  for (let n = 1; n < 100; n++) {
    const suffix = n === 1 ? '-COPY' : `-COPY${n}`;
    const candidate = code.slice(0, length - suffix.length) + suffix;
    if (!(await rows.one(tx, entity.name, [field], { [field]: candidate }))) return candidate;
  }
  throw declaredError('performance.noFreeCopyCode');
}

/** Copies the record `id` of `entityName` (header and lines) into a new DRAFT; answers the copy (input: recordIdInput()). */
export async function copyDocument(
  kernel: Kernel,
  entityName: string,
  codeField: string,
  body: Record<string, unknown>,
  ctx: ResourceContext,
): Promise<ActionResult> {
  const entity = kernel.registry.entity(entityName)!;
  const source = await kernel.resources.findById(entity, body.id as number, ctx);
  const copy: Row = editable(entity, source);
  for (const child of entity.children) {
    const lines = source[child.name];
    const lineEntity = kernel.registry.entity(child.entity)!;
    if (Array.isArray(lines)) copy[child.name] = lines.map((l: Row) => editable(lineEntity, l, child.foreignKey));
  }
  copy[codeField] = await kernel.db.transaction((tx) =>
    copyCode(tx, kernel, entity, codeField, String(source[codeField])),
  );
  return { data: await kernel.resources.saveOrUpdate(entity, copy, ctx) };
}
