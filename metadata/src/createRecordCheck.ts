/**
 * Load checks of the createRecord effect (effects.ts): the new record's entity and fields exist and
 * are its own to write, the values come from the record (or, per line or group, from the line), and
 * the children, filters and group fields it names are there.
 */
import type { CreateRecordDef, EffectValue } from './generated/meta-model';
import type { EntityModel } from './entityModel';
import { childEntity } from './childEntity';
import { valueFields } from './effects';
import { checkFields, PLATFORM_FIELDS, type Scope } from './effectScope';
import { filterFields } from './filter';

type ForEach = NonNullable<CreateRecordDef['forEach']>;

/** The new record writes its own fields (not the key or audit columns, which the writer fills) from known ones. */
function checkCreatedValues(
  s: Scope,
  pointer: string,
  target: EntityModel,
  values: Record<string, EffectValue>,
  from: (source: string) => boolean,
): void {
  for (const [name, value] of Object.entries(values)) {
    if (!target.field(name)) s.report(pointer, `"${name}" is not a field of ${target.name}`);
    else if (name === target.primaryKey || PLATFORM_FIELDS.has(name))
      s.report(pointer, `"${name}" of ${target.name} is written by the platform, not by an effect`);
    for (const source of valueFields(value))
      if (!from(source)) s.report(pointer, `value field "${source}" is not a field of the record or its lines`);
  }
}

/** The lines of a created record: both children exist, the values come from the source line or the header. */
function checkCreatedLines(s: Scope, pointer: string, target: EntityModel, d: NonNullable<CreateRecordDef['lines']>) {
  const lines = childEntity(s.registry, target, d.into, s.report, `${pointer}/into`);
  for (const entity of s.entities) {
    const source = childEntity(s.registry, entity, d.from, s.report, `${pointer}/from`);
    if (!source) continue;
    if (lines) checkCreatedValues(s, `${pointer}/set`, lines, d.set, (f) => !!(source.field(f) ?? entity.field(f)));
    for (const name of filterFields(d.where))
      if (!source.field(name)) s.report(`${pointer}/where`, `filter field "${name}" is not a field of ${source.name}`);
  }
}

/** forEach's child, filter and group fields, and the key field it fills (a plain integer or reference of the line). */
function checkForEach(s: Scope, pointer: string, entity: EntityModel, d: ForEach): EntityModel | undefined {
  const lines = childEntity(s.registry, entity, d.lines, s.report, `${pointer}/lines`);
  if (!lines) return undefined;
  const ofLines = (at: string, names: string[], what: string) =>
    names
      .filter((name) => !lines.field(name))
      .forEach((name) => s.report(`${pointer}/${at}`, `${what} "${name}" is not a field of ${lines.name}`));
  ofLines('where', filterFields(d.where), 'filter field');
  ofLines('groupBy', d.groupBy ?? [], 'group field');
  if (d.keyInto) {
    const key = lines.field(d.keyInto);
    if (!key) ofLines('keyInto', [d.keyInto], 'key field');
    else if (
      !['integer', 'reference'].includes(key.type) ||
      PLATFORM_FIELDS.has(key.name) ||
      key.name === lines.primaryKey
    )
      s.report(`${pointer}/keyInto`, `"${d.keyInto}" of ${lines.name} cannot hold the new record's key`);
  }
  return lines;
}

export function checkCreate(s: Scope, pointer: string, d: CreateRecordDef): void {
  const target = s.registry.entity(d.entity);
  if (!target) return s.report(`${pointer}/entity`, `entity "${d.entity}" does not exist`);
  const forEach = d.forEach;
  const lines = new Map(s.entities.map((e) => [e, forEach && checkForEach(s, `${pointer}/forEach`, e, forEach)]));
  // Per line, a value reads the line first, then the header.
  const known = (f: string) => s.entities.every((e) => !!(e.field(f) ?? lines.get(e)?.field(f)));
  checkCreatedValues(s, `${pointer}/set`, target, d.set, known);
  if (d.lines) checkCreatedLines(s, `${pointer}/lines`, target, d.lines);
  checkFields(s, `${pointer}/when`, filterFields(d.when), 'filter field');
}
