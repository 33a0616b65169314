/** The approved supplier list's applications and alterations (DOMAIN.md §5.8): save rules and lifecycle purAsl's handlers. */
export { registerAsl } from './aslTransitions';
