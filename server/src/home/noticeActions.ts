import { isSupplierType, type UserRow } from '../access/accessService';
import type { SqlParam } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from '../platform/actionRegistry';
import { formatDateTime } from '../util/time';
import { caller, idOf, pagingOf } from './readerContext';

const N = 'srmBaseNotice';
const R = 'srmBaseNoticeReceiver';
const V = 'srmBaseNoticeViewer';

/**
 * The notices a user may read: published, not past their expiry date, and addressed to them —
 * scope ALL; INSIDE for internal users; SUPPLIER for supplier users; DESIGNATED when a receiver
 * line names the user, the user's supplier (supplier users) or the user's organisation (internal).
 */
function visibleWhere(kernel: Kernel, user: UserRow): { sql: string; params: SqlParam[] } {
  const { t, c } = kernel.auth.access.sql;
  const supplier = isSupplierType(user.userType);
  const receiverMatch = supplier
    ? `(${c(R, 'receiverType', 'r')} = 'USER' AND ${c(R, 'userId', 'r')} = ?) OR (${c(R, 'receiverType', 'r')} = 'SUPPLIER' AND ${c(R, 'supplierId', 'r')} = ?)`
    : `(${c(R, 'receiverType', 'r')} = 'USER' AND ${c(R, 'userId', 'r')} = ?) OR (${c(R, 'receiverType', 'r')} = 'ORG' AND ${c(R, 'orgId', 'r')} = ?)`;
  const sql =
    `${c(N, 'status', 'n')} = 'PUBLISHED' AND (${c(N, 'expireDate', 'n')} IS NULL OR ${c(N, 'expireDate', 'n')} >= ?) AND (` +
    `${c(N, 'receiverScope', 'n')} IN ('ALL', ?) OR (${c(N, 'receiverScope', 'n')} = 'DESIGNATED' AND EXISTS (SELECT 1 FROM ${t(R)} r ` +
    `WHERE ${c(R, 'noticeId', 'r')} = ${c(N, 'noticeId', 'n')} AND (${receiverMatch}))))`;
  const today = formatDateTime().slice(0, 10);
  return {
    sql,
    params: [today, supplier ? 'SUPPLIER' : 'INSIDE', user.userId, supplier ? user.supplierId : user.orgId],
  };
}

/** Reader columns; selfCount is this user's viewer rows, viewFlag says whether there is one. */
function readerColumns(kernel: Kernel, withContent: boolean): string {
  const { t, c } = kernel.auth.access.sql;
  const own = [
    'noticeId',
    'noticeTitle',
    'noticeTitleEn',
    'noticeType',
    'receiverScope',
    'publishDate',
    'expireDate',
    'topFlag',
    'replyRequiredFlag',
    'viewCount',
    ...(withContent ? ['content', 'contentEn', 'attachmentIds'] : []),
  ];
  return (
    `${own.map((f) => `${c(N, f, 'n')} AS ${kernel.db.dialect.quote(f)}`).join(', ')}, ` +
    `(SELECT COUNT(*) FROM ${t(V)} v WHERE ${c(V, 'noticeId', 'v')} = ${c(N, 'noticeId', 'n')} AND ${c(V, 'userId', 'v')} = ?) AS ${kernel.db.dialect.quote('selfCount')}`
  );
}

function readerRow(row: Record<string, unknown>): Record<string, unknown> {
  const selfCount = Number(row.selfCount ?? 0);
  return {
    ...row,
    noticeId: Number(row.noticeId),
    viewCount: Number(row.viewCount ?? 0),
    selfCount,
    viewFlag: selfCount > 0 ? 'Y' : 'N',
  };
}

/**
 * srmBaseNoticeRestful reader actions (DOMAIN section 10). findMyNotice {pageIndex, pageRows}:
 * visible notices, pinned first, then newest published, with viewFlag and selfCount per user.
 * doView {id}: records a viewer row and counts the view (viewCount + 1), and answers the notice with
 * its content; a notice the caller may not see answers 404, as a missing one.
 */
export function registerNoticeActions(actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: 'srmBaseNoticeRestful',
    action: 'findMyNotice',
    access: 'session',
    handler: async (body, _ctx, kernel, req) => {
      const user = caller(req);
      const { pageIndex, pageRows } = pagingOf(body, 5);
      const { t, c } = kernel.auth.access.sql;
      const where = visibleWhere(kernel, user);
      const [rows, count] = await Promise.all([
        kernel.db.select(
          `SELECT ${readerColumns(kernel, false)} FROM ${t(N)} n WHERE ${where.sql} ` +
            `ORDER BY ${c(N, 'topFlag', 'n')} DESC, ${c(N, 'publishDate', 'n')} DESC, ${c(N, 'noticeId', 'n')} DESC LIMIT ? OFFSET ?`,
          [user.userId, ...where.params, pageRows, (pageIndex - 1) * pageRows],
        ),
        kernel.db.select(`SELECT COUNT(*) AS n FROM ${t(N)} n WHERE ${where.sql}`, where.params),
      ]);
      return { data: rows.map(readerRow), page: { count: Number(count[0]?.n ?? 0), pageIndex, pageRows } };
    },
  });
  actions.register({
    area: 'srmServer',
    resource: 'srmBaseNoticeRestful',
    action: 'doView',
    access: 'session',
    handler: async (body, _ctx, kernel, req) => {
      const user = caller(req);
      const id = idOf(body);
      const { t, c } = kernel.auth.access.sql;
      const where = visibleWhere(kernel, user);
      const row = await kernel.db.transaction(async (tx) => {
        const visible = await tx.select(
          `SELECT ${c(N, 'noticeId', 'n')} AS id FROM ${t(N)} n WHERE ${c(N, 'noticeId', 'n')} = ? AND ${where.sql}`,
          [id, ...where.params],
        );
        if (!visible.length) throw Errors.recordNotFound();
        const now = formatDateTime();
        await tx.execute(
          `INSERT INTO ${t(V)} (${['noticeId', 'userId', 'supplierId', 'viewDate', 'createdBy', 'creationDate', 'lastUpdatedBy', 'lastUpdateDate', 'versionNum'].map((f) => c(V, f)).join(', ')}) ` +
            'VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)',
          [id, user.userId, user.supplierId, now, user.userId, now, user.userId, now],
        );
        // A view is not an edit: viewCount is server-only and the version is left alone.
        await tx.execute(
          `UPDATE ${t(N)} SET ${c(N, 'viewCount')} = COALESCE(${c(N, 'viewCount')}, 0) + 1 WHERE ${c(N, 'noticeId')} = ?`,
          [id],
        );
        return (
          await tx.select(`SELECT ${readerColumns(kernel, true)} FROM ${t(N)} n WHERE ${c(N, 'noticeId', 'n')} = ?`, [
            user.userId,
            id,
          ])
        )[0];
      });
      return { data: readerRow(row) };
    },
  });
}
