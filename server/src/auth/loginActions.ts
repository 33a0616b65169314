import { pickText } from '@meridian/metadata';
import { ApiError } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from '../platform/actionRegistry';
import type { ResourceContext } from '../resource/context';
import { passwordChangeRequired } from './passwordChange';
import { burnVerification, verifyPassword } from './passwords';

const WRONG = { cn: '用户名或密码错误', en: 'The user name or password is wrong' };

function loginRefused(
  text: { cn: string; en: string },
  details: { captchaRequired: boolean; locked?: boolean },
): ApiError {
  return new ApiError(401, text, undefined, details);
}

/** userInfo and responsibilities as the login answer and getUserInfo return them. */
export async function sessionInfo(kernel: Kernel, userId: number, ctx: ResourceContext) {
  const user = (await kernel.auth.access.userById(userId))!;
  const responsibilities = await kernel.auth.access.responsibilities(user, ctx.language);
  const {
    passwordHash: _hidden,
    passwordChangedDate: _changed,
    startDate: _s,
    endDate: _e,
    enabledFlag: _f,
    ...userInfo
  } = user;
  // What the domains add (the supplier registration: registerStatus and supplierStatus, for the runtime's relocation).
  const extra = await kernel.login.userInfo(kernel, { userId, supplierId: user.supplierId ?? null });
  // The runtime sends such a user to the change-password screen before anything else.
  const mustChange = passwordChangeRequired(user) ? { passwordChangeRequired: true } : {};
  return { userInfo: { ...userInfo, ...extra, ...mustChange }, responsibilities };
}

async function login(
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  ip: string,
  userAgent: string,
) {
  const userName = typeof body.userName === 'string' ? body.userName.trim() : '';
  const password = typeof body.password === 'string' ? body.password : '';
  const { throttle, captchas, access, sessions } = kernel.auth;
  // A blank password is an ordinary failure (counted, same answer), so the answer always carries the name's real state.
  if (!userName) throw loginRefused(WRONG, { captchaRequired: false, locked: false });
  const state = await throttle.state(userName, ip);
  if (state.lockedUntil) {
    const minutes = Math.ceil((state.lockedUntil - Date.now()) / 60000);
    // The client's own lock says so: it concerns every name tried from that address (docs/decisions.md, issue 13).
    const text =
      state.lock === 'client'
        ? {
            cn: `该地址登录失败次数过多，请 ${minutes} 分钟后再试`,
            en: `Too many failed sign-ins from your address. Try again in ${minutes} minutes.`,
          }
        : {
            cn: `登录失败次数过多，请 ${minutes} 分钟后再试`,
            en: `Too many failed sign-ins. Try again in ${minutes} minutes.`,
          };
    throw loginRefused(text, { captchaRequired: true, locked: true });
  }
  if (state.captchaRequired && !(await captchas.check(body.validateKey, body.validateCode))) {
    const after = await throttle.recordFailure(userName, ip);
    throw loginRefused(
      { cn: '验证码错误或已过期', en: 'The captcha is wrong or has expired' },
      { captchaRequired: true, locked: !!after.lockedUntil },
    );
  }
  const user = await access.userByName(userName);
  const valid = user
    ? await verifyPassword(user.passwordHash, password)
    : (await burnVerification(password, kernel.config.passwordCost), false);
  const usable = valid && user && access.isUsable(user);
  if (valid && user && !usable) {
    // The right password on an account still waiting for (or refused) its registration approval: say so.
    const refusal = await kernel.login.refusal(kernel, user.userId);
    if (refusal) throw refusal;
  }
  if (!usable || !user) {
    const after = await throttle.recordFailure(userName, ip);
    throw loginRefused(WRONG, { captchaRequired: after.captchaRequired, locked: !!after.lockedUntil });
  }
  await throttle.reset(userName, ip);
  const tokens = await sessions.create(user.userId, { ip, userAgent });
  await access.stampLogin(user.userId);
  return { ...tokens, ...(await sessionInfo(kernel, user.userId, { ...ctx, userId: user.userId })) };
}

export function registerLoginActions(actions: ActionRegistry): void {
  const area = 'baseServer';
  const resource = 'baseLoginRestful';
  actions.register({
    area,
    resource,
    action: 'login',
    access: 'public',
    handler: async (body, ctx, kernel, req) => ({
      data: await login(body, ctx, kernel, req.ip, String(req.headers['user-agent'] ?? '')),
      msg: pickText({ cn: '登录成功', en: 'Signed in' }, ctx.language),
    }),
  });
  actions.register({
    area,
    resource,
    action: 'logoff',
    access: 'public',
    handler: async (_body, ctx, kernel, req) => {
      if (req.identity) await kernel.auth.sessions.revoke({ sessionId: req.identity.session.sessionId }, 'LOGOFF');
      return { data: null, msg: pickText({ cn: '已退出登录', en: 'Signed out' }, ctx.language) };
    },
  });
  actions.register({
    area,
    resource,
    action: 'generateValidateCode',
    access: 'public',
    handler: async (_body, _ctx, kernel) => ({
      data: await kernel.auth.captchas.issue(kernel.config.testCaptchaAnswer),
    }),
  });
}
