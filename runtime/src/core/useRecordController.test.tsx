import { act, renderHook, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { DataRecord } from '../meta';
import { createFakeProvider } from '../test/fakeProvider';
import { entities, listPage } from '../test/fixtures';
import { TestProviders } from '../test/render';
import { ApiError } from './apiError';
import type { DataProvider } from './dataProvider';
import { ScreenProvider } from './DataProviderContext';
import { createQueryClient, recordKey } from './queries';
import { useRecordController } from './useRecordController';

const entity = entities[listPage.entity ?? ''];

function wrapperFor(provider: DataProvider, client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <TestProviders provider={provider} queryClient={client}>
        <ScreenProvider screen={{ menuId: '100', respId: '1' }}>{children}</ScreenProvider>
      </TestProviders>
    );
  };
}

describe('useRecordController through the query client', () => {
  it("reads the record under ['record', area, name, id] and writes a save's answer there", async () => {
    const provider = createFakeProvider({
      findById: async () => ({ requisitionHeaderId: 7, title: 'A', versionNum: 1 }),
      saveOrUpdate: async (_entity: unknown, record: DataRecord) => ({ ...record, versionNum: 2 }),
    });
    const client = createQueryClient();
    const { result } = renderHook(() => useRecordController(entity, '7'), { wrapper: wrapperFor(provider, client) });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.record?.title).toBe('A'));
    expect(client.getQueryData(recordKey(entity, 7))).toEqual(result.current.record);

    await act(async () => {
      await result.current.save({ title: 'B' });
    });
    // versionNum and key travel from the loaded record; the answer is the record shown and cached.
    expect(provider.saveOrUpdate).toHaveBeenCalledWith(entity, { title: 'B', requisitionHeaderId: 7, versionNum: 1 });
    expect(result.current.record).toMatchObject({ title: 'B', versionNum: 2 });
    expect(client.getQueryData(recordKey(entity, '7'))).toMatchObject({ title: 'B', versionNum: 2 });
    expect(provider.findById).toHaveBeenCalledTimes(1);
  });

  it('a 409 sets the conflict flag; reloading reads the record again and clears it', async () => {
    const provider = createFakeProvider({
      findById: async () => ({ requisitionHeaderId: 7, title: 'theirs', versionNum: 5 }),
      saveOrUpdate: async () => {
        throw new ApiError({ httpStatus: 409, msg: 'changed by someone else' });
      },
    });
    const { result } = renderHook(() => useRecordController(entity, 7), {
      wrapper: wrapperFor(provider, createQueryClient()),
    });
    await waitFor(() => expect(result.current.record?.title).toBe('theirs'));
    await act(async () => {
      await expect(result.current.save({ title: 'mine' })).rejects.toThrow();
    });
    expect(result.current.conflict).toBe(true);
    await act(async () => {
      await result.current.load();
    });
    expect(provider.findById).toHaveBeenCalledTimes(2);
    expect(result.current.conflict).toBe(false);
  });

  it('reloads a record it created before the address holds the new id (an action pressed at once)', async () => {
    let status = 'DRAFT';
    const provider = createFakeProvider({
      findById: async () => ({ requisitionHeaderId: 9, title: 'new', status, versionNum: 2 }),
      saveOrUpdate: async (_entity: unknown, record: DataRecord) => ({
        ...record,
        requisitionHeaderId: 9,
        status,
        versionNum: 1,
      }),
    });
    const client = createQueryClient();
    const { result } = renderHook(() => useRecordController(entity, undefined), {
      wrapper: wrapperFor(provider, client),
    });
    await act(async () => {
      await result.current.save({ title: 'new' });
    });
    expect(result.current.record).toMatchObject({ status: 'DRAFT', versionNum: 1 });
    status = 'SUBMITTED';
    await act(async () => {
      await result.current.load();
    });
    expect(provider.findById).toHaveBeenCalledWith(entity, 9);
    expect(result.current.record).toMatchObject({ status: 'SUBMITTED', versionNum: 2 });
    expect(client.getQueryData(recordKey(entity, 9))).toMatchObject({ status: 'SUBMITTED' });
  });

  it('keeps the record it created when the address takes the new id late: lines changed meanwhile stay', async () => {
    const provider = createFakeProvider({
      findById: async () => ({ requisitionHeaderId: 9, title: 'read', lines: [], versionNum: 1 }),
      saveOrUpdate: async (_entity: unknown, record: DataRecord) => ({
        ...record,
        requisitionHeaderId: 9,
        versionNum: 1,
      }),
    });
    const client = createQueryClient();
    const { result, rerender } = renderHook(({ id }: { id?: string }) => useRecordController(entity, id), {
      wrapper: wrapperFor(provider, client),
      initialProps: {},
    });
    await act(async () => {
      await result.current.save({ title: 'new', lines: [] });
    });
    const created = result.current.record;
    // The router's transition gives the address the id only now; the cache meanwhile holds another copy.
    client.setQueryData(recordKey(entity, 9), { requisitionHeaderId: 9, title: 'other copy', versionNum: 1 });
    rerender({ id: '9' });
    expect(result.current.record).toBe(created);
    expect(provider.findById).not.toHaveBeenCalled();
    // A load (an action's "done") reads it again, by the created id.
    await act(async () => {
      await result.current.load();
    });
    expect(provider.findById).toHaveBeenCalledWith(entity, 9);
    expect(result.current.record).toMatchObject({ title: 'read' });
    // A save now sends the re-read versionNum and shows its answer.
    await act(async () => {
      await result.current.save({ title: 'again' });
    });
    expect(provider.saveOrUpdate).toHaveBeenLastCalledWith(entity, {
      title: 'again',
      requisitionHeaderId: 9,
      versionNum: 1,
    });
    expect(result.current.record).toMatchObject({ title: 'again' });
    expect(client.getQueryData(recordKey(entity, 9))).toMatchObject({ title: 'again' });
  });

  it('a 404 is "not found", without an error message', async () => {
    const provider = createFakeProvider({
      findById: async () => {
        throw new ApiError({ httpStatus: 404, msg: 'gone' });
      },
    });
    const { result } = renderHook(() => useRecordController(entity, 8), {
      wrapper: wrapperFor(provider, createQueryClient()),
    });
    await waitFor(() => expect(result.current.notFound).toBe(true));
    expect(result.current.record).toBeNull();
  });
});
