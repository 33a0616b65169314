/**
 * The signed-in part of the app (shellParts: shell, home, embedded pages) as one module loaded on
 * demand. The login page loads without it (the initial-load budget, runtime/initialLoad.test.ts)
 * and fetches it ahead once the user starts to sign in, so sign-in → home does not wait for it.
 */
export const loadShellParts = () => import('./shellParts');

let fetching = false;

/** Starts loading the shell once; a failure is forgotten (the shell's own load shows Retry). */
export function fetchShellAhead(): void {
  if (fetching) return;
  fetching = true;
  loadShellParts().catch(() => {
    fetching = false;
  });
}
