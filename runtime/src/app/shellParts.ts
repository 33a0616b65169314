/**
 * What only a signed-in user sees — the /main shell (menus, tabs, header), home and embedded
 * pages — as one module that routes.tsx loads on demand: the login page carries none of it, and
 * the shell and home arrive together in one round trip.
 */
export { EmbeddedPage } from './EmbeddedPage';
export { Home } from './Home';
export { Shell } from './Shell';
