/**
 * Whether the app is still loading: `<html data-meridian-busy="1">` while an API call is in flight
 * (the request client and the upload count them), a TanStack Query query is fetching or a mutation
 * is pending, or a page chunk is loading; "0" once all of that is over. It exists for the browser
 * tests and other automation: they wait for "0" instead of timing a quiet period, which was both
 * slow (every wait paid the quiet time) and blind to a call that starts after a pause.
 *
 * Busy shows at once; idle only after a macrotask in which nothing new started, so that one call
 * ending and the next starting (a query enabled by the answer of another) does not read as idle.
 * Idle does not mean drawn: React may still render the last answer (the tests also check that the
 * screen shows no spinner).
 */
import type { QueryClient } from '@tanstack/react-query';

export const BUSY_ATTRIBUTE = 'data-meridian-busy';

export interface BusyTracker {
  /** Marks one task as started; call the answer once it is over (a second call does nothing). */
  begin(): () => void;
  /** Busy while `work` runs; answers `work` itself. */
  during<T>(work: Promise<T>): Promise<T>;
  /** Counts the client's fetching queries and pending mutations until the answer is called. */
  watch(client: QueryClient): () => void;
  isBusy(): boolean;
}

/** A tracker that writes the attribute on the element `target` answers (none: it only counts). */
export function createBusyTracker(
  target: () => Element | null | undefined = () => globalThis.document?.documentElement,
): BusyTracker {
  let tasks = 0;
  const clients = new Set<QueryClient>();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const isBusy = () => tasks > 0 || [...clients].some((c) => c.isFetching() > 0 || c.isMutating() > 0);

  function show(): void {
    const element = target();
    if (!element) return;
    if (isBusy()) {
      clearTimeout(idleTimer);
      idleTimer = undefined;
      if (element.getAttribute(BUSY_ATTRIBUTE) !== '1') element.setAttribute(BUSY_ATTRIBUTE, '1');
      return;
    }
    if (idleTimer !== undefined || element.getAttribute(BUSY_ATTRIBUTE) === '0') return;
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      target()?.setAttribute(BUSY_ATTRIBUTE, isBusy() ? '1' : '0');
    }, 0);
  }

  function begin(): () => void {
    tasks += 1;
    show();
    let over = false;
    return () => {
      if (over) return;
      over = true;
      tasks -= 1;
      show();
    };
  }

  return {
    begin,
    during(work) {
      const end = begin();
      work.then(end, end);
      return work;
    },
    watch(client) {
      clients.add(client);
      const stopQueries = client.getQueryCache().subscribe(show);
      const stopMutations = client.getMutationCache().subscribe(show);
      show();
      return () => {
        stopQueries();
        stopMutations();
        clients.delete(client);
        show();
      };
    },
    isBusy,
  };
}

/** The app's tracker, on `document.documentElement`. */
export const busy = createBusyTracker();
