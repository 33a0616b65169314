/**
 * What a designed entity can point at: entities for reference fields (and their value/label
 * fields), lifecycles for the entity's lifecycle. The server lists the live ones, shipped and
 * published (tableModelRestful/listTargets); the draft adds what is being designed now.
 */
import type { EntityDef, LifecycleDef, TransitionDef } from '../meta';

export interface TargetEntity {
  name: string;
  label: { cn: string; en: string };
  primaryKey: string;
  fields: { name: string; type: string; label: { cn: string; en: string } }[];
}

export interface Targets {
  entities: TargetEntity[];
  lifecycles: { name: string; statusLookup: string; states: string[]; transitions: TransitionDef[] }[];
}

export const NO_TARGETS: Targets = { entities: [], lifecycles: [] };

/** Entity names to reference: the draft's first (being designed), then the live ones. */
export function targetEntityNames(drafted: Record<string, EntityDef>, targets: Targets): string[] {
  return [...new Set([...Object.keys(drafted), ...targets.entities.map((e) => e.name)])];
}

/** An entity to pick: shown by its name, searched by its name and CN/EN labels ("srmBaseCategory 物料类别 Category"). */
export interface EntityOption {
  value: string;
  search: string;
}

/** targetEntityNames as picker options, searched by CN and EN label too (the draft's own label when it has one). */
export function targetEntityOptions(drafted: Record<string, EntityDef>, targets: Targets): EntityOption[] {
  const labelOf = (name: string) => drafted[name]?.label ?? targets.entities.find((e) => e.name === name)?.label;
  return targetEntityNames(drafted, targets).map((value) => {
    const label = labelOf(value);
    return { value, search: [value, label?.cn, label?.en].filter(Boolean).join(' ') };
  });
}

/** Search an option by its code and names (its `search` text), whatever the case. */
export const matchesSearch = (input: string, option?: { search?: unknown }) =>
  String(option?.search ?? '')
    .toLowerCase()
    .includes(input.toLowerCase());

/** Lifecycle names an entity may use: the live ones and those in the draft. */
export function targetLifecycleNames(draftLifecycles: string[], targets: Targets): string[] {
  return [...new Set([...draftLifecycles, ...targets.lifecycles.map((l) => l.name)])];
}

/** A reference target's primary key, then its fields; the draft's version wins over the live one. */
export function targetFieldNames(
  entity: string | undefined,
  drafted: Record<string, EntityDef>,
  targets: Targets,
): string[] {
  if (!entity) return [];
  const draft = drafted[entity];
  if (draft)
    return [
      draft.primaryKey,
      ...draft.fields.filter((f) => !f.retired && f.name !== draft.primaryKey).map((f) => f.name),
    ];
  const live = targets.entities.find((e) => e.name === entity);
  return live ? [live.primaryKey, ...live.fields.map((f) => f.name).filter((name) => name !== live.primaryKey)] : [];
}

export type TargetFieldsOf = (entity: string | undefined) => string[];

/**
 * The transitions of an entity's lifecycle, for the buttons its pages may offer: the draft's
 * lifecycle when it is being designed, else the live one.
 */
export function lifecycleTransitions(
  entity: EntityDef | undefined,
  draftLifecycles: LifecycleDef[],
  targets: Targets,
): TransitionDef[] {
  const name = entity?.lifecycle;
  if (!name) return [];
  return (
    (draftLifecycles.find((l) => l.name === name) ?? targets.lifecycles.find((l) => l.name === name))?.transitions ?? []
  );
}
