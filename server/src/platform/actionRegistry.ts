import type { Identity } from '../access/permissionGuard';
import type { ResourceContext } from '../resource/context';
import type { ActionResult } from '../resource/resourceService';
import type { Kernel } from '../kernel';

/** What a custom action may know of its request beyond the body. */
export interface ActionRequest {
  identity?: Identity;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}

export type ActionHandler = (
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  request: ActionRequest,
) => Promise<ActionResult>;

/**
 * Who may call a custom action: `public` (no session: login, captcha, forgotten password),
 * `session` (any signed-in user: their own info, lookups, menus), or a menu grant — the call
 * must come from a menu whose pages include one of `pages`, with `resourceCode` granted on it.
 */
export type ActionAccess = 'public' | 'session' | { pages: string[]; resourceCode?: string };

export interface RegisteredAction {
  area: string;
  resource: string;
  action: string;
  access: ActionAccess;
  handler: ActionHandler;
}

/**
 * Custom server actions by resource and action name, such as findPage or login: the developer's
 * extension point next to the generic actions. A second registration of the same endpoint is
 * refused, so two modules can never silently shadow each other.
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
