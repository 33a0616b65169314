import type { ApproverSet } from '@meridian/metadata';
import { inForce, isSupplierType } from '../access/accessService';
import type { MetaSql } from '../access/metaSql';
import type { Row, SqlExecutor } from '../db/sqlExecutor';

export interface Approver {
  userId: number;
  userName: string;
}

/** Columns of a user and of the responsibility assignment that makes them an approver. */
function assignmentColumns(c: MetaSql['c']): string {
  return [
    `${c('baseUsers', 'userId', 'u')} AS userId`,
    `${c('baseUsers', 'userName', 'u')} AS userName`,
    `${c('baseUsers', 'userType', 'u')} AS userType`,
    `${c('baseUsers', 'enabledFlag', 'u')} AS enabledFlag`,
    `${c('baseUsers', 'startDate', 'u')} AS startDate`,
    `${c('baseUsers', 'endDate', 'u')} AS endDate`,
    `${c('baseUserResp', 'enabledFlag', 'ur')} AS urEnabled`,
    `${c('baseUserResp', 'startDate', 'ur')} AS urStart`,
    `${c('baseUserResp', 'endDate', 'ur')} AS urEnd`,
    `${c('baseResponsibility', 'enabledFlag', 'r')} AS rEnabled`,
    `${c('baseResponsibility', 'startDate', 'r')} AS rStart`,
    `${c('baseResponsibility', 'endDate', 'r')} AS rEnd`,
    `${c('baseResponsibility', 'userType', 'r')} AS rUserType`,
  ].join(', ');
}

/** A holder counts while user, assignment and responsibility are all in force, and the types match (as at sign-in). */
const holds = (r: Row) =>
  inForce(r) &&
  inForce({ enabledFlag: r.urEnabled, startDate: r.urStart, endDate: r.urEnd }) &&
  inForce({ enabledFlag: r.rEnabled, startDate: r.rStart, endDate: r.rEnd }) &&
  isSupplierType(String(r.userType)) === isSupplierType(String(r.rUserType));

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * The users an approver set names, resolved now (in the transition's transaction): holders of
 * the responsibilities, holders of responsibilities that grant the roles, and the named users.
 * Resolving at submit time means a later change of assignment does not move open to-dos.
 */
export async function resolveApprovers(tx: SqlExecutor, sql: MetaSql, set: ApproverSet): Promise<Approver[]> {
  const { t, c } = sql;
  const found = new Map<number, Approver>();
  const add = (rows: Row[], keep: (r: Row) => boolean) => {
    for (const r of rows)
      if (keep(r)) found.set(Number(r.userId), { userId: Number(r.userId), userName: String(r.userName) });
  };
  const base =
    `FROM ${t('baseUserResp')} ur JOIN ${t('baseResponsibility')} r ON ${c('baseResponsibility', 'responsibilityId', 'r')} = ${c('baseUserResp', 'responsibilityId', 'ur')} ` +
    `JOIN ${t('baseUsers')} u ON ${c('baseUsers', 'userId', 'u')} = ${c('baseUserResp', 'userId', 'ur')}`;
  if (set.responsibilities?.length) {
    add(
      await tx.select(
        `SELECT ${assignmentColumns(c)} ${base} WHERE ${c('baseResponsibility', 'responsibilityCode', 'r')} IN (${marks(set.responsibilities.length)})`,
        set.responsibilities,
      ),
      holds,
    );
  }
  if (set.roles?.length) {
    const sqlText =
      `SELECT ${assignmentColumns(c)} ${base} JOIN ${t('baseRespRole')} rr ON ${c('baseRespRole', 'responsibilityId', 'rr')} = ${c('baseResponsibility', 'responsibilityId', 'r')} ` +
      `JOIN ${t('baseRole')} ro ON ${c('baseRole', 'roleId', 'ro')} = ${c('baseRespRole', 'roleId', 'rr')} AND ${c('baseRole', 'enabledFlag', 'ro')} = 'Y' ` +
      `WHERE ${c('baseRole', 'roleCode', 'ro')} IN (${marks(set.roles.length)})`;
    add(await tx.select(sqlText, set.roles), holds);
  }
  if (set.users?.length) {
    const rows = await tx.select(
      `SELECT ${c('baseUsers', 'userId')} AS userId, ${c('baseUsers', 'userName')} AS userName, ${c('baseUsers', 'enabledFlag')} AS enabledFlag, ` +
        `${c('baseUsers', 'startDate')} AS startDate, ${c('baseUsers', 'endDate')} AS endDate FROM ${t('baseUsers')} WHERE LOWER(${c('baseUsers', 'userName')}) IN (${marks(set.users.length)})`,
      set.users.map((u) => u.toLowerCase()),
    );
    add(rows, (r) => inForce(r));
  }
  return [...found.values()].sort((a, b) => a.userId - b.userId);
}
