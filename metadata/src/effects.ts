/**
 * The effects of a lifecycle transition (lifecycle.schema.json `effects`): the approval effects by
 * name, and declared effects (to-dos, notifications, field and line values). Shared by the load
 * checks (effectCheck.ts), the server that runs them and the authoring screens.
 */
import type {
  MenuDef,
  CloseTodosDef,
  CreateRecordDef,
  SetRelatedDef,
  TransitionRelatedDef,
  EffectDef,
  EffectValue,
  LineAggregateValue,
  NamedEffect,
  NotifyDef,
  OpenTodoDef,
  RecipientsDef,
  SetLinesDef,
  TransitionDef,
} from './generated/meta-model';

/** A declared effect, by its kind: what each object form of EffectDef carries. */
export type DeclaredEffect =
  | { kind: 'openTodo'; def: OpenTodoDef }
  | { kind: 'closeTodos'; def: CloseTodosDef }
  | { kind: 'notify'; def: NotifyDef }
  | { kind: 'set'; def: Record<string, EffectValue> }
  | { kind: 'setLines'; def: SetLinesDef }
  | { kind: 'createRecord'; def: CreateRecordDef }
  | { kind: 'setRelated'; def: SetRelatedDef }
  | { kind: 'transitionRelated'; def: TransitionRelatedDef };

export function isNamedEffect(effect: EffectDef): effect is NamedEffect {
  return typeof effect === 'string';
}

/** Whether the transition has this approval effect or stamp. */
export function hasNamedEffect(t: Pick<TransitionDef, 'effects'>, name: NamedEffect): boolean {
  return !!t.effects?.includes(name);
}

export function declaredEffect(effect: Exclude<EffectDef, NamedEffect>): DeclaredEffect {
  if ('openTodo' in effect) return { kind: 'openTodo', def: effect.openTodo };
  if ('closeTodos' in effect) return { kind: 'closeTodos', def: effect.closeTodos };
  if ('notify' in effect) return { kind: 'notify', def: effect.notify };
  if ('set' in effect) return { kind: 'set', def: effect.set as Record<string, EffectValue> };
  if ('createRecord' in effect) return { kind: 'createRecord', def: effect.createRecord };
  if ('setRelated' in effect) return { kind: 'setRelated', def: effect.setRelated };
  if ('transitionRelated' in effect) return { kind: 'transitionRelated', def: effect.transitionRelated };
  return { kind: 'setLines', def: effect.setLines };
}

/** The transition's declared effects in order (named ones left out). */
export function declaredEffects(t: Pick<TransitionDef, 'effects'>): DeclaredEffect[] {
  return (t.effects ?? [])
    .filter((e) => !isNamedEffect(e))
    .map((e) => declaredEffect(e as Exclude<EffectDef, NamedEffect>));
}

/** The record fields a recipient set reads (userField, supplierField). */
export function recipientFields(to: RecipientsDef): string[] {
  return [to.userField, to.supplierField].filter((f): f is string => !!f);
}

/** Whether an effect value is a count or sum over the record's lines (computed once per transition). */
export function isLineAggregate(value: unknown): value is LineAggregateValue {
  return value !== null && typeof value === 'object' && 'aggregate' in value && 'lines' in value;
}

/**
 * The fields of the record an effect value reads: the field it copies, the field whose days it
 * adds, the field it subtracts, its default's (a line aggregate reads lines, not fields of the record).
 */
export function valueFields(value: EffectValue): string[] {
  if (value === null || typeof value !== 'object' || isLineAggregate(value)) return [];
  const days = 'addDaysFrom' in value && value.addDaysFrom ? [value.addDaysFrom] : [];
  if ('now' in value) return days;
  if (!('field' in value)) return [];
  const minus = value.minus ? [value.minus] : [];
  return [value.field, ...days, ...minus, ...(value.default === undefined ? [] : valueFields(value.default))];
}

/** Every line aggregate among an effect's values, wherever it sits in the effect. */
export function lineAggregatesIn(node: unknown): LineAggregateValue[] {
  if (isLineAggregate(node)) return [node];
  if (Array.isArray(node)) return node.flatMap(lineAggregatesIn);
  if (node && typeof node === 'object') return Object.values(node).flatMap(lineAggregatesIn);
  return [];
}

/** The to-do type lookup (DOMAIN section 14): a to-do's billType must be one of its codes. */
export const TODO_LOOKUP = 'SYS_TOBEDO';

/** Placeholders every to-do and notification pattern may use besides the record's fields. */
export const BUILT_IN_PLACEHOLDERS: ReadonlySet<string> = new Set(['id', 'state', 'action']);

/** The {field} placeholders of a pattern, in order ({other.field}: the other line of an overlap check). */
export function placeholders(pattern: string): string[] {
  return [...pattern.matchAll(/\{([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)?)\}/g)].map((m) => m[1]);
}

/** Every menu code of a menu tree. */
export function menuCodes(menus: MenuDef[]): Set<string> {
  const codes = new Set<string>();
  const visit = (m: MenuDef) => {
    codes.add(m.menuCode);
    m.children?.forEach(visit);
  };
  menus.forEach(visit);
  return codes;
}
