/**
 * The to-do rules of docs/architecture.md "Spec: routes and home", "Spec: states", shared by the server
 * (which enforces them) and the
 * runtime (which decides what a click does), so the two can never disagree.
 */

/** Internal types that become handled when opened (they have no approval action of their own). */
export const INTERNAL_HANDLED_ON_OPEN = ['BIDDING_BARGAINING', 'SRM_QUALITY_CHAT'] as const;
/**
 * Supplier types that become handled when opened: informational. PERFORMANCE_SIMPLE has no menu and
 * stays on the home; SRM_SPE_EXPRESSION ("dynamic performance data … for your attention") asks the
 * supplier only to read the data, so opening its list is the whole task (docs/decisions.md, issue 17).
 */
export const SUPPLIER_HANDLED_ON_OPEN = ['PERFORMANCE_SIMPLE', 'SRM_SPE_EXPRESSION'] as const;

export type TodoKind = 'internal' | 'supplier';

export interface TodoLike {
  billType?: unknown;
  menuCode?: unknown;
  handleFlag?: unknown;
  cancelFlag?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** An item navigates only when it has a menu code (docs/architecture.md "Spec: routes and home"). */
export function todoNavigates(item: TodoLike): boolean {
  return text(item.menuCode) !== '';
}

/**
 * Opening this item marks it handled: an internal BIDDING_BARGAINING or SRM_QUALITY_CHAT item with
 * a menu code, or a supplier PERFORMANCE_SIMPLE or SRM_SPE_EXPRESSION item; in both cases only while pending and active.
 */
export function todoHandledOnOpen(kind: TodoKind, item: TodoLike): boolean {
  if (item.handleFlag === 'Y' || item.cancelFlag === 'Y') return false;
  const type = text(item.billType);
  if (kind === 'supplier') return (SUPPLIER_HANDLED_ON_OPEN as readonly string[]).includes(type);
  return (INTERNAL_HANDLED_ON_OPEN as readonly string[]).includes(type) && todoNavigates(item);
}
