/**
 * Load checks of the effects on related records (setRelated, transitionRelated): the selection names
 * a reference field of the record or an entity's reference field to it, and what is written,
 * filtered or run exists on the related entity.
 */
import { childEntity } from './childEntity';
import type { EntityModel } from './entityModel';
import { filterFields } from './filter';
import type { EffectValue, RelatedDef, SetRelatedDef, TransitionRelatedDef } from './generated/meta-model';
import type { MetadataCatalog } from './metadataCatalog';
import { AUDIT_FIELD_NAMES, VERSION_FIELD } from './systemFields';
import { valueFields } from './effects';

type Report = (pointer: string, message: string) => void;

/** The entity the related records are of, for the record's entity; undefined (reported) when the selection is wrong. */
function relatedEntity(
  registry: MetadataCatalog,
  entity: EntityModel,
  related: RelatedDef,
  pointer: string,
  report: Report,
): EntityModel | undefined {
  if (related.viaWhere !== undefined && related.via === undefined)
    report(`${pointer}/viaWhere`, 'viaWhere filters the lines of via: name them');
  if (
    related.reference !== undefined &&
    related.via === undefined &&
    related.entity === undefined &&
    related.field === undefined
  ) {
    const ref = entity.field(related.reference)?.reference;
    const named = ref && registry.entity(ref.entity);
    if (!named) report(`${pointer}/reference`, `"${related.reference}" is not a reference field of ${entity.name}`);
    return named || undefined;
  }
  if (related.via !== undefined) return viaLines(registry, entity, related, pointer, report);
  if (related.equals !== undefined) return sameValue(registry, entity, related, pointer, report);
  if (related.reference === undefined && related.entity !== undefined && related.field !== undefined) {
    const other = registry.entity(related.entity);
    const field = other?.field(related.field);
    // A reference field to this entity, an integer named as its key (a receipt's accountCheckId),
    // or the foreign key of one of its children (its lines).
    const points =
      field?.reference?.entity === entity.name ||
      (field?.type === 'integer' && field.name === entity.primaryKey) ||
      entity.children.some((c) => c.entity === related.entity && c.foreignKey === related.field);
    if (!other || !points) report(pointer, `"${related.entity}.${related.field}" is not a reference to ${entity.name}`);
    return other && points ? other : undefined;
  }
  report(pointer, 'related names either a reference field, or an entity and its field');
  return undefined;
}

/** entity.field and this record's field `equals` reference the same entity (a supplier's sites, from a document of the supplier). */
function sameValue(
  registry: MetadataCatalog,
  entity: EntityModel,
  related: RelatedDef,
  pointer: string,
  report: Report,
): EntityModel | undefined {
  const other = related.entity === undefined ? undefined : registry.entity(related.entity);
  const theirs = related.field === undefined ? undefined : other?.field(related.field)?.reference?.entity;
  const ours = entity.field(related.equals!)?.reference?.entity;
  const same = !!theirs && theirs === ours && related.reference === undefined;
  if (!same)
    report(pointer, `"${related.entity}.${related.field}" and "${related.equals}" do not reference the same entity`);
  return same ? other : undefined;
}

/** The lines' reference field `reference` (child via, those matching viaWhere): the records it names. */
function namedByLines(
  registry: MetadataCatalog,
  lines: EntityModel,
  related: RelatedDef,
  pointer: string,
  report: Report,
): EntityModel | undefined {
  const ref = lines.field(related.reference!)?.reference;
  const named = ref && registry.entity(ref.entity);
  if (!named || related.entity !== undefined || related.field !== undefined)
    report(`${pointer}/reference`, `"${related.reference}" is not a reference field of ${lines.name}`);
  for (const name of filterFields(related.viaWhere))
    if (!lines.field(name)) report(`${pointer}/viaWhere`, `filter field "${name}" is not a field of ${lines.name}`);
  return named && related.entity === undefined ? named : undefined;
}

/** entity.field names one of the record's lines (child via): a reference to them, or an integer named as their key. */
function viaLines(
  registry: MetadataCatalog,
  entity: EntityModel,
  related: RelatedDef,
  pointer: string,
  report: Report,
): EntityModel | undefined {
  const lines = childEntity(registry, entity, related.via, report, `${pointer}/via`);
  if (!lines) return undefined;
  if (related.reference !== undefined) return namedByLines(registry, lines, related, pointer, report);
  const other = related.entity === undefined ? undefined : registry.entity(related.entity);
  const field = related.field === undefined ? undefined : other?.field(related.field);
  const names =
    field?.reference?.entity === lines.name || (field?.type === 'integer' && field.name === lines.primaryKey);
  if (related.reference !== undefined || !other || !names)
    report(pointer, `"${related.entity}.${related.field}" does not name a line of ${lines.name}`);
  return other && names && related.reference === undefined ? other : undefined;
}

function checkWhere(pointer: string, related: EntityModel, where: SetRelatedDef['where'], report: Report) {
  for (const name of filterFields(where))
    if (!related.field(name)) report(`${pointer}/where`, `filter field "${name}" is not a field of ${related.name}`);
}

function checkSet(
  pointer: string,
  entity: EntityModel,
  related: EntityModel,
  set: Record<string, EffectValue>,
  report: Report,
) {
  for (const [name, value] of Object.entries(set)) {
    if (!related.field(name)) report(`${pointer}/set`, `"${name}" is not a field of ${related.name}`);
    else if ([related.primaryKey, related.statusField, ...AUDIT_FIELD_NAMES, VERSION_FIELD].includes(name))
      report(`${pointer}/set`, `"${name}" of ${related.name} is written by the platform, not by an effect`);
    for (const source of valueFields(value))
      if (!entity.field(source)) report(`${pointer}/set`, `value field "${source}" is not a field of ${entity.name}`);
  }
}

/** A selection of related records and its filter (closeTodos' related). */
export function checkRelatedSelection(
  registry: MetadataCatalog,
  entities: EntityModel[],
  pointer: string,
  d: { related: RelatedDef; where?: SetRelatedDef['where'] },
  report: Report,
): void {
  for (const entity of entities) {
    const related = relatedEntity(registry, entity, d.related, `${pointer}/related`, report);
    if (related) checkWhere(pointer, related, d.where, report);
  }
}

export function checkRelatedEffect(
  registry: MetadataCatalog,
  entities: EntityModel[],
  pointer: string,
  effect: { kind: 'setRelated'; def: SetRelatedDef } | { kind: 'transitionRelated'; def: TransitionRelatedDef },
  report: Report,
): void {
  for (const entity of entities) {
    const related = relatedEntity(registry, entity, effect.def.related, `${pointer}/related`, report);
    if (!related) continue;
    checkWhere(pointer, related, effect.def.where, report);
    if (effect.kind === 'setRelated') checkSet(pointer, entity, related, effect.def.set, report);
    else {
      const lc = related.def.lifecycle ? registry.lifecycle(related.def.lifecycle) : undefined;
      const transition = lc?.transitions.find((t) => t.action === effect.def.action);
      if (!transition) report(`${pointer}/action`, `${related.name} has no lifecycle action "${effect.def.action}"`);
      // Skipping on a refusal needs something that can refuse: without checks it always runs.
      else if (effect.def.ifChecksPass && !transition.checks?.length)
        report(`${pointer}/ifChecksPass`, `${related.name}'s "${effect.def.action}" has no checks to pass`);
    }
  }
}
