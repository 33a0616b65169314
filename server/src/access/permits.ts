import { isSupplierUserType } from '@meridian/metadata';
import type { Database } from '../db/sqlExecutor';
import type { TtlCache } from '../util/ttlCache';
import { formatDateTime } from '../util/time';
import type { MetaSql } from './metaSql';

/**
 * What an internal user's documents are limited to (docs/decisions.md, "Issue 13: internal
 * permits"). `orgIds` and `categoryIds` are already expanded: each permitted unit with every unit
 * below it and the units above it (see `ancestors`); they are empty when the matching `all…` flag
 * is set (the flag alone means "no restriction"). Sorted, each id once.
 */
export interface UserPermits {
  allOrgs: boolean;
  orgIds: number[];
  allCategories: boolean;
  categoryIds: number[];
}

/** The user a loader needs: who, and whether internal (INSIDE…) or a supplier (EX…). */
export interface PermitUser {
  userId: number;
  userType: string;
}

/** The role whose holders administer the system: they are never limited by permits. */
export const ADMIN_ROLE = 'SYS_ADMIN';

const nothing = (): UserPermits => ({ allOrgs: false, orgIds: [], allCategories: false, categoryIds: [] });
const everything = (): UserPermits => ({ allOrgs: true, orgIds: [], allCategories: true, categoryIds: [] });

type Tree = Map<number, number[]>;

/**
 * Loads per-user organisation and purchase-category permits (baseUserOrgPermit,
 * baseUserCategoryPermit). Only enabled permits count; a permit covers its organisation or category
 * and all descendants (baseOrganization.parentOrgId, srmBaseCategory.parentCategoryId), so the
 * permit for a company covers its plants and departments, plus the units above it (documents
 * recorded at a higher level concern it). Results are kept in the grant cache that
 * the caller passes (AccessService's, GRANT_CACHE_MS), which a write to a permit row clears
 * (ACCESS_ENTITIES in accessService.ts).
 *
 * Administrators are decided here, not in the guard, so every caller gets the same answer: an
 * internal user holding, in force, a responsibility with the enabled SYS_ADMIN role sees every
 * organisation and category without any permit row. Supplier users get no permits at all (their
 * scope is their supplierId, docs/developer-guide.md "Access").
 */
export class PermitLoader {
  constructor(
    private readonly sql: MetaSql,
    private readonly db: Database,
    private readonly cache: TtlCache,
  ) {}

  permits(user: PermitUser): Promise<UserPermits> {
    if (isSupplierUserType(user.userType)) return Promise.resolve(nothing());
    return this.cache.get(`permits:${user.userId}`, () => this.load(user.userId));
  }

  private async load(userId: number): Promise<UserPermits> {
    if (await this.isAdministrator(userId)) return everything();
    const [orgs, categories] = await Promise.all([
      this.scope(userId, 'baseUserOrgPermit', 'orgId', () => this.tree('baseOrganization', 'orgId', 'parentOrgId')),
      this.scope(userId, 'baseUserCategoryPermit', 'categoryId', () =>
        this.tree('srmBaseCategory', 'categoryId', 'parentCategoryId'),
      ),
    ]);
    return { allOrgs: orgs.all, orgIds: orgs.ids, allCategories: categories.all, categoryIds: categories.ids };
  }

  /** The enabled permits of one kind: "all", or the permitted ids with their descendants (sorted). */
  private async scope(
    userId: number,
    entity: string,
    field: string,
    tree: () => Promise<Tree>,
  ): Promise<{ all: boolean; ids: number[] }> {
    const { t, c } = this.sql;
    const rows = await this.db.select(
      `SELECT ${c(entity, 'allFlag')} AS allFlag, ${c(entity, field)} AS id FROM ${t(entity)} ` +
        `WHERE ${c(entity, 'userId')} = ? AND ${c(entity, 'enabledFlag')} = 'Y'`,
      [userId],
    );
    if (rows.some((r) => r.allFlag === 'Y')) return { all: true, ids: [] };
    const roots = rows
      .map((r) => r.id)
      .filter((id) => id != null)
      .map(Number);
    if (roots.length === 0) return { all: false, ids: [] };
    const children = await tree();
    return {
      all: false,
      ids: [...new Set([...descendants(children, roots), ...ancestors(children, roots)])].sort((a, b) => a - b),
    };
  }

  /**
   * Parent → children of a whole tree table, whatever the rows' enabled flags: documents of a
   * plant that was later disabled still belong to the company whose permit covers it. Shared by
   * every user's load within the cache period.
   */
  private tree(entity: string, key: string, parent: string): Promise<Tree> {
    return this.cache.get(`permits:tree:${entity}`, async () => {
      const { t, c } = this.sql;
      const rows = await this.db.select(
        `SELECT ${c(entity, key)} AS id, ${c(entity, parent)} AS parentId FROM ${t(entity)}`,
      );
      const children: Tree = new Map();
      for (const row of rows) {
        if (row.parentId == null) continue;
        const p = Number(row.parentId);
        const list = children.get(p);
        if (list) list.push(Number(row.id));
        else children.set(p, [Number(row.id)]);
      }
      return children;
    });
  }

  /** Holds, today, an enabled responsibility (and assignment) that carries the enabled SYS_ADMIN role. */
  private async isAdministrator(userId: number): Promise<boolean> {
    const { t, c } = this.sql;
    const rows = await this.db.select(
      `SELECT ${c('baseUserResp', 'enabledFlag', 'ur')} AS urEnabled, ${c('baseUserResp', 'startDate', 'ur')} AS urStart, ${c('baseUserResp', 'endDate', 'ur')} AS urEnd, ` +
        `${c('baseResponsibility', 'enabledFlag', 'r')} AS rEnabled, ${c('baseResponsibility', 'startDate', 'r')} AS rStart, ${c('baseResponsibility', 'endDate', 'r')} AS rEnd, ` +
        `${c('baseResponsibility', 'userType', 'r')} AS userType ` +
        `FROM ${t('baseUserResp')} ur JOIN ${t('baseResponsibility')} r ON ${c('baseResponsibility', 'responsibilityId', 'r')} = ${c('baseUserResp', 'responsibilityId', 'ur')} ` +
        `JOIN ${t('baseRespRole')} rr ON ${c('baseRespRole', 'responsibilityId', 'rr')} = ${c('baseResponsibility', 'responsibilityId', 'r')} ` +
        `JOIN ${t('baseRole')} ro ON ${c('baseRole', 'roleId', 'ro')} = ${c('baseRespRole', 'roleId', 'rr')} AND ${c('baseRole', 'enabledFlag', 'ro')} = 'Y' AND ${c('baseRole', 'roleCode', 'ro')} = ? ` +
        `WHERE ${c('baseUserResp', 'userId', 'ur')} = ?`,
      [ADMIN_ROLE, userId],
    );
    const day = formatDateTime().slice(0, 10);
    const inForce = (enabled: unknown, start: unknown, end: unknown) =>
      enabled === 'Y' && (!start || String(start).slice(0, 10) <= day) && (!end || String(end).slice(0, 10) >= day);
    return rows.some(
      (r) =>
        !isSupplierUserType(r.userType) &&
        inForce(r.urEnabled, r.urStart, r.urEnd) &&
        inForce(r.rEnabled, r.rStart, r.rEnd),
    );
  }
}

/**
 * Everything above the roots. A document recorded at a higher level (a company's qualification,
 * a group-wide plan) concerns every unit below it, so a permit for a plant also shows it
 * (docs/decisions.md, "Issue 13: internal permits"); documents of sibling units stay hidden.
 */
export function ancestors(children: Tree, roots: number[]): number[] {
  const parentOf = new Map<number, number>();
  for (const [parent, list] of children) for (const child of list) parentOf.set(child, parent);
  const seen = new Set<number>();
  for (const root of roots) {
    for (let id = parentOf.get(root); id !== undefined && !seen.has(id); id = parentOf.get(id)) seen.add(id);
  }
  return [...seen];
}

/** The roots and everything below them, each once, sorted; a cycle in bad data cannot loop. */
export function descendants(children: Tree, roots: number[]): number[] {
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const child of children.get(id) ?? []) stack.push(child);
  }
  return [...seen].sort((a, b) => a - b);
}
