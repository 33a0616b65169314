import { menuReach } from '../access/pageAccess';
import type { UserRow } from '../access/accessService';
import type { Identity } from '../access/permissionGuard';
import type { SqlParam } from '../db/sqlExecutor';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from '../platform/actionRegistry';
import type { ResourceContext } from '../resource/context';
import { pickText, type HomeChartDef, type MonthlyChartDef, type StatusChartDef } from '@meridian/metadata';
import { formatDecimal, parseDecimal, ZERO } from '../util/decimal';
import { internalCaller } from './readerContext';

/** The entities the pages of the user's granted, enabled menus read (every responsibility of the user). */
async function readableEntities(kernel: Kernel, user: UserRow, ctx: ResourceContext): Promise<Set<string>> {
  const { access } = kernel.auth;
  const readable = new Set<string>();
  for (const resp of await access.responsibilities(user, ctx.language)) {
    for (const menuId of await access.grantedMenuIds(resp.responsibilityId)) {
      const menu = await access.menu(menuId);
      if (menu?.enabled === 'Y')
        for (const [name] of menuReach(kernel.registry, menu.htmlUrl).entities) readable.add(name);
    }
  }
  return readable;
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

type Scope = { sql: string; params: SqlParam[] };

/** The WHERE a listByPage from the entity's menu would use for the caller: its row scope. */
async function scopeOf(kernel: Kernel, identity: Identity, entityName: string, ctx: ResourceContext): Promise<Scope> {
  const entity = kernel.registry.entity(entityName)!;
  const rowScope = await kernel.auth.guard.rowScope(identity, entity, true, ctx);
  return kernel.resources.reader.where(entity, { params: {} }, ctx, rowScope);
}

function excluded(kernel: Kernel, chart: HomeChartDef): { sql: string; params: string[] } {
  if (!chart.excludeStatuses?.length) return { sql: '', params: [] };
  const { c } = kernel.auth.access.sql;
  const marks = chart.excludeStatuses.map(() => '?').join(', ');
  return {
    sql: ` AND ${c(chart.entity, chart.statusField ?? 'status', 't')} NOT IN (${marks})`,
    params: chart.excludeStatuses,
  };
}

async function statusFigures(kernel: Kernel, chart: StatusChartDef, scope: Scope) {
  const { t, c } = kernel.auth.access.sql;
  const field = c(chart.entity, chart.field, 't');
  const not = excluded(kernel, chart);
  const rows = await kernel.db.select(
    `SELECT ${field} AS status, COUNT(*) AS n FROM ${t(chart.entity)} t WHERE ${scope.sql}${not.sql} GROUP BY ${field} ORDER BY ${field}`,
    [...scope.params, ...not.params],
  );
  return rows.map((r) => ({ status: String(r.status), count: Number(r.n) }));
}

async function monthlyFigures(kernel: Kernel, chart: MonthlyChartDef, scope: Scope) {
  const { t, c } = kernel.auth.access.sql;
  const months = lastTwelveMonths();
  const date = c(chart.entity, chart.dateField, 't');
  const month = `SUBSTR(${date}, 1, 7)`;
  const sum = chart.amountField ? `SUM(${c(chart.entity, chart.amountField, 't')})` : 'NULL';
  const not = excluded(kernel, chart);
  const rows = await kernel.db.select(
    `SELECT ${month} AS month, ${sum} AS amount, COUNT(*) AS n FROM ${t(chart.entity)} t WHERE ${scope.sql} ` +
      `AND ${date} >= ?${not.sql} GROUP BY ${month}`,
    [...scope.params, `${months[0]}-01`, ...not.params],
  );
  const byMonth = new Map(rows.map((r) => [String(r.month), r]));
  return months.map((m) => ({
    month: m,
    amount: chart.amountField ? money(byMonth.get(m)?.amount) : null,
    count: Number(byMonth.get(m)?.n ?? 0),
  }));
}

/** One chart as the runtime draws it: title in the caller's language, figures counted over the caller's rows. */
async function chartAnswer(kernel: Kernel, identity: Identity, ctx: ResourceContext, chart: HomeChartDef) {
  const scope = await scopeOf(kernel, identity, chart.entity, ctx);
  const common = { key: chart.key, kind: chart.kind, title: pickText(chart.title, ctx.language) };
  if (chart.kind === 'byStatus') {
    // The field's own lookup type names the values (a lookup field: metadata/src/chartCheck.ts).
    const { lookupType } = kernel.registry.entity(chart.entity)!.field(chart.field)!;
    return { ...common, lookupType, data: await statusFigures(kernel, chart, scope) };
  }
  return { ...common, amount: Boolean(chart.amountField), data: await monthlyFigures(kernel, chart, scope) };
}

/**
 * The figures of the internal home: the charts the chartSet documents declare (registry.homeCharts) whose
 * records a granted menu of the caller reads, counted in SQL from the rows the caller can read,
 * and the caller's active approval to-dos, pending and handled (gauge).
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
  const readable = await readableEntities(kernel, user, ctx);
  const charts = [];
  for (const chart of kernel.registry.homeCharts()) {
    if (readable.has(chart.entity)) charts.push(await chartAnswer(kernel, identity, ctx, chart));
  }
  return { charts, approvals: { pending, handled } };
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
