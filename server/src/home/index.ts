import type { RecordHookRegistry } from '../hooks/recordHooks';
import type { ActionRegistry } from '../platform/actionRegistry';
import { registerHomeStats } from './homeStats';
import { registerNoticeActions } from './noticeActions';
import { registerNoticeHooks } from './noticeHooks';
import { registerNotificationActions } from './notificationActions';
import { registerTodoActions } from './todoActions';

/** The home dashboards' server side: reader actions (to-dos, notifications, notices), chart figures, notice hooks. */
export function registerHome(actions: ActionRegistry, hooks: RecordHookRegistry): void {
  registerTodoActions(actions);
  registerNotificationActions(actions);
  registerNoticeActions(actions);
  registerHomeStats(actions);
  registerNoticeHooks(hooks);
}
