/**
 * Calls of the home dashboards and the readers' pages (docs/developer-guide.md, "Home"). All are
 * session level: the server scopes them to the signed-in user, so no ids of people are sent.
 */
import { createContext, useContext } from 'react';
import type { TodoKind } from '@meridian/metadata';
import type { DataRecord } from '../meta';
import { request as defaultRequest, type PageInfo, type RequestFn } from '../core/request';

export interface Rows<T = DataRecord> {
  rows: T[];
  page?: PageInfo;
}

/** A chart a domain declared, counted by the server over the caller's rows (metadata/schema/chart.schema.json). */
export type HomeChart =
  | { key: string; kind: 'byStatus'; title: string; lookupType: string; data: { status: string; count: number }[] }
  | {
      key: string;
      kind: 'monthly';
      title: string;
      /** Whether data carries amounts (else counts only). */
      amount: boolean;
      data: { month: string; amount: string | null; count: number }[];
    };

export interface HomeStats {
  /** Only charts of records a granted menu of the user reads. */
  charts: HomeChart[];
  approvals: { pending: number; handled: number };
}

export interface HomeApi {
  findMyTodo(kind: TodoKind, handleFlag: 'N' | 'Y'): Promise<Rows>;
  doHandle(kind: TodoKind, id: unknown): Promise<DataRecord>;
  findMyNotification(pageIndex: number, pageRows: number): Promise<Rows>;
  viewNotification(id: unknown): Promise<DataRecord>;
  findMyNotice(pageIndex: number, pageRows: number): Promise<Rows>;
  viewNotice(id: unknown): Promise<DataRecord>;
  findHomeStats(): Promise<HomeStats>;
  /**
   * The menu of a to-do: by menu code within the responsibility and system BASE (docs/architecture.md
   * "Spec: routes and home"); 0 when missing.
   */
  findMenu(responsibilityId: string, menuCode: string): Promise<{ menuId: number; htmlUrl?: string | null }>;
}

const BASE = '/api/baseServer/v1';
const TODO: Record<TodoKind, string> = {
  internal: `${BASE}/baseTodoRestful`,
  supplier: `${BASE}/baseSupplierTodoRestful`,
};
const NOTIFICATION = `${BASE}/baseNotificationRestful`;
const NOTICE = '/api/srmServer/v1/srmBaseNoticeRestful';

export function createHomeApi(request: RequestFn): HomeApi {
  const rows = async (path: string, body: object): Promise<Rows> => {
    const answer = await request<DataRecord[]>(path, body);
    return { rows: Array.isArray(answer.data) ? answer.data : [], page: answer.page };
  };
  const data = async <T>(path: string, body: object): Promise<T> => (await request<T>(path, body)).data;
  return {
    findMyTodo: (kind, handleFlag) => rows(`${TODO[kind]}/findMyTodo`, { handleFlag, pageIndex: 1, pageRows: 500 }),
    doHandle: (kind, id) => data(`${TODO[kind]}/doHandle`, { id }),
    findMyNotification: (pageIndex, pageRows) => rows(`${NOTIFICATION}/findMyNotification`, { pageIndex, pageRows }),
    viewNotification: (id) => data(`${NOTIFICATION}/doView`, { id }),
    findMyNotice: (pageIndex, pageRows) => rows(`${NOTICE}/findMyNotice`, { pageIndex, pageRows }),
    viewNotice: (id) => data(`${NOTICE}/doView`, { id }),
    findHomeStats: () => data(`${BASE}/baseHomeRestful/findHomeStats`, {}),
    async findMenu(responsibilityId, menuCode) {
      const menus = await data<{ menuId?: unknown; htmlUrl?: string | null }[] | null>(
        `${BASE}/baseMenuRestful/findMenuByResp`,
        {
          isValid: true,
          systemCode: 'BASE',
          responsibilityId,
          menuCode,
        },
      );
      const first = Array.isArray(menus) ? menus[0] : undefined;
      return { menuId: Number(first?.menuId ?? 0) || 0, htmlUrl: first?.htmlUrl };
    },
  };
}

export const HomeApiContext = createContext<HomeApi>(createHomeApi(defaultRequest));

export function useHomeApi(): HomeApi {
  return useContext(HomeApiContext);
}
