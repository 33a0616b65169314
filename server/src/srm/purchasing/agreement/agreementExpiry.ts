/**
 * Agreement expiry (DOMAIN.md §5.2 "a scheduler expires agreements after validTo") is doExpire's
 * timer in purAgreement.json (the day after validTo), fired daily by the platform scheduler as the
 * system. The agreement list's btnExpire runs the same firing at once, as the user who clicks it:
 * `srmPurAgreementHeaderRestful/doExpireAgreements` — each due agreement through doExpire (state
 * check under lock, history, the prices EXPIRED) in a transaction of its own.
 */
import { Errors } from '../../../http/apiError';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import { timerNamed, transitionTimerName } from '../../../scheduler/timerCatalog';
import { fireTransitionTimer } from '../../../scheduler/transitionTimers';
import { AGREEMENT } from './agreementStore';

export function registerAgreementExpiry(actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: 'srmPurAgreementHeaderRestful',
    action: 'doExpireAgreements',
    access: { pages: ['purAgreementList'], resourceCode: 'btnExpire' },
    handler: async (_body, ctx, kernel) => {
      const timer = timerNamed(kernel.registry, transitionTimerName(AGREEMENT, 'doExpire'));
      if (timer?.kind !== 'transition') throw new Error('purAgreement doExpire has no timer in its metadata');
      const firing = await fireTransitionTimer(kernel, timer, new Date(), ctx);
      if (firing.errors.length)
        throw Errors.conflict(
          `${firing.fired.length} 份协议已过期，其余未能过期：${firing.errors.join('；')}`,
          `${firing.fired.length} agreement(s) expired; the others could not be: ${firing.errors.join('; ')}`,
        );
      return { data: { count: firing.fired.length, ids: firing.fired } };
    },
  });
}
