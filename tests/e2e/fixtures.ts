/**
 * The `test` of flows that sign several people in, each in a browser context of their own
 * (`browser.newContext()`): Playwright closes the contexts of its own `context`/`page` fixtures
 * after a test, but not those a test opens itself. Left open, each kept its app running in the
 * one browser for the rest of the run, so every later test shared the machine with them.
 */
import { test as base } from '@playwright/test';

export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
