/**
 * One method per server endpoint the runtime uses (docs/architecture.md "API contract"), in interfaces by concern:
 * DataProvider (records, lists, lifecycle, metadata, lookups, menus), AuthProvider (sign-in and
 * passwords), PreferencesProvider (saved grid layouts, core/preferences.ts) and ExportProvider
 * (Excel/CSV files). createDataProvider builds one object implementing all of them for the app;
 * pages and controllers take the narrow one they need (DataProviderContext.tsx), so a unit test
 * hands them a fake of that interface only.
 */
import type { FilterNode, PageBundle, DataRecord } from '../meta';
import type { PreferencesProvider, SavedColumn } from './preferences';
import {
  isFileResult,
  type ApiResult,
  type FileResult,
  type PageInfo,
  type RequestFn,
  type ScreenIds,
} from './request';
import type { LoginData, Responsibility, UserInfo } from './session';

export type { GridKey, PreferencesProvider, SavedColumn } from './preferences';

/** What an endpoint needs to know about an entity: where it lives. EntityDef satisfies it. */
export interface EntityAddress {
  name: string;
  area: string;
}

export interface ListQuery {
  params?: Record<string, unknown>;
  filter?: FilterNode;
  pageIndex: number;
  pageRows: number;
  orderBy?: string;
}

export interface ListResult<T = DataRecord> {
  rows: T[];
  page: PageInfo;
}

export interface LookupValue {
  lookupCode: string;
  meaning: string;
  seqNum?: number;
  description?: string;
  enabledFlag?: 'Y' | 'N' | string;
  color?: string;
}

export interface MenuRow {
  menuId: number | string;
  menuName: string | { cn: string; en: string };
  menuCode: string;
  menuType: 'DIR' | 'PAGE' | 'LINK' | string;
  htmlUrl?: string | null;
  imageLink?: string | null;
  menuParentId: number | string | null;
  levelId?: number;
  enabled?: 'Y' | 'N' | string;
  seqNum?: number;
}

export interface MenuResource {
  resourceCode: string;
  resourceName: string;
  resIcon?: string;
}

export interface LifecycleTarget {
  id?: unknown;
  ids?: unknown[];
  comment?: string;
}

/**
 * Where a page action's endpoint lives: the page entity's resource, or `resource`, another resource
 * of the same area (a custom action such as srmRcnAccountCheckOcrTaskRestful/invoiceOcr). Writes
 * through it still refresh the entity's queries.
 */
export interface ActionTarget extends EntityAddress {
  resource?: string;
}

/** A custom action's JSON answer with its message (an import's "3 rows imported"). */
export interface ActionAnswer {
  data: unknown;
  msg: string;
}

/**
 * exportExcel body (docs/architecture.md "Export and import API"): params and columns travel as JSON text, as
 * the spec has it.
 */
export interface ExportRequest {
  requestUrl: string;
  requestParams: string;
  columns: string;
  fileName: string;
  sheetMaxRow: number;
}

export interface LoginRequest {
  userName: string;
  password: string;
  validateKey?: string;
  validateCode?: string;
}

/** A captcha: the key to send back with the answer, and an image (a data: URI). */
export interface ValidateCode {
  validateKey: string;
  image: string;
}

/** Answer of a call whose use is its message (password changes, sent codes). */
export interface Notice {
  msg: string;
}

/**
 * Sign-in and password calls (baseLoginRestful, baseUsersRestful). A refused login is an
 * ApiError with httpStatus 401 and data {captchaRequired, locked?}.
 */
export interface AuthProvider {
  login(request: LoginRequest): Promise<LoginData>;
  logoff(): Promise<void>;
  generateValidateCode(): Promise<ValidateCode>;
  getUserInfo(): Promise<{ userInfo: UserInfo; responsibilities: Responsibility[] }>;
  updatePassword(oldPassword: string, newPassword: string): Promise<Notice>;
  sendEmailCode(userName: string): Promise<Notice>;
  checkEmailCode(userName: string, code: string): Promise<Notice>;
  changePasswordByCode(userName: string, code: string, newPassword: string): Promise<Notice>;
}

/** Records, lists, lifecycle actions, page metadata, lookups and menus: what screens read and write. */
export interface DataProvider {
  findById<T = DataRecord>(entity: EntityAddress, id: unknown): Promise<T>;
  listByPage<T = DataRecord>(entity: EntityAddress, query: ListQuery, api?: string): Promise<ListResult<T>>;
  saveOrUpdate<T = DataRecord>(entity: EntityAddress, record: DataRecord): Promise<T>;
  doBatchSaveOrUpdate(entity: EntityAddress, rows: DataRecord[]): Promise<unknown>;
  delete(entity: EntityAddress, id: unknown): Promise<void>;
  doBatchDelete(entity: EntityAddress, ids: unknown[]): Promise<void>;
  lifecycleAction(entity: EntityAddress, action: string, target: LifecycleTarget): Promise<unknown>;
  /** A custom action with a JSON body, on the entity's resource or the target's own. */
  callAction(target: ActionTarget, action: string, body: Record<string, unknown>): Promise<ActionAnswer>;
  /** A custom action answering a file (blob and the Content-Disposition name); an error answer arrives as ApiError. */
  fileAction(target: ActionTarget, action: string, body: Record<string, unknown>): Promise<FileResult>;
  /** A custom action taking one uploaded file: multipart `file`, the fields beside it (the server's xlsxUpload). */
  uploadAction(target: ActionTarget, action: string, file: File, fields: Record<string, string>): Promise<ActionAnswer>;
  /** A record's lifecycle history (who, when, from, to, comment), for a reader of the record. */
  findHistory(entity: EntityAddress, id: unknown): Promise<DataRecord[]>;
  findPage(path: string): Promise<PageBundle>;
  findDic(lookupTypes: string[]): Promise<Record<string, LookupValue[]>>;
  findMenuByResp(responsibilityId: string): Promise<MenuRow[]>;
  findByMenuResp(menuId: string, respId: string): Promise<MenuResource[]>;
  /** The same provider, sending the menuId/respId headers of a screen. */
  forScreen(screen: ScreenIds): DataProvider;
}

/** Excel and CSV exports of a list (the server re-runs the list query under the screen's rights). */
export interface ExportProvider {
  /** A file (blob); a JSON error answer arrives as ApiError through the request client. */
  exportExcel(request: ExportRequest): Promise<FileResult>;
  /** The same export as CSV (the spec's exportCsv: the first column left out). */
  exportCsv(request: ExportRequest): Promise<FileResult>;
  /** The same provider, sending the menuId/respId headers of a screen. */
  forScreen(screen: ScreenIds): ExportProvider;
}

/** Everything the server offers the runtime: what createDataProvider builds for the app. */
export interface AppProvider extends DataProvider, AuthProvider, PreferencesProvider, ExportProvider {
  forScreen(screen: ScreenIds): AppProvider;
}

const ACTION_NAME = /^[A-Za-z][A-Za-z0-9]*$/;
const TABLE_CONFIG = '/api/srmServer/v1/tableConfigRestful';

export function entityPath(entity: EntityAddress, action: string): string {
  // Names come from metadata; refuse anything that could bend the URL path.
  if (!ACTION_NAME.test(action) || !ACTION_NAME.test(entity.name) || !ACTION_NAME.test(entity.area)) {
    throw new Error(`Invalid endpoint ${entity.area}/${entity.name}/${action}`);
  }
  return `/api/${entity.area}/v1/${entity.name}Restful/${action}`;
}

const RESOURCE_NAME = /^[a-z][A-Za-z0-9]*Restful$/;

/** The endpoint of a page action: the entity's own resource, or the named one of its area. */
export function actionPath(target: ActionTarget, action: string): string {
  if (!target.resource) return entityPath(target, action);
  if (!RESOURCE_NAME.test(target.resource) || !ACTION_NAME.test(action) || !ACTION_NAME.test(target.area)) {
    throw new Error(`Invalid endpoint ${target.area}/${target.resource}/${action}`);
  }
  return `/api/${target.area}/v1/${target.resource}/${action}`;
}

/** GridConfig.api may be a full /api path, an area-relative path or absent (the entity's own). */
export function listPath(entity: EntityAddress, api?: string): string {
  if (!api) return entityPath(entity, 'listByPage');
  if (api.startsWith('/api/')) return api;
  return api.startsWith('/') ? `/api${api}` : `/api/${api}`;
}

const BASE = '/api/baseServer/v1';

export function createDataProvider(request: RequestFn, screen: ScreenIds = {}): AppProvider {
  const call = <T>(path: string, body?: object): Promise<ApiResult<T>> => request<T>(path, body, { screen });
  const data = async <T>(path: string, body?: object): Promise<T> => (await call<T>(path, body)).data;
  const exported = async (action: 'exportExcel' | 'exportCsv', body: ExportRequest): Promise<FileResult> => {
    const file = await data<unknown>(`/api/exportServer/v1/exportExcelRestful/${action}`, body);
    if (!isFileResult(file)) throw new Error(`${action} did not answer with a file`);
    return file;
  };
  const notice = async (path: string, body?: object): Promise<Notice> => ({
    msg: (await call<unknown>(path, body)).msg,
  });
  const LOGIN = `${BASE}/baseLoginRestful`;
  const USERS = `${BASE}/baseUsersRestful`;

  return {
    findById: (entity, id) => data(entityPath(entity, 'findById'), { id }),
    async listByPage<T>(entity: EntityAddress, query: ListQuery, api?: string) {
      const result = await call<T[]>(listPath(entity, api), query);
      const rows = Array.isArray(result.data) ? result.data : [];
      const page = result.page ?? { count: rows.length, pageIndex: query.pageIndex, pageRows: query.pageRows };
      return { rows, page };
    },
    saveOrUpdate: (entity, record) => data(entityPath(entity, 'saveOrUpdate'), record),
    doBatchSaveOrUpdate: (entity, rows) => data(entityPath(entity, 'doBatchSaveOrUpdate'), { rows }),
    delete: async (entity, id) => void (await call(entityPath(entity, 'delete'), { id })),
    doBatchDelete: async (entity, ids) => void (await call(entityPath(entity, 'doBatchDelete'), { ids })),
    lifecycleAction: (entity, action, target) => data(entityPath(entity, action), target),
    callAction: async (target, action, body) => {
      const { data: answer, msg } = await call<unknown>(actionPath(target, action), body);
      return { data: answer, msg };
    },
    async fileAction(target, action, body) {
      const file = await data<unknown>(actionPath(target, action), body);
      if (!isFileResult(file)) throw new Error(`${action} did not answer with a file`);
      return file;
    },
    uploadAction: async (target, action, file, fields) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', file, file.name);
      const { data: answer, msg } = await call<unknown>(actionPath(target, action), form);
      return { data: answer, msg };
    },
    findHistory: async (entity, id) =>
      (await data<DataRecord[] | null>(`${BASE}/baseApprovalRestful/findHistory`, {
        resource: `${entity.name}Restful`,
        id,
      })) ?? [],
    findPage: (path) => data(`${BASE}/baseMetadataRestful/findPage`, { path }),
    findDic: async (lookupTypes) =>
      (await data<Record<string, LookupValue[]> | null>(`${BASE}/baseLookupValuesRestful/findDic`, { lookupTypes })) ??
      {},
    findMenuByResp: async (responsibilityId) =>
      (await data<MenuRow[] | null>(`${BASE}/baseMenuRestful/findMenuByResp`, {
        isValid: true,
        systemCode: 'BASE',
        responsibilityId,
      })) ?? [],
    findByMenuResp: async (menuId, respId) =>
      (await data<MenuResource[] | null>(`${BASE}/baseResourceRestful/findByMenuResp`, { menuId, respId })) ?? [],
    exportExcel: (body) => exported('exportExcel', body),
    exportCsv: (body) => exported('exportCsv', body),
    async getTableConfig(key) {
      const saved = await data<{ columns?: SavedColumn[] } | null>(`${TABLE_CONFIG}/getTableConfig`, key);
      return Array.isArray(saved?.columns) ? saved.columns : null;
    },
    createOrUpdateTableConfig: async (key, columns) =>
      void (await call(`${TABLE_CONFIG}/createOrUpdateTableConfig`, { ...key, columns })),
    deleteTableConfig: async (key) => void (await call(`${TABLE_CONFIG}/deleteTableConfig`, key)),
    login: (body) => data(`${LOGIN}/login`, body),
    logoff: async () => void (await call(`${LOGIN}/logoff`, {})),
    generateValidateCode: () => data(`${LOGIN}/generateValidateCode`, {}),
    getUserInfo: () => data(`${USERS}/getUserInfo`, {}),
    updatePassword: (oldPassword, newPassword) => notice(`${USERS}/updatePassword`, { oldPassword, newPassword }),
    sendEmailCode: (userName) => notice(`${LOGIN}/sendEmailCode`, { userName }),
    checkEmailCode: (userName, code) => notice(`${LOGIN}/checkEmailCode`, { userName, code }),
    changePasswordByCode: (userName, code, newPassword) =>
      notice(`${LOGIN}/changePasswordByCode`, { userName, code, newPassword }),
    forScreen: (next) => createDataProvider(request, next),
  };
}
