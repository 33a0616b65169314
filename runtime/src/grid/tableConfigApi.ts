/**
 * Calls of tableConfigRestful (DESIGN section 4): the signed-in user's own grid layouts. Session
 * level — the server takes the user from the session, so no user id is sent.
 */
import { createContext, useContext } from 'react';
import { request as defaultRequest, type RequestFn } from '../core/request';
import type { SavedColumn } from './columnLayout';

const BASE = '/api/srmServer/v1/tableConfigRestful';

export interface GridKey {
  pagePath: string;
  gridName?: string;
}

export interface TableConfigApi {
  get(key: GridKey): Promise<SavedColumn[] | null>;
  save(key: GridKey, columns: SavedColumn[]): Promise<void>;
  remove(key: GridKey): Promise<void>;
}

export function createTableConfigApi(request: RequestFn): TableConfigApi {
  return {
    async get(key) {
      const answer = await request<{ columns?: SavedColumn[] } | null>(`${BASE}/getTableConfig`, key);
      return Array.isArray(answer.data?.columns) ? answer.data.columns : null;
    },
    save: async (key, columns) => void (await request(`${BASE}/createOrUpdateTableConfig`, { ...key, columns })),
    remove: async (key) => void (await request(`${BASE}/deleteTableConfig`, key)),
  };
}

export const TableConfigApiContext = createContext<TableConfigApi>(createTableConfigApi(defaultRequest));

export function useTableConfigApi(): TableConfigApi {
  return useContext(TableConfigApiContext);
}
