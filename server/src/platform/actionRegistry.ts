import type { ResourceContext } from '../resource/context';
import type { ActionResult } from '../resource/resourceService';
import type { Kernel } from '../kernel';

export type ActionHandler = (body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel) => Promise<ActionResult>;

export interface RegisteredAction {
  area: string;
  resource: string;
  action: string;
  /** Public actions need no session (login, captcha…); everything else does once identity exists. */
  public?: boolean;
  handler: ActionHandler;
}

/**
 * Custom server actions by area, resource and action name, such as findPage or findDic: the
 * developer's extension point next to the generic actions. A second registration of the same
 * endpoint is refused, so two modules can never silently shadow each other.
 */
export class ActionRegistry {
  private readonly actions = new Map<string, RegisteredAction>();

  private static key(resource: string, action: string): string {
    return `${resource}/${action}`;
  }

  register(action: RegisteredAction): void {
    const key = ActionRegistry.key(action.resource, action.action);
    if (this.actions.has(key)) throw new Error(`Action ${key} is already registered`);
    this.actions.set(key, action);
  }

  find(resource: string, action: string): RegisteredAction | undefined {
    return this.actions.get(ActionRegistry.key(resource, action));
  }

  list(): RegisteredAction[] {
    return [...this.actions.values()];
  }
}
