import type { Kernel } from '../kernel';

/**
 * What a designed entity can point at, from the live metadata (the shipped application and every
 * published design): each exposed entity with its primary key and live fields that clients may see (not secret, not server-only) (for a
 * reference field's target and its value/label fields), and each lifecycle with its states and
 * transitions (for an entity's lifecycle, and the buttons its pages may offer). table_model's documents list only what administrators made.
 */
export function listTargets(kernel: Kernel) {
  const { registry } = kernel;
  const entities = registry
    .entities()
    .filter((e) => e.def.exposed !== false)
    .map(({ def }) => ({
      name: def.name,
      label: def.label,
      primaryKey: def.primaryKey,
      fields: def.fields
        .filter((f) => !f.retired && !f.secret && !f.serverOnly)
        .map((f) => ({ name: f.name, type: f.type, label: f.label })),
    }));
  const lifecycles = registry.lifecycles().map((l) => ({
    name: l.name,
    statusLookup: l.statusLookup,
    states: l.states,
    transitions: l.transitions.map(({ action, resourceCode, label, from, to }) => ({
      action,
      resourceCode,
      label,
      from,
      to,
    })),
  }));
  return { entities, lifecycles };
}
