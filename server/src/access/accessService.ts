import { isSupplierUserType, pickText, type Language } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row } from '../db/sqlExecutor';
import { TtlCache } from '../util/ttlCache';
import { formatDateTime } from '../util/time';
import { MetaSql } from './metaSql';
import { PermitLoader, type UserPermits } from './permits';

export interface UserRow {
  userId: number;
  userName: string;
  userType: string;
  personName: string | null;
  /** The user's person (baseUsers.personId): a form default may name it ($user.personId). */
  personId: number | null;
  /** The user's English name (baseUsers.personNameEn, else its person's), for the English interface. */
  personNameEn: string | null;
  supplierId: number | null;
  supplierName: string | null;
  supplierNameEn: string | null;
  orgId: number | null;
  orgNumber: string | null;
  email: string | null;
  enabledFlag: string;
  passwordHash?: string | null;
  /** Empty while the password is one the user did not choose (a portal account's temporary one). */
  passwordChangedDate?: string | null;
  startDate: string | null;
  endDate: string | null;
}

export interface ResponsibilityRow {
  responsibilityId: number;
  responsibilityCode: string;
  responsibilityName: string;
  userType: string;
}

export interface MenuRow {
  menuId: number;
  menuCode: string;
  htmlUrl: string | null;
  enabled: string;
  menuParentId: number;
}

const today = () => formatDateTime().slice(0, 10);
export const isSupplierType = (userType: string | null | undefined) => isSupplierUserType(userType);

/** A record is in force when enabled and today lies within its optional start and end dates. */
export function inForce(
  row: { enabledFlag?: unknown; startDate?: unknown; endDate?: unknown },
  day = today(),
): boolean {
  return (
    row.enabledFlag === 'Y' &&
    (!row.startDate || String(row.startDate) <= day) &&
    (!row.endDate || String(row.endDate) >= day)
  );
}

/** Entities whose rows decide access: a write to one clears the grant cache of this process. */
export const ACCESS_ENTITIES = new Set([
  'baseUsers',
  'baseUserResp',
  'baseResponsibility',
  'baseRespRole',
  'baseRole',
  'baseRoleMenu',
  'baseRoleResource',
  'baseMenu',
  'baseMenuResource',
  'baseUserOrgPermit',
  'baseUserCategoryPermit',
]);
/** Grants are read on every call; they are kept 5 s (the database stays the source of truth). */
export const GRANT_CACHE_MS = 5000;

/** Users, their responsibilities, and what a responsibility grants (menus, button resources). */
export class AccessService {
  readonly sql: MetaSql;
  private readonly grants = new TtlCache(GRANT_CACHE_MS);

  invalidate(): void {
    this.grants.clear();
  }

  private readonly permitLoader: PermitLoader;

  constructor(
    readonly registry: MetadataRegistry,
    readonly db: Database,
  ) {
    this.sql = new MetaSql(registry, db.dialect);
    // Shares the grant cache, so invalidate() (a write to a permit row) clears permits too.
    this.permitLoader = new PermitLoader(this.sql, db, this.grants);
  }

  /** The organisations and purchase categories an internal user's documents are limited to (./permits.ts). */
  permits(user: Pick<UserRow, 'userId' | 'userType'>): Promise<UserPermits> {
    return this.permitLoader.permits(user);
  }

  /** SELECT of users with their supplier's name and organisation code; `from` may put the user behind a session. */
  private userSelect(where: string, from?: { table: string; join: string; columns: string }): string {
    const { t, c } = this.sql;
    const source = from ? `${from.table} JOIN ${t('baseUsers')} u ON ${from.join}` : `${t('baseUsers')} u`;
    return (
      `SELECT ${c('baseUsers', 'userId', 'u')} AS userId, ${c('baseUsers', 'userName', 'u')} AS userName, ${c('baseUsers', 'userType', 'u')} AS userType, ` +
      `${c('baseUsers', 'personName', 'u')} AS personName, ${c('baseUsers', 'personId', 'u')} AS personId, COALESCE(NULLIF(${c('baseUsers', 'personNameEn', 'u')}, ''), ${c('basePerson', 'personNameEn', 'pe')}) AS personNameEn, ` +
      `${c('baseUsers', 'supplierId', 'u')} AS supplierId, ${c('srmSlcSupplierInfo', 'supplierName', 'sp')} AS supplierName, ${c('srmSlcSupplierInfo', 'supplierNameEn', 'sp')} AS supplierNameEn, ` +
      `${c('baseUsers', 'orgId', 'u')} AS orgId, ${c('baseOrganization', 'orgCode', 'o')} AS orgNumber, ${c('baseUsers', 'email', 'u')} AS email, ` +
      `${c('baseUsers', 'enabledFlag', 'u')} AS enabledFlag, ${c('baseUsers', 'passwordHash', 'u')} AS passwordHash, ${c('baseUsers', 'passwordChangedDate', 'u')} AS passwordChangedDate, ` +
      `${c('baseUsers', 'startDate', 'u')} AS startDate, ${c('baseUsers', 'endDate', 'u')} AS endDate${from ? `, ${from.columns}` : ''} ` +
      `FROM ${source} LEFT JOIN ${t('srmSlcSupplierInfo')} sp ON ${c('srmSlcSupplierInfo', 'supplierId', 'sp')} = ${c('baseUsers', 'supplierId', 'u')} ` +
      `LEFT JOIN ${t('baseOrganization')} o ON ${c('baseOrganization', 'orgId', 'o')} = ${c('baseUsers', 'orgId', 'u')} ` +
      `LEFT JOIN ${t('basePerson')} pe ON ${c('basePerson', 'personId', 'pe')} = ${c('baseUsers', 'personId', 'u')} WHERE ${where}`
    );
  }

  /** The session row of a certificate hash and its user, in one query (this runs on every call). */
  async sessionWithUser(certificateHash: string): Promise<{ user: UserRow; session: Row } | undefined> {
    const { t, c } = this.sql;
    const columns = ['sessionId', 'authCodeHash', 'lastSeenDate', 'expiresDate', 'revokedFlag', 'responsibilityId']
      .map((f) => `${c('baseSession', f, 's')} AS ${this.db.dialect.quote(`s_${f}`)}`)
      .join(', ');
    const rows = await this.db.select(
      this.userSelect(`${c('baseSession', 'certificateHash', 's')} = ?`, {
        table: `${t('baseSession')} s`,
        join: `${c('baseUsers', 'userId', 'u')} = ${c('baseSession', 'userId', 's')}`,
        columns,
      }),
      [certificateHash],
    );
    const row = rows[0];
    if (!row) return undefined;
    const session: Row = {};
    for (const key of Object.keys(row))
      if (key.startsWith('s_')) {
        session[key.slice(2)] = row[key];
        delete row[key];
      }
    return { user: this.toUser(row)!, session };
  }

  private toUser(row: Row | undefined): UserRow | undefined {
    if (!row) return undefined;
    return {
      ...(row as unknown as UserRow),
      userId: Number(row.userId),
      supplierId: row.supplierId == null ? null : Number(row.supplierId),
      orgId: row.orgId == null ? null : Number(row.orgId),
      personId: row.personId == null ? null : Number(row.personId),
    };
  }

  async userByName(userName: string): Promise<UserRow | undefined> {
    // Case-insensitive on both engines: "Admin" and "admin" are one account.
    const rows = await this.db.select(this.userSelect(`LOWER(${this.sql.c('baseUsers', 'userName', 'u')}) = ?`), [
      userName.trim().toLowerCase(),
    ]);
    return this.toUser(rows[0]);
  }

  async userById(userId: number): Promise<UserRow | undefined> {
    return this.toUser(
      (await this.db.select(this.userSelect(`${this.sql.c('baseUsers', 'userId', 'u')} = ?`), [userId]))[0],
    );
  }

  /** Responsibilities the user holds today, of a type the user may hold. */
  responsibilities(user: UserRow, language: Language): Promise<ResponsibilityRow[]> {
    return this.grants.get(`resp:${user.userId}:${user.userType}:${language}`, () =>
      this.loadResponsibilities(user, language),
    );
  }

  private async loadResponsibilities(user: UserRow, language: Language): Promise<ResponsibilityRow[]> {
    const { t, c } = this.sql;
    const rows = await this.db.select(
      `SELECT ${c('baseResponsibility', 'responsibilityId', 'r')} AS responsibilityId, ${c('baseResponsibility', 'responsibilityCode', 'r')} AS code, ` +
        `${c('baseResponsibility', 'responsibilityName', 'r')} AS nameCn, ${c('baseResponsibility', 'responsibilityNameEn', 'r')} AS nameEn, ` +
        `${c('baseResponsibility', 'userType', 'r')} AS userType, ${c('baseResponsibility', 'enabledFlag', 'r')} AS rEnabled, ` +
        `${c('baseResponsibility', 'startDate', 'r')} AS rStart, ${c('baseResponsibility', 'endDate', 'r')} AS rEnd, ` +
        `${c('baseUserResp', 'enabledFlag', 'ur')} AS enabledFlag, ${c('baseUserResp', 'startDate', 'ur')} AS startDate, ${c('baseUserResp', 'endDate', 'ur')} AS endDate ` +
        `FROM ${t('baseUserResp')} ur JOIN ${t('baseResponsibility')} r ON ${c('baseResponsibility', 'responsibilityId', 'r')} = ${c('baseUserResp', 'responsibilityId', 'ur')} ` +
        `WHERE ${c('baseUserResp', 'userId', 'ur')} = ? ORDER BY ${c('baseResponsibility', 'responsibilityId', 'r')}`,
      [user.userId],
    );
    return rows
      .filter((r) => inForce(r) && inForce({ enabledFlag: r.rEnabled, startDate: r.rStart, endDate: r.rEnd }))
      .filter((r) => isSupplierType(String(r.userType)) === isSupplierType(user.userType))
      .map((r) => ({
        responsibilityId: Number(r.responsibilityId),
        responsibilityCode: String(r.code),
        userType: String(r.userType),
        responsibilityName: pickText({ cn: String(r.nameCn), en: String(r.nameEn || r.nameCn) }, language),
      }));
  }

  /** Menus granted to a responsibility through its enabled roles (without their ancestors). */
  grantedMenuIds(responsibilityId: number): Promise<Set<number>> {
    return this.grants.get(`menus:${responsibilityId}`, () => this.loadGrantedMenuIds(responsibilityId));
  }

  private async loadGrantedMenuIds(responsibilityId: number): Promise<Set<number>> {
    const { t, c } = this.sql;
    const rows = await this.db.select(
      `SELECT DISTINCT ${c('baseRoleMenu', 'menuId', 'rm')} AS menuId FROM ${t('baseRespRole')} rr ` +
        `JOIN ${t('baseRole')} ro ON ${c('baseRole', 'roleId', 'ro')} = ${c('baseRespRole', 'roleId', 'rr')} AND ${c('baseRole', 'enabledFlag', 'ro')} = 'Y' ` +
        `JOIN ${t('baseRoleMenu')} rm ON ${c('baseRoleMenu', 'roleId', 'rm')} = ${c('baseRole', 'roleId', 'ro')} ` +
        `WHERE ${c('baseRespRole', 'responsibilityId', 'rr')} = ?`,
      [responsibilityId],
    );
    return new Set(rows.map((r) => Number(r.menuId)));
  }

  /** Button resources of menuId_respId: the union over the responsibility's enabled roles. */
  grantedResources(responsibilityId: number, menuId: number): Promise<Set<string>> {
    return this.grants.get(`res:${responsibilityId}:${menuId}`, () =>
      this.loadGrantedResources(responsibilityId, menuId),
    );
  }

  private async loadGrantedResources(responsibilityId: number, menuId: number): Promise<Set<string>> {
    const { t, c } = this.sql;
    const rows = await this.db.select(
      `SELECT DISTINCT ${c('baseRoleResource', 'resourceCode', 'rs')} AS code FROM ${t('baseRespRole')} rr ` +
        `JOIN ${t('baseRole')} ro ON ${c('baseRole', 'roleId', 'ro')} = ${c('baseRespRole', 'roleId', 'rr')} AND ${c('baseRole', 'enabledFlag', 'ro')} = 'Y' ` +
        `JOIN ${t('baseRoleResource')} rs ON ${c('baseRoleResource', 'roleId', 'rs')} = ${c('baseRole', 'roleId', 'ro')} ` +
        `WHERE ${c('baseRespRole', 'responsibilityId', 'rr')} = ? AND ${c('baseRoleResource', 'menuId', 'rs')} = ?`,
      [responsibilityId, menuId],
    );
    return new Set(rows.map((r) => String(r.code)));
  }

  /** A user may sign in and act while enabled and within its start and end dates. */
  isUsable(user: UserRow): boolean {
    return inForce(user);
  }

  async stampLogin(userId: number): Promise<void> {
    const { t, c } = this.sql;
    await this.db.transaction((tx) =>
      tx.execute(
        `UPDATE ${t('baseUsers')} SET ${c('baseUsers', 'lastLoginDate')} = ? WHERE ${c('baseUsers', 'userId')} = ?`,
        [formatDateTime(), userId],
      ),
    );
  }

  async setPasswordHash(userId: number, hash: string): Promise<void> {
    const { t, c } = this.sql;
    await this.db.transaction((tx) =>
      tx.execute(
        `UPDATE ${t('baseUsers')} SET ${c('baseUsers', 'passwordHash')} = ?, ${c('baseUsers', 'passwordChangedDate')} = ?, ${c('baseUsers', 'versionNum')} = ${c('baseUsers', 'versionNum')} + 1 WHERE ${c('baseUsers', 'userId')} = ?`,
        [hash, formatDateTime(), userId],
      ),
    );
  }

  menu(menuId: number): Promise<MenuRow | undefined> {
    return this.grants.get(`menu:${menuId}`, () => this.loadMenu(menuId));
  }

  private async loadMenu(menuId: number): Promise<MenuRow | undefined> {
    const { t, c } = this.sql;
    const rows = await this.db.select(
      `SELECT ${c('baseMenu', 'menuId')} AS menuId, ${c('baseMenu', 'menuCode')} AS menuCode, ${c('baseMenu', 'htmlUrl')} AS htmlUrl, ` +
        `${c('baseMenu', 'enabled')} AS enabled, ${c('baseMenu', 'menuParentId')} AS menuParentId FROM ${t('baseMenu')} WHERE ${c('baseMenu', 'menuId')} = ?`,
      [menuId],
    );
    const row = rows[0];
    return (
      row && {
        menuId: Number(row.menuId),
        menuCode: String(row.menuCode),
        htmlUrl: row.htmlUrl as string | null,
        enabled: String(row.enabled),
        menuParentId: Number(row.menuParentId ?? 0),
      }
    );
  }
}
