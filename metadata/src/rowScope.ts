import type { EntityDef } from './generated/meta-model';

/**
 * How supplier (EX) users may see an entity's rows, from its `rowScope` declaration:
 * own — rows whose supplierField is their supplier; parent — rows whose header they may see;
 * shared — every row, read only; none — no row (internal only, or nothing declared: closed by default).
 */
export type SupplierAccess = 'own' | 'parent' | 'shared' | 'none';

export const SCOPE_MODES = ['supplierField', 'fromParent', 'shared', 'internalOnly'] as const;

export function supplierAccess(def: Pick<EntityDef, 'rowScope'>): SupplierAccess {
  const scope = def.rowScope;
  if (scope?.supplierField) return 'own';
  if (scope?.fromParent) return 'parent';
  if (scope?.shared) return 'shared';
  return 'none';
}

/** The modes an entity declares (exactly one is expected of an exposed entity). */
export function declaredScopeModes(def: Pick<EntityDef, 'rowScope'>): string[] {
  const scope = (def.rowScope ?? {}) as Record<string, unknown>;
  return SCOPE_MODES.filter((mode) => scope[mode] !== undefined && scope[mode] !== false);
}
