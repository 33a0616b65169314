import type { EntityModel } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePost, EXPORT_PATH } from '../exchange/exchangeFixtures';
import { PDF, upload } from '../testing/fileFixtures';
import { ScopeOracle, type Visible } from '../testing/scopeOracle';
import { OUTSIDER_ORGS, SECURITY_PRINCIPALS, setUpPrincipals, type MenuRow } from '../testing/securityPrincipals';
import { startTestServer, type ApiAnswer, type TestServer } from '../testing/testServer';
import { menuReach, type EntityRole } from './pageAccess';

/**
 * The security suite generated from the metadata (docs/developer-guide.md, "Row scope"): it walks
 * the live registry and, for every exposed entity and every menu that uses it, checks as a supplier
 * of another company and as an internal user without the organisation permit that foreign rows are
 * neither listed, opened, exported, attached to nor changed; that no write or lifecycle action
 * passes without its button; and that secret or unfilterable fields cannot be filtered or sorted
 * on. A new entity is covered the moment its metadata lands. Failures are collected per check so
 * one run names every leak.
 */
let server: TestServer;
let principals: Awaited<ReturnType<typeof setUpPrincipals>>;
let oracle: ScopeOracle;
const pairs: { entity: EntityModel; menu: MenuRow; role: EntityRole }[] = [];

beforeAll(async () => {
  server = await startTestServer('access_generated');
  principals = await setUpPrincipals(server);
  oracle = new ScopeOracle(server);
  for (const menu of principals.menus) {
    for (const [name, role] of menuReach(server.kernel.registry, menu.htmlUrl).entities) {
      const entity = server.kernel.registry.entity(name);
      if (entity && entity.def.exposed !== false) pairs.push({ entity, menu, role });
    }
  }
}, 120000);
afterAll(async () => {
  await server?.close();
});

type Principal = 'foreignSupplier' | 'outsider' | 'noButtons';
const call = (
  who: Principal,
  pair: { entity: EntityModel; menu: MenuRow },
  action: string,
  body: Record<string, unknown>,
) =>
  server.call(pair.entity.area, `${pair.entity.name}Restful`, action, body, principals.headers[who](pair.menu.menuId));
const idsOf = (entity: EntityModel, answer: ApiAnswer) =>
  new Set<number>((answer.body.data ?? []).map((r: Record<string, unknown>) => Number(r[entity.primaryKey])));
const PAGE = 500;
/** Nothing listed that is not visible; everything visible listed when it fits on one page. */
const listedRight = (listed: Set<number>, visible: Set<number>) =>
  [...listed].every((x) => visible.has(x)) &&
  (visible.size > PAGE ? listed.size === PAGE : listed.size === visible.size);
const brief = (ids: Set<number>) => `${[...ids].slice(0, 20).join(',')}${ids.size > 20 ? `… ${ids.size} in all` : ''}`;
const where = (pair: { entity: EntityModel; menu: MenuRow }) => `${pair.entity.name} on ${pair.menu.menuCode}`;

function visibleFor(who: Principal, entity: EntityModel, reading = true): Promise<Visible> {
  return who === 'foreignSupplier'
    ? oracle.supplier(entity, SECURITY_PRINCIPALS.foreignSupplier.supplierId, reading)
    : oracle.internal(entity, OUTSIDER_ORGS);
}

/** Rows of the entity the principal must not reach (at most `n`). */
async function foreignIds(who: Principal, entity: EntityModel, n = 3): Promise<number[]> {
  const visible = await visibleFor(who, entity);
  const all = (await oracle.rows(entity)).map((r) => Number(r[entity.primaryKey]));
  return all.filter((id) => visible === 'denied' || !visible.has(id)).slice(0, n);
}

async function readChecks(who: Principal): Promise<string[]> {
  const failures: string[] = [];
  for (const pair of pairs) {
    const visible = await visibleFor(who, pair.entity);
    const list = await call(who, pair, 'listByPage', { pageRows: PAGE });
    if (visible === 'denied') {
      if (list.status !== 403)
        failures.push(`${where(pair)}: listByPage answered ${list.status}, expected 403 (closed to this user)`);
    } else if (list.status !== 200 || !listedRight(idsOf(pair.entity, list), visible)) {
      failures.push(
        `${where(pair)}: listByPage gave ${list.status} [${brief(idsOf(pair.entity, list))}], expected [${brief(visible)}]`,
      );
    }
    for (const id of await foreignIds(who, pair.entity)) {
      const found = await call(who, pair, 'findById', { id });
      if (found.status !== (visible === 'denied' ? 403 : 404))
        failures.push(`${where(pair)}: findById ${id} answered ${found.status}`);
    }
  }
  return failures;
}

async function exportAndFileChecks(who: Principal): Promise<string[]> {
  const failures: string[] = [];
  const seen = new Set<string>();
  for (const pair of pairs) {
    if (seen.has(pair.entity.name)) continue;
    const foreign = await foreignIds(who, pair.entity);
    if (!foreign.length) continue;
    seen.add(pair.entity.name);
    const pk = pair.entity.primaryKey;
    const csv = await filePost(server, principals.headers[who](pair.menu.menuId), `${EXPORT_PATH}/exportCsv`, {
      requestUrl: `/api/${pair.entity.area}/v1/${pair.entity.name}Restful/listByPage`,
      requestParams: { filter: { field: pk, op: 'in', value: foreign } },
      columns: [{ key: pk, title: pk }],
    });
    const lines = csv.bytes.toString('utf8').trim().split(/\r?\n/);
    if (csv.status === 200 && lines.length > 1)
      failures.push(`${where(pair)}: CSV export of foreign rows [${foreign}] gave ${lines.length - 1} rows`);
    else if (csv.status !== 200 && csv.status !== 403)
      failures.push(`${where(pair)}: CSV export answered ${csv.status}`);
    const attached = await upload(
      server,
      principals.headers[who](pair.menu.menuId),
      [{ name: 'probe.pdf', bytes: PDF }],
      { functionId: pair.entity.name, businessId: String(foreign[0]) },
    );
    if (attached.status !== 404)
      failures.push(`${where(pair)}: upload onto foreign row ${foreign[0]} answered ${attached.status}, expected 404`);
  }
  return failures;
}

/** Every write offered on the menu, aimed at foreign rows: refused, and the table is unchanged. */
async function writeChecks(who: Principal): Promise<string[]> {
  const failures: string[] = [];
  for (const pair of pairs.filter((p) => p.role === 'main')) {
    const foreign = await foreignIds(who, pair.entity, 2);
    if (!foreign.length) continue;
    oracle.forget(pair.entity);
    const before = JSON.stringify(await oracle.rows(pair.entity));
    const rows = new Map((await oracle.rows(pair.entity)).map((r) => [Number(r[pair.entity.primaryKey]), r]));
    for (const [action, body] of writeAttempts(pair.entity, foreign, rows)) {
      const answer = await call(who, pair, action, body);
      const lineWrite = pair.entity.def.parent !== undefined && answer.status === 400;
      if (answer.status !== 403 && answer.status !== 404 && !lineWrite)
        failures.push(`${where(pair)}: ${action} on foreign [${foreign}] answered ${answer.status} ${answer.body.msg}`);
    }
    oracle.forget(pair.entity);
    if (JSON.stringify(await oracle.rows(pair.entity)) !== before) failures.push(`${where(pair)}: the table changed`);
  }
  return failures;
}

function writeAttempts(
  entity: EntityModel,
  foreign: number[],
  rows: Map<number, Record<string, unknown>>,
): [string, Record<string, unknown>][] {
  const pk = entity.primaryKey;
  const attempts: [string, Record<string, unknown>][] = [
    ['saveOrUpdate', { [pk]: foreign[0], versionNum: rows.get(foreign[0])?.versionNum }],
    ['delete', { id: foreign[0] }],
    ['doBatchDelete', { ids: foreign }],
  ];
  const lifecycle = entity.def.lifecycle ? server.kernel.registry.lifecycle(entity.def.lifecycle) : undefined;
  for (const t of lifecycle?.transitions ?? [])
    attempts.push([t.action, { id: foreign[0], ids: foreign, comment: 'probe' }]);
  return attempts;
}

describe('generated security suite', () => {
  it('covers every exposed entity that a menu uses', () => {
    const covered = new Set(pairs.map((p) => p.entity.name));
    const exposed = server.kernel.registry.entities().filter((e) => e.def.exposed !== false && e.source === 'file');
    const uncovered = exposed.filter((e) => !covered.has(e.name)).map((e) => e.name);
    // Entities no menu uses are unreachable through the generic API (403 before any row scope).
    expect(covered.size).toBeGreaterThan(exposed.length / 2);
    expect(uncovered.every((name) => !pairs.some((p) => p.entity.name === name))).toBe(true);
  });

  for (const who of ['foreignSupplier', 'outsider'] as const) {
    it(
      `${who}: lists and opens no foreign row (findById, listByPage)`,
      async () => expect(await readChecks(who)).toEqual([]),
      300000,
    );
    it(
      `${who}: exports and attaches to no foreign row`,
      async () => expect(await exportAndFileChecks(who)).toEqual([]),
      300000,
    );
    it(
      `${who}: changes no foreign row (save, delete, batch delete, every lifecycle action)`,
      async () => expect(await writeChecks(who)).toEqual([]),
      300000,
    );
  }

  it('refuses every write and lifecycle action without its button (403)', async () => {
    const failures: string[] = [];
    for (const pair of pairs.filter((p) => p.role === 'main')) {
      const ids = (await oracle.rows(pair.entity)).slice(0, 1).map((r) => Number(r[pair.entity.primaryKey]));
      const attempts: [string, Record<string, unknown>][] = [
        ['saveOrUpdate', {}],
        ...(ids.length ? writeAttempts(pair.entity, ids, new Map()).slice(1) : []),
      ];
      for (const [action, body] of attempts) {
        const answer = await call('noButtons', pair, action, body);
        // A line entity shown on its own page (the demand pool) is never written directly: 400 to anyone.
        const refused = answer.status === 403 || (pair.entity.def.parent !== undefined && answer.status === 400);
        if (!refused) failures.push(`${where(pair)}: ${action} without buttons answered ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300000);

  it('refuses filters and sorts on secret or unfilterable fields (400)', async () => {
    const failures: string[] = [];
    for (const pair of pairs) {
      for (const field of pair.entity.fields.filter((f) => f.secret || f.filterable === false)) {
        const filtered = await call('outsider', pair, 'listByPage', { filter: { field: field.name, op: 'notNull' } });
        const sorted = await call('outsider', pair, 'listByPage', { orderBy: `${field.name} asc` });
        if (filtered.status !== 400 || sorted.status !== 400)
          failures.push(`${where(pair)}: ${field.name} filter ${filtered.status}, sort ${sorted.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300000);
});
