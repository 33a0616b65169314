import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryProvider } from './queries';
import { createRequest } from './request';
import { announceWritten, onWritten } from './written';

const answer = (body: unknown) =>
  vi.fn(
    async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );

describe('written entities', () => {
  it('the request client announces what an answer names as written, and nothing for an answer without it', async () => {
    const heard: unknown[] = [];
    const stop = onWritten((w) => heard.push(w));
    const written = [{ area: 'baseServer', name: 'baseSupplierTodo' }];
    await createRequest({ fetchImpl: answer({ code: 'S', status: 'S', msg: 'ok', data: 1, written }) })('/x');
    await createRequest({ fetchImpl: answer({ code: 'S', status: 'S', msg: 'ok', data: 1 }) })('/y');
    stop();
    await createRequest({ fetchImpl: answer({ code: 'S', status: 'S', msg: 'ok', data: 1, written }) })('/z');
    expect(heard).toEqual([written]);
  });

  it('ignores what is not a list of entities', () => {
    const heard: unknown[] = [];
    const stop = onWritten((w) => heard.push(w));
    announceWritten('baseTodo');
    announceWritten([{ name: 1 }]);
    announceWritten([]);
    stop();
    expect(heard).toEqual([]);
  });

  it("QueryProvider invalidates the named entities' lists, in another tab's cache too", async () => {
    const client = new QueryClient();
    const todos = ['list', 'baseServer', 'baseSupplierTodo', null, {}, {}];
    const orders = ['list', 'srmServer', 'srmPurOrderHeader', null, {}, {}];
    client.setQueryData(todos, { rows: [] });
    client.setQueryData(orders, { rows: [] });
    const view = render(
      <QueryProvider client={client}>
        <span>app</span>
      </QueryProvider>,
    );
    announceWritten([{ area: 'baseServer', name: 'baseSupplierTodo' }]);
    expect(client.getQueryState(todos)?.isInvalidated).toBe(true);
    expect(client.getQueryState(orders)?.isInvalidated).toBe(false);
    view.unmount();
  });
});
