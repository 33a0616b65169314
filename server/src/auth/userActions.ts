import { Errors } from '../http/apiError';
import type { ActionRegistry } from '../platform/actionRegistry';
import { sessionInfo } from './loginActions';

/** The signed-in user's own information, and whether a user name is taken. */
export function registerUserActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseUsersRestful',
    action: 'getUserInfo',
    access: 'session',
    duringPasswordChange: true,
    handler: async (_body, ctx, kernel, req) => ({ data: await sessionInfo(kernel, req.identity!.user.userId, ctx) }),
  });
  actions.register({
    area: 'baseServer',
    resource: 'baseUsersRestful',
    action: 'exists',
    access: 'session',
    handler: async (body, _ctx, kernel) => {
      if (typeof body.userName !== 'string' || !body.userName.trim())
        throw Errors.badRequest('请输入用户名', 'userName is required');
      return { data: !!(await kernel.auth.access.userByName(body.userName)) };
    },
  });
}
