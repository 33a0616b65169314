/**
 * The user's operating-system wish for less motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3):
 * the app then turns off antd's animations (menus sliding open, dialogs and dropdowns fading),
 * so everything appears in its final place at once. The browser tests ask for it too
 * (tests/e2e/playwright.config.ts): a click there waits for the target to stop moving, which every
 * animation made it do first.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const current = (): boolean => media()?.matches ?? false;

/** Whether the user asked for reduced motion; follows a change of the setting while the app is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
