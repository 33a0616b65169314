/**
 * `baseTimerRunRestful/runNow`: an administrator runs a timer at once from the runs screen
 * (timerRunList, button btnRunNow, granted to SYS_ADMIN only) — by name (the toolbar's prompt) or
 * as the timer of a recorded run (the row's "run again"). It is recorded like any run, as MANUAL
 * under a slot of its own, so it never takes the place of a scheduled run.
 */
import { pickText, type JsonSchema } from '@meridian/metadata';
import { Errors } from '../http/apiError';
import type { ActionRegistry } from '../platform/actionRegistry';
import { instanceName } from './scheduler';
import { timerNamed } from './timerCatalog';
import { runTimer } from './timerRunner';
import { timerNameOfRun } from './timerRuns';
import { manualSlotKey } from './timerSchedule';

export const RUN_NOW_INPUT: JsonSchema = {
  type: 'object',
  properties: {
    timerName: { type: 'string', minLength: 1, maxLength: 120 },
    timerRunId: { type: 'integer', minimum: 1 },
  },
  anyOf: [{ required: ['timerName'] }, { required: ['timerRunId'] }],
};

export function registerTimerActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseTimerRunRestful',
    action: 'runNow',
    access: { pages: ['timerRunList'], resourceCode: 'btnRunNow' },
    input: RUN_NOW_INPUT,
    handler: async (body, ctx, kernel) => {
      const name =
        typeof body.timerName === 'string' && body.timerName.trim()
          ? body.timerName.trim()
          : await timerNameOfRun(kernel, body.timerRunId as number);
      if (name === undefined) throw Errors.recordNotFound();
      const timer = timerNamed(kernel.registry, name);
      if (!timer) throw Errors.notFound(`没有名为 ${name} 的定时任务`, `There is no timer named ${name}`);
      const now = new Date();
      const outcome = (await runTimer(kernel, timer, {
        dueSlot: manualSlotKey(now),
        trigger: 'MANUAL',
        now,
        instanceName: instanceName(),
        startedBy: ctx,
      }))!;
      const msg = outcome.error
        ? {
            cn: `${pickText(timer.label, 'CN')} 运行失败，见运行记录`,
            en: `${pickText(timer.label, 'EN')} failed: see its run`,
          }
        : {
            cn: `${pickText(timer.label, 'CN')} 已运行，处理 ${outcome.rowsAffected} 条记录`,
            en: `${pickText(timer.label, 'EN')} ran: ${outcome.rowsAffected} row(s) affected`,
          };
      return { data: outcome, msg: pickText(msg, ctx.language) };
    },
  });
}
