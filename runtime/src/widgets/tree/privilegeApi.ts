/** The role privilege screen's two calls (server/src/access/rolePrivilegeActions.ts). */
import { request as defaultRequest, type RequestFn, type ScreenIds } from '../../core/request';

export interface PrivilegeRow extends Record<string, unknown> {
  key: string;
  parentKey: string;
  level: number;
  kind: 'menu' | 'resource';
  code: string;
  name: string;
  checkFlag: 'Y' | 'N';
}

export interface PrivilegeTree {
  role: { roleId: number; roleCode: string; roleName: string; roleNameEn?: string | null };
  rows: PrivilegeRow[];
}

const ROLE = '/api/baseServer/v1/baseRoleRestful';

export function createPrivilegeApi(screen: ScreenIds, request: RequestFn = defaultRequest) {
  return {
    find: async (roleId: string) =>
      (await request<PrivilegeTree>(`${ROLE}/findPrivilegeTree`, { roleId }, { screen })).data,
    save: async (roleId: string, changes: { key: string; checked: boolean }[]) =>
      (await request<PrivilegeTree>(`${ROLE}/savePrivileges`, { roleId, changes }, { screen })).data,
  };
}

/** Menus and buttons by key, parent key and level; the title is code and name joined by a dash. */
export const PRIVILEGE_TREE_CONFIG = {
  keyField: 'key',
  parentKeyField: 'parentKey',
  levelField: 'level',
  titleFields: ['name', 'code'],
  expandLevel: 1,
};
