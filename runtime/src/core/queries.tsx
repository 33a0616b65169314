/**
 * The runtime's query layer (TanStack Query, docs/decisions.md "A query layer in the runtime"):
 * one QueryClient per App, the query keys every screen and widget shares, the cache policy per
 * kind of answer, and the invalidation a write causes.
 *
 * Keys (a prefix invalidates everything under it):
 * - ['list', area, name, api, query, screen]  a page of rows (listByPage)
 * - ['record', area, name, id]               one record (findById)
 * - ['lookup', language, type]               a lookup type's values (findDic)
 * - ['menus', responsibilityId, language]    a responsibility's menus (findMenuByResp)
 * - ['resources', menuId, respId]            granted buttons of a screen (findByMenuResp)
 * - ['page', path]                           page metadata (findPage)
 */
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { DataRecord } from '../meta';
import { busy } from './busy';
import type { DataProvider, EntityAddress, ListQuery } from './dataProvider';
import type { ScreenIds } from './request';
import { getCertificate, subscribeSession } from './session';
import { onWritten } from './written';

/** Lists and records: always revalidated when shown again, but the cached rows show at once. */
export const LIST_STALE_MS = 0;
/** Lookup values, menus, granted buttons and page metadata change with an administrator's work, not a user's. */
export const REFERENCE_STALE_MS = 30 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The request client reports failures (and a 401 ends the session); a failed call is not retried blindly.
      // No refetch on window focus: every kept-alive tab's list would ask at once, and an open form would be
      // overwritten; a tab shown again revalidates itself (useTabActivated) and writes invalidate.
      queries: { retry: false, staleTime: LIST_STALE_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const listKeyOf = (entity: EntityAddress) => ['list', entity.area, entity.name] as const;

export function listKey(entity: EntityAddress, query: ListQuery, api: string | undefined, screen: ScreenIds) {
  return [
    ...listKeyOf(entity),
    api ?? null,
    query,
    { menuId: screen.menuId ?? null, respId: screen.respId ?? null },
  ] as const;
}

export const recordKeyOf = (entity: EntityAddress) => ['record', entity.area, entity.name] as const;

export function recordKey(entity: EntityAddress, id: unknown) {
  return [...recordKeyOf(entity), id === undefined || id === null ? null : String(id)] as const;
}

export const lookupKey = (language: string, type: string) => ['lookup', language, type] as const;
/** Every lookup type's values, in every language. */
export const LOOKUPS_KEY = ['lookup'] as const;
/** The entities whose rows are the lookups (lookuptype, lookupTypeEdit, lookup screens). */
const LOOKUP_ENTITIES = new Set(['baseLookupType', 'baseLookupValues']);
export const menusKey = (responsibilityId: string, language: string) => ['menus', responsibilityId, language] as const;
export const resourcesKey = (menuId: string, respId: string) => ['resources', menuId, respId] as const;
export const pageKey = (path: string) => ['page', path] as const;

/**
 * After a write to an entity: its lists refetch where they are shown (a list kept alive in another
 * tab included) and are stale elsewhere; its records are marked stale and read again when next
 * shown — an open form is not refetched under the user's typing.
 */
export function invalidateEntity(client: QueryClient, entity: EntityAddress): void {
  void client.invalidateQueries({ queryKey: listKeyOf(entity) });
  void client.invalidateQueries({ queryKey: recordKeyOf(entity), refetchType: 'none' });
  // The value-set screens write what findDic answers: every screen shows the new labels without a reload.
  if (LOOKUP_ENTITIES.has(entity.name)) void client.invalidateQueries({ queryKey: LOOKUPS_KEY });
}

/** invalidateEntity bound to the app's client, for writes that do not go through the DataProvider (imports). */
export function useInvalidateEntity(): (entity: EntityAddress) => void {
  const client = useQueryClient();
  return useCallback((entity: EntityAddress) => invalidateEntity(client, entity), [client]);
}

/**
 * The app's QueryClient (or the given one, for tests). Answers of one user never serve the next:
 * a change of session (login, sign-out, a 401) empties the cache.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  const active = client ?? own;
  // Fetching queries and pending mutations count towards the app's busy signal (core/busy.ts).
  useEffect(() => busy.watch(active), [active]);
  // Whatever an answer names as written (to-dos, lines, generated documents) is invalidated too.
  useEffect(() => onWritten((written) => written.forEach((entity) => invalidateEntity(active, entity))), [active]);
  useEffect(() => {
    let certificate = getCertificate();
    return subscribeSession(() => {
      const next = getCertificate();
      if (next === certificate) return;
      certificate = next;
      active.clear();
    });
  }, [active]);
  return <QueryClientProvider client={active}>{children}</QueryClientProvider>;
}

/** The provider whose writes invalidate the written entity's lists and records (after success or failure: a 404 or 409 also says the cache is stale). */
export function invalidatingProvider(provider: DataProvider, client: QueryClient): DataProvider {
  const after = <R,>(entity: EntityAddress, call: Promise<R>): Promise<R> =>
    call.finally(() => invalidateEntity(client, entity));
  return {
    ...provider,
    saveOrUpdate: <T,>(entity: EntityAddress, record: DataRecord) =>
      after(entity, provider.saveOrUpdate<T>(entity, record)),
    doBatchSaveOrUpdate: (entity, rows) => after(entity, provider.doBatchSaveOrUpdate(entity, rows)),
    delete: (entity, id) => after(entity, provider.delete(entity, id)),
    doBatchDelete: (entity, ids) => after(entity, provider.doBatchDelete(entity, ids)),
    lifecycleAction: (entity, action, target) => after(entity, provider.lifecycleAction(entity, action, target)),
    callAction: (target, action, body) => after(target, provider.callAction(target, action, body)),
    uploadAction: (target, action, file, fields) => after(target, provider.uploadAction(target, action, file, fields)),
    forScreen: (screen) => invalidatingProvider(provider.forScreen(screen), client),
  };
}
