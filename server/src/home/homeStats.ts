import { menuReach } from '../access/pageAccess';
import type { UserRow } from '../access/accessService';
import type { Identity } from '../access/permissionGuard';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from '../platform/actionRegistry';
import type { ResourceContext } from '../resource/context';
import { formatDecimal, parseDecimal, ZERO } from '../util/decimal';
import { internalCaller } from './readerContext';

const REQ = 'srmPurRequisitionHeader';

/** Whether one of the user's responsibilities grants a menu whose pages read this entity. */
async function mayRead(kernel: Kernel, user: UserRow, entityName: string, ctx: ResourceContext): Promise<boolean> {
  const { access } = kernel.auth;
  for (const resp of await access.responsibilities(user, ctx.language)) {
    for (const menuId of await access.grantedMenuIds(resp.responsibilityId)) {
      const menu = await access.menu(menuId);
      if (menu?.enabled === 'Y' && menuReach(kernel.registry, menu.htmlUrl).entities.has(entityName)) return true;
    }
  }
  return false;
}

/** The first days of the 12 months ending with the current one: ['2025-12', …, '2026-11']. */
export function lastTwelveMonths(today = new Date()): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const d = new Date(today.getFullYear(), today.getMonth() - back, 1);
    months.push(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** SUM comes back as a DECIMAL string (MySQL) or a number (SQLite): one 2-decimal string either way. */
const money = (v: unknown) => formatDecimal(parseDecimal(v as string | number | null | undefined) ?? ZERO, 2);

/**
 * The figures of the internal home's charts, counted in SQL from the rows the caller can read
 * (requisitions only when a granted menu reads them; null otherwise):
 * - requisitionsByStatus: requisitions per status (pie);
 * - monthlyAmount: requisition estimated totals per month of requisition date, the last 12 months,
 *   drafts and cancelled ones left out (line). There are no purchase orders yet: requisitions are
 *   the procurement documents that exist;
 * - approvals: the caller's active approval to-dos, pending and handled (gauge).
 */
async function homeStats(kernel: Kernel, identity: Identity, ctx: ResourceContext) {
  const { user } = identity;
  const { t, c } = kernel.auth.access.sql;
  const todo = await kernel.db.select(
    `SELECT ${c('baseTodo', 'handleFlag')} AS flag, COUNT(*) AS n FROM ${t('baseTodo')} WHERE ${c('baseTodo', 'assigneeUserId')} = ? ` +
      `AND COALESCE(${c('baseTodo', 'cancelFlag')}, 'N') = 'N' GROUP BY ${c('baseTodo', 'handleFlag')}`,
    [user.userId],
  );
  const handled = todo.filter((r) => r.flag === 'Y').reduce((s, r) => s + Number(r.n), 0);
  const pending = todo.filter((r) => r.flag !== 'Y').reduce((s, r) => s + Number(r.n), 0);
  if (!(await mayRead(kernel, user, REQ, ctx)))
    return { requisitionsByStatus: null, monthlyAmount: null, approvals: { pending, handled } };

  // The same WHERE a listByPage from the requisition menu would use: the caller's organisation permits.
  const entity = kernel.registry.entity(REQ)!;
  const scope = kernel.resources.reader.where(
    entity,
    { params: {} },
    ctx,
    await kernel.auth.guard.rowScope(identity, entity, true, ctx),
  );
  const byStatus = await kernel.db.select(
    `SELECT ${c(REQ, 'status', 't')} AS status, COUNT(*) AS n FROM ${t(REQ)} t WHERE ${scope.sql} GROUP BY ${c(REQ, 'status', 't')} ORDER BY ${c(REQ, 'status', 't')}`,
    scope.params,
  );
  const months = lastTwelveMonths();
  const month = `SUBSTR(${c(REQ, 'requisitionDate', 't')}, 1, 7)`;
  const monthly = await kernel.db.select(
    `SELECT ${month} AS month, SUM(${c(REQ, 'totalAmount', 't')}) AS amount, COUNT(*) AS n FROM ${t(REQ)} t WHERE ${scope.sql} ` +
      `AND ${c(REQ, 'requisitionDate', 't')} >= ? AND ${c(REQ, 'status', 't')} NOT IN ('DRAFT', 'CANCELLED') GROUP BY ${month}`,
    [...scope.params, `${months[0]}-01`],
  );
  const byMonth = new Map(monthly.map((r) => [String(r.month), r]));
  return {
    requisitionsByStatus: byStatus.map((r) => ({ status: String(r.status), count: Number(r.n) })),
    monthlyAmount: months.map((m) => ({
      month: m,
      amount: money(byMonth.get(m)?.amount),
      count: Number(byMonth.get(m)?.n ?? 0),
    })),
    approvals: { pending, handled },
  };
}

/** baseHomeRestful/findHomeStats: internal users only (the supplier home has no charts). */
export function registerHomeStats(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseHomeRestful',
    action: 'findHomeStats',
    access: 'session',
    handler: async (_body, ctx, kernel, req) => {
      internalCaller(req);
      return { data: await homeStats(kernel, req.identity!, ctx) };
    },
  });
}
