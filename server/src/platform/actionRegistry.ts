import type { ActionCatalog, RegisteredAction } from '../kernel';

export type { ActionAccess, ActionHandler, ActionRequest, ActionStates, RegisteredAction } from '../kernel';

/**
 * Custom server actions by resource and action name, such as findPage or login: the developer's
 * extension point next to the generic actions. A second registration of the same endpoint is
 * refused, so two modules can never silently shadow each other.
 */
export class ActionRegistry implements ActionCatalog {
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
