import type { FilterNode } from '@meridian/metadata';
import { Errors } from '../http/apiError';
import type { ActionRegistry } from '../platform/actionRegistry';
import { formatDateTime } from '../util/time';
import { caller, eq, idOf, pagingOf } from './readerContext';

const NAME = 'baseNotification';

/**
 * baseNotificationRestful: the reader's side of notifications (docs/architecture.md "Spec: states", "Spec: calls").
 * findMyNotification {pageIndex, pageRows (5 on the home)}: the caller's own notifications,
 * newest first by the time they were sent (ids follow the order rows were written, not sent). doView {id}: opening one sets viewFlag Y and counts the read (selfCount + 1);
 * another user's notification answers 404 like a missing one.
 */
export function registerNotificationActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseNotificationRestful',
    action: 'findMyNotification',
    access: 'session',
    handler: async (body, ctx, kernel, req) => {
      const entity = kernel.registry.entity(NAME)!;
      const filter: FilterNode = eq('recipientUserId', caller(req).userId);
      const { rows, page } = await kernel.resources.reader.list(
        entity,
        { params: {}, filter, orderBy: 'sendDate desc', ...pagingOf(body, 5) },
        ctx,
      );
      return { data: rows, page };
    },
  });
  actions.register({
    area: 'baseServer',
    resource: 'baseNotificationRestful',
    action: 'doView',
    access: 'session',
    handler: async (body, ctx, kernel, req) => {
      const entity = kernel.registry.entity(NAME)!;
      const id = idOf(body);
      const userId = caller(req).userId;
      const { t, c } = kernel.auth.access.sql;
      const now = formatDateTime();
      // Versioned like any write: an administrator's open edit form must not overwrite the read flag.
      const done = await kernel.db.transaction((tx) =>
        tx.execute(
          `UPDATE ${t(NAME)} SET ${c(NAME, 'viewFlag')} = 'Y', ${c(NAME, 'selfCount')} = COALESCE(${c(NAME, 'selfCount')}, 0) + 1, ` +
            `${c(NAME, 'lastUpdatedBy')} = ?, ${c(NAME, 'lastUpdateDate')} = ?, ${c(NAME, 'versionNum')} = ${c(NAME, 'versionNum')} + 1 ` +
            `WHERE ${c(NAME, 'notificationId')} = ? AND ${c(NAME, 'recipientUserId')} = ?`,
          [userId, now, id, userId],
        ),
      );
      if (done.affected === 0) throw Errors.recordNotFound();
      return { data: await kernel.resources.reader.byId(entity, id, ctx) };
    },
  });
}
