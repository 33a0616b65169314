import { pickText, type Language } from '@meridian/metadata';
import { ApiError, Errors } from '../http/apiError';
import { isSupplierType } from '../access/accessService';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from '../platform/actionRegistry';
import { hashPassword, passwordProblem, temporaryPassword, verifyPassword } from './passwords';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Sets a new password after the complexity check and ends every session of the user. */
async function setPassword(
  kernel: Kernel,
  userId: number,
  userName: string,
  password: string,
  reason: string,
  language: Language,
): Promise<void> {
  const problem = passwordProblem(password, userName);
  if (problem) throw Errors.validation([{ field: 'newPassword', message: pickText(problem, language) }]);
  await kernel.auth.access.setPasswordHash(userId, await hashPassword(password, kernel.config.passwordCost));
  await kernel.auth.sessions.revoke({ userId }, reason);
}

const SENT = {
  cn: '如果该账号存在且登记了邮箱，验证码已发送，10 分钟内有效',
  en: 'If the account exists and has an e-mail address, a code was sent. It is valid for 10 minutes.',
};
const BAD_CODE = { cn: '验证码错误或已过期', en: 'The code is wrong or has expired' };

/** Forgotten password (public): send an e-mail code, check it, change the password with it. */
function registerForgottenPassword(actions: ActionRegistry): void {
  const base = { area: 'baseServer', resource: 'baseLoginRestful', access: 'public' as const };
  actions.register({
    ...base,
    action: 'sendEmailCode',
    handler: async (body, ctx, kernel) => {
      const user = await kernel.auth.access.userByName(str(body.userName));
      // The same answer whether or not the user exists: nobody learns which names are taken.
      if (user && user.email && kernel.auth.access.isUsable(user)) {
        const code = await kernel.auth.codes.issue(user.userId);
        if (code) {
          await kernel.auth.mailer.send({
            to: user.email,
            purpose: 'PASSWORD_RESET',
            subject: 'Meridian SRM 密码重置验证码 / password reset code',
            body: `您的验证码是 ${code}，10 分钟内有效。\nYour code is ${code}. It is valid for 10 minutes.\n\n如非本人操作请忽略。If you did not ask for it, ignore this message.`,
          });
        }
      }
      return { data: null, msg: pickText(SENT, ctx.language) };
    },
  });
  for (const [action, consume] of [
    ['checkEmailCode', false],
    ['changePasswordByCode', true],
  ] as const) {
    actions.register({
      ...base,
      action,
      handler: async (body, ctx, kernel) => {
        const user = await kernel.auth.access.userByName(str(body.userName));
        if (consume) {
          // Checked whether or not the user exists: the answer must not tell which names are taken.
          const problem = passwordProblem(str(body.newPassword), user?.userName ?? str(body.userName).trim());
          if (problem) throw Errors.validation([{ field: 'newPassword', message: pickText(problem, ctx.language) }]);
        }
        if (!user || !(await kernel.auth.codes.check(user.userId, body.code, consume)))
          throw Errors.badRequest(BAD_CODE.cn, BAD_CODE.en);
        if (consume) {
          await setPassword(kernel, user.userId, user.userName, str(body.newPassword), 'PASSWORD_RESET', ctx.language);
          await kernel.auth.throttle.reset(user.userName);
        }
        return {
          data: null,
          msg: pickText(
            consume
              ? { cn: '密码已修改，请重新登录', en: 'Password changed. Sign in again.' }
              : { cn: '验证码正确', en: 'The code is correct' },
            ctx.language,
          ),
        };
      },
    });
  }
}

function passwordCheckLocked(until: number): ApiError {
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60000));
  return new ApiError(429, {
    cn: `原密码错误次数过多，请 ${minutes} 分钟后再试`,
    en: `Too many wrong current passwords. Try again in ${minutes} minutes.`,
  });
}

/** Own password change (session) and an administrator's reset (from the user menu, btnResetPassword). */
function registerPasswordChanges(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseUsersRestful',
    action: 'updatePassword',
    access: 'session',
    duringPasswordChange: true,
    handler: async (body, ctx, kernel, req) => {
      const user = (await kernel.auth.access.userById(req.identity!.user.userId))!;
      const { throttle } = kernel.auth;
      // Wrong current passwords are throttled like logins (a borrowed session must not guess it);
      // while locked the password is not even checked, so the answer tells nothing (docs/decisions.md, issue 13).
      const locked = await throttle.passwordCheckLock(user.userId);
      if (locked) throw passwordCheckLocked(locked);
      if (!(await verifyPassword(user.passwordHash, str(body.oldPassword)))) {
        const lockedNow = await throttle.recordPasswordCheckFailure(user.userId);
        if (lockedNow) throw passwordCheckLocked(lockedNow);
        throw Errors.validation([
          {
            field: 'oldPassword',
            message: pickText({ cn: '原密码错误', en: 'The current password is wrong' }, ctx.language),
          },
        ]);
      }
      await throttle.resetPasswordCheck(user.userId);
      await setPassword(kernel, user.userId, user.userName, str(body.newPassword), 'PASSWORD_CHANGED', ctx.language);
      return {
        data: null,
        msg: pickText({ cn: '密码已修改，请重新登录', en: 'Password changed. Sign in again.' }, ctx.language),
      };
    },
  });
  actions.register({
    area: 'baseServer',
    resource: 'baseUsersRestful',
    action: 'resetPassword',
    access: { pages: ['user'], resourceCode: 'btnResetPassword' },
    handler: async (body, ctx, kernel, req) => {
      const id = Number(body.userId ?? body.id);
      const user = Number.isSafeInteger(id) ? await kernel.auth.access.userById(id) : undefined;
      const caller = req.identity!.user;
      // A supplier's main account manages only its own supplier's users (row scope, as everywhere).
      if (!user || (isSupplierType(caller.userType) && user.supplierId !== caller.supplierId))
        throw Errors.recordNotFound();
      const chosen = str(body.newPassword);
      const password = chosen || temporaryPassword();
      await setPassword(kernel, user.userId, user.userName, password, 'PASSWORD_RESET_BY_ADMIN', ctx.language);
      if (!chosen && user.email) {
        await kernel.auth.mailer.send({
          to: user.email,
          purpose: 'PASSWORD_RESET_BY_ADMIN',
          subject: 'Meridian SRM 密码已重置 / your password was reset',
          body: `管理员已重置您的密码，临时密码：${password}\n请登录后立即修改。\nAn administrator reset your password. Temporary password: ${password}\nChange it after signing in.`,
        });
      }
      const text = chosen
        ? { cn: '密码已重置', en: 'Password reset' }
        : { cn: `密码已重置，临时密码：${password}`, en: `Password reset. Temporary password: ${password}` };
      // The temporary password is shown once to the administrator who reset it (and mailed to the user).
      return { data: chosen ? null : { temporaryPassword: password }, msg: pickText(text, ctx.language) };
    },
  });
}

export function registerPasswordActions(actions: ActionRegistry): void {
  registerForgottenPassword(actions);
  registerPasswordChanges(actions);
}
