/**
 * Services one domain offers another (the supplier domain's trade gate, used by purchasing and,
 * later, sourcing), without the user importing the provider's internals or depending on the order
 * in which modules register: the provider declares a typed key with its contract and provides an
 * implementation at register time; users look it up when they run (docs/developer-guide.md
 * "Domain modules").
 */

/** A service's name, typed with its contract. The providing domain exports it beside the contract. */
export interface DomainServiceKey<T> {
  readonly name: string;
  /** Never set: carries the contract's type. */
  readonly contract?: T;
}

export class DomainServiceRegistry {
  private readonly services = new Map<string, unknown>();

  provide<T>(key: DomainServiceKey<T>, service: T): void {
    if (this.services.has(key.name)) throw new Error(`Domain service "${key.name}" is already provided`);
    this.services.set(key.name, service);
  }

  /** The provided service; a missing provider is a composition error (its module is not in the list). */
  get<T>(key: DomainServiceKey<T>): T {
    if (!this.services.has(key.name)) throw new Error(`Domain service "${key.name}" is not provided by any module`);
    return this.services.get(key.name) as T;
  }
}
