/** The purchase order (DOMAIN.md §5.4): amounts on save, lifecycle purOrder's handlers, feedback and Q&A actions. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { registerOrderActions } from './orderActions';
import { OrderGate } from './orderGate';
import { OrderGrade } from './orderGrade';
import { registerOrderHooks } from './orderHooks';
import { OrderSql } from './orderModel';
import { registerOrderTransitions } from './orderTransitions';

export function registerOrder({ actions, hooks, handlers, registry, db, services }: DomainRegistries): void {
  const o = new OrderSql(registry, db.dialect);
  const gate = new OrderGate(o, services, new OrderGrade(o, services));
  hooks.onAfterSave((done) => gate.grade.afterSave(done));
  registerOrderHooks(o, hooks, gate);
  registerOrderTransitions(o, handlers, gate);
  registerOrderActions(o, actions);
}
