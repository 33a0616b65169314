/**
 * Load checks of declared transition effects (effects.ts): every field, child, menu, page,
 * to-do type and placeholder they name exists, so that a mistake stops the start (or a publish)
 * with the document and pointer instead of failing a user's action later.
 */
import type { CloseTodosDef, EffectValue, LifecycleDef } from './generated/meta-model';
import type { EntityModel } from './entityModel';
import { childEntity } from './childEntity';
import {
  BUILT_IN_PLACEHOLDERS,
  declaredEffects,
  menuCodes,
  placeholders,
  TODO_LOOKUP,
  valueFields,
  type DeclaredEffect,
} from './effects';
import { NUMBER_TYPES } from './fieldTypes';
import { filterFields } from './filter';
import { checkCreate } from './createRecordCheck';
import { checkLineAggregates } from './lineAggregateCheck';
import type { MetadataCatalog } from './metadataCatalog';
import { checkRecipients } from './recipientCheck';
import { checkRelatedEffect, checkRelatedSelection } from './relatedEffectCheck';
import { checkTransitionChecks } from './transitionCheckLoad';
import { checkFields, isAdminSource, PLATFORM_FIELDS, recordField, type Report, type Scope } from './effectScope';

function checkPatterns(s: Scope, pointer: string, patterns: string[]): void {
  const names = patterns.flatMap(placeholders).filter((n) => !BUILT_IN_PLACEHOLDERS.has(n));
  checkFields(s, pointer, names, 'placeholder');
}

function checkBillType(s: Scope, pointer: string, billType: string): void {
  const lookup = s.registry.lookupType(TODO_LOOKUP);
  if (lookup && !lookup.values.some((v) => v.lookupCode === billType))
    s.report(pointer, `billType "${billType}" is not a value of ${TODO_LOOKUP}`);
}

/**
 * Written fields must be the entity's own, not its key, state or audit columns. `lineStates`: the
 * states of the lines' own lifecycle, which their header's setLines may set (a form sent or
 * cancelled moves its lines; where says which), a state literally, never copied from a field.
 */
function checkWrites(
  s: Scope,
  pointer: string,
  entity: EntityModel,
  values: Record<string, EffectValue>,
  lineStates?: ReadonlySet<string>,
): void {
  for (const [name, value] of Object.entries(values)) {
    const field = entity.field(name);
    if (!field) s.report(pointer, `"${name}" is not a field of ${entity.name}`);
    else if (lineStates && name === entity.statusField) {
      if (typeof value !== 'string' || !lineStates.has(value))
        s.report(
          pointer,
          `"${name}" of ${entity.name} is set to a state of its lifecycle, not ${JSON.stringify(value)}`,
        );
    } else if (name === entity.primaryKey || name === entity.statusField || PLATFORM_FIELDS.has(name))
      s.report(pointer, `"${name}" of ${entity.name} is written by the platform, not by an effect`);
    // "reference.field" reads the record's references: only in the record's own set.
    const known = (name: string) => (s.entities.includes(entity) ? recordField(s, entity, name) : !!entity.field(name));
    for (const source of valueFields(value))
      if (!known(source)) s.report(pointer, `value field "${source}" is not a field of ${entity.name}`);
    // A difference is of two numbers.
    if (value && typeof value === 'object' && 'minus' in value && value.minus)
      for (const operand of [value.field, value.minus])
        if (!NUMBER_TYPES.has(entity.field(operand)?.type ?? 'integer'))
          s.report(pointer, `value field "${operand}" of ${entity.name} is not a number: it cannot be subtracted`);
  }
}

/** The states of an entity's own lifecycle; none without one (its status field stays the platform's). */
function lifecycleStates(s: Scope, entity: EntityModel): ReadonlySet<string> | undefined {
  const lifecycle = entity.def.lifecycle && s.registry.lifecycles().find((l) => l.name === entity.def.lifecycle);
  return lifecycle ? new Set<string>(lifecycle.states) : undefined;
}

/** closeTodos noLine: a child of the record whose to-dos end (the related entity's, with related) and fields of its lines. */
function checkNoLine(s: Scope, pointer: string, d: CloseTodosDef): void {
  for (const entity of s.entities) {
    const ref = d.related?.reference === undefined ? undefined : entity.field(d.related.reference)?.reference?.entity;
    const owner = d.related ? s.registry.entity(ref ?? d.related.entity ?? '') : entity;
    if (!owner) continue; // the selection's own check reports it
    const lines = childEntity(s.registry, owner, d.noLine!.lines, s.report, `${pointer}/lines`);
    for (const name of lines ? filterFields(d.noLine!.where) : [])
      if (!lines!.field(name)) s.report(`${pointer}/where`, `filter field "${name}" is not a field of ${lines!.name}`);
  }
}

function checkEffect(s: Scope, pointer: string, effect: DeclaredEffect): void {
  switch (effect.kind) {
    case 'openTodo': {
      const d = effect.def;
      checkBillType(s, `${pointer}/billType`, d.billType);
      checkRecipients(s, `${pointer}/to`, d.to, (at, names, what) => checkFields(s, at, names, what));
      if (!s.adminMade && !menuCodes(s.registry.menus()).has(d.menuCode))
        s.report(`${pointer}/menuCode`, `menu "${d.menuCode}" does not exist`);
      const page = d.link.split('?')[0];
      if (!s.registry.page(page)) s.report(`${pointer}/link`, `link opens page "${page}", which does not exist`);
      checkPatterns(s, pointer, [d.title.cn, d.title.en, d.link]);
      checkFields(s, `${pointer}/when`, filterFields(d.when), 'filter field');
      return;
    }
    case 'closeTodos':
      effect.def.billTypes.forEach((b, i) => checkBillType(s, `${pointer}/billTypes/${i}`, b));
      if (effect.def.userField) checkFields(s, `${pointer}/userField`, [effect.def.userField], 'user field');
      if (effect.def.supplierField)
        checkFields(s, `${pointer}/supplierField`, [effect.def.supplierField], 'supplier field');
      if (effect.def.userField && effect.def.supplierField)
        s.report(pointer, "a to-do is a user's or a supplier's: userField or supplierField, not both");
      if (effect.def.noLine) checkNoLine(s, `${pointer}/noLine`, effect.def);
      if (effect.def.related)
        checkRelatedSelection(
          s.registry,
          s.entities,
          pointer,
          { ...effect.def, related: effect.def.related },
          s.report,
        );
      else if (effect.def.where) s.report(`${pointer}/where`, 'where filters related records: name them (related)');
      return;
    case 'notify': {
      const d = effect.def;
      checkRecipients(s, `${pointer}/to`, d.to, (at, names, what) => checkFields(s, at, names, what));
      if (d.billType) checkBillType(s, `${pointer}/billType`, d.billType);
      checkPatterns(s, pointer, [d.title.cn, d.title.en, d.content.cn, d.content.en]);
      checkFields(s, `${pointer}/when`, filterFields(d.when), 'filter field');
      return;
    }
    case 'createRecord':
      return checkCreate(s, pointer, effect.def);
    case 'setRelated':
      return checkRelatedEffect(s.registry, s.entities, pointer, effect, s.report);
    case 'transitionRelated':
      checkFields(s, `${pointer}/when`, filterFields(effect.def.when), 'filter field');
      return checkRelatedEffect(s.registry, s.entities, pointer, effect, s.report);
    case 'set':
      for (const entity of s.entities) checkWrites(s, pointer, entity, effect.def);
      return;
    case 'setLines':
      for (const entity of s.entities) {
        const lines = childEntity(s.registry, entity, effect.def.lines, s.report, `${pointer}/lines`);
        if (!lines) continue;
        checkWrites(s, `${pointer}/set`, lines, effect.def.set, lifecycleStates(s, lines));
        for (const name of filterFields(effect.def.where))
          if (!lines.field(name))
            s.report(`${pointer}/where`, `filter field "${name}" is not a field of ${lines.name}`);
      }
  }
}

/** Every declared effect and check of the lifecycle, against each entity that uses it. */
export function checkDeclaredEffects(registry: MetadataCatalog, lc: LifecycleDef, report: Report): void {
  const entities = registry.entities().filter((e) => e.def.lifecycle === lc.name);
  const scope: Scope = { registry, entities, report, adminMade: isAdminSource(registry.source(lc)) };
  lc.transitions.forEach((t, i) => {
    if (t.checks) checkTransitionChecks(scope, `/transitions/${i}/checks`, t.checks);
    (t.effects ?? []).forEach((effect, j) => {
      if (typeof effect === 'string') return;
      const [kind] = Object.keys(effect);
      const pointer = `/transitions/${i}/effects/${j}/${kind}`;
      checkEffect(scope, pointer, declaredEffects({ effects: [effect] })[0]);
      checkLineAggregates(registry, entities, pointer, effect, report);
    });
  });
}
