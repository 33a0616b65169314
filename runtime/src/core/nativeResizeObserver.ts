/**
 * Stands in for `@juggle/resize-observer` in the built app (runtime/vite.config.ts alias).
 * @formily/grid (the forms' FormGrid) imports that ponyfill, which always runs its own JavaScript
 * observer: a MutationObserver on the whole document that, after every DOM change in any tab, reads
 * the computed style and box of every observed grid. With kept-alive tabs that was a measured tenth
 * of the browser's script time on a tab switch (docs/decisions.md "Issue 31: a lighter runtime").
 * Every browser the runtime supports has the native observer, which the browser computes during
 * layout at no script cost. Unit tests (happy-dom) keep the ponyfill: the alias is the build's only.
 */
// @formily/grid imports the observer only (the ponyfill's entry and size classes have no global twin).
export const ResizeObserver = globalThis.ResizeObserver;
