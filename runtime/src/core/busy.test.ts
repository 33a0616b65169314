import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BUSY_ATTRIBUTE, createBusyTracker } from './busy';
import { createRequest } from './request';

/** A tracker on an element of its own (the app's tracker may be counting other files' calls). */
function tracked() {
  const element = document.createElement('div');
  return { tracker: createBusyTracker(() => element), shown: () => element.getAttribute(BUSY_ATTRIBUTE) };
}

/** One macrotask: idle is written after one in which nothing new started. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('busy signal', () => {
  it('is busy at once and idle only after a task in which nothing started', async () => {
    const { tracker, shown } = tracked();
    const done = tracker.begin();
    expect(shown()).toBe('1');
    done();
    expect(shown()).toBe('1');
    await nextTask();
    expect(shown()).toBe('0');
    done(); // a second call does not count down again
    expect(tracker.isBusy()).toBe(false);
  });

  it('does not read idle between one task ending and the next starting', async () => {
    const { tracker, shown } = tracked();
    const first = tracker.begin();
    first();
    const second = tracker.begin();
    await nextTask();
    expect(shown()).toBe('1');
    second();
    await nextTask();
    expect(shown()).toBe('0');
  });

  it('counts a promise until it settles, a failure included', async () => {
    const { tracker, shown } = tracked();
    const work = deferred<void>();
    const watched = tracker.during(work.promise);
    expect(shown()).toBe('1');
    work.reject(new Error('chunk failed'));
    await expect(watched).rejects.toThrow('chunk failed');
    await nextTask();
    expect(shown()).toBe('0');
  });

  it('counts fetching queries and pending mutations of a watched client', async () => {
    const { tracker, shown } = tracked();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const stop = tracker.watch(client);
    await nextTask();
    expect(shown()).toBe('0');

    const answer = deferred<number>();
    const fetched = client.fetchQuery({ queryKey: ['rows'], queryFn: () => answer.promise });
    expect(shown()).toBe('1');
    answer.resolve(3);
    await fetched;
    await nextTask();
    expect(shown()).toBe('0');

    const saved = deferred<string>();
    const mutation = client.getMutationCache().build(client, { mutationFn: () => saved.promise });
    const running = mutation.execute(undefined);
    await Promise.resolve();
    expect(shown()).toBe('1');
    saved.resolve('ok');
    await running;
    await nextTask();
    expect(shown()).toBe('0');

    stop();
    void client.fetchQuery({ queryKey: ['other'], queryFn: () => new Promise(() => undefined) });
    expect(tracker.isBusy()).toBe(false); // an unwatched client no longer counts
  });

  it('counts every call of the request client until its answer is read, a failed one included', async () => {
    const { tracker, shown } = tracked();
    const answers: Array<ReturnType<typeof deferred<Response>>> = [];
    const request = createRequest({
      busy: tracker,
      fetchImpl: () => {
        const answer = deferred<Response>();
        answers.push(answer);
        return answer.promise;
      },
      onHttpError: () => undefined,
    });
    const json = (status: number, body: object) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

    const ok = request('/api/a');
    const failed = request('/api/b');
    expect(shown()).toBe('1');
    answers[0].resolve(json(200, { status: 'S', data: 1 }));
    await ok;
    await nextTask();
    expect(shown()).toBe('1'); // the second call is still out
    answers[1].resolve(json(500, { status: 'E', msg: 'boom' }));
    await expect(failed).rejects.toThrow('boom');
    await nextTask();
    expect(shown()).toBe('0');
  });
});
