/**
 * Providers for unit tests, one per concern (DataProvider, AuthProvider, PreferencesProvider,
 * ExportProvider): every method is a vi.fn with a sensible default answer.
 */
import { vi } from 'vitest';
import type { AuthProvider, DataProvider, ExportProvider, PreferencesProvider } from '../core/dataProvider';
import { getResponsibilities, getUserInfo } from '../core/session';
import type { HomeApi, HomeStats } from '../home/homeApi';

type Fake<P> = { [K in keyof P]: ReturnType<typeof vi.fn> & P[K] };
export type FakeProvider = Fake<DataProvider>;
export type FakeAuth = Fake<AuthProvider>;
export type FakePreferences = Fake<PreferencesProvider>;
export type FakeExports = Fake<ExportProvider>;

/** Loosely typed overrides: tests return fixtures, not the generic T the interface promises. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures stand for the interface's generic answers
type Overrides<P> = Partial<Record<keyof P, (...args: any[]) => unknown>>;
export type FakeOverrides = Overrides<DataProvider>;
export type FakeAuthOverrides = Overrides<AuthProvider>;

/** Overrides become the spies' implementations, so calls can still be asserted. */
function withOverrides<F>(fake: F, overrides: object): F {
  for (const [name, implementation] of Object.entries(overrides)) {
    (fake as Record<string, ReturnType<typeof vi.fn>>)[name] = vi.fn(implementation as (...args: unknown[]) => unknown);
  }
  return fake;
}

export function createFakeProvider(overrides: FakeOverrides = {}): FakeProvider {
  const provider = {
    findById: vi.fn(async () => ({})),
    listByPage: vi.fn(async () => ({ rows: [], page: { count: 0, pageIndex: 1, pageRows: 20 } })),
    saveOrUpdate: vi.fn(async (_entity: unknown, record: unknown) => record),
    doBatchSaveOrUpdate: vi.fn(async () => undefined),
    delete: vi.fn(async () => undefined),
    doBatchDelete: vi.fn(async () => undefined),
    lifecycleAction: vi.fn(async () => undefined),
    callAction: vi.fn(async () => ({ data: null, msg: '' })),
    fileAction: vi.fn(async () => ({ blob: new Blob(['file']), fileName: 'file.xlsx' })),
    uploadAction: vi.fn(async () => ({ data: null, msg: '' })),
    findHistory: vi.fn(async () => []),
    findPage: vi.fn(async () => {
      throw new Error('findPage not stubbed');
    }),
    findDic: vi.fn(async () => ({})),
    findMenuByResp: vi.fn(async () => []),
    findByMenuResp: vi.fn(async () => []),
    forScreen: vi.fn(),
  } as unknown as FakeProvider;
  withOverrides(provider, overrides);
  provider.forScreen.mockImplementation(() => provider);
  return provider;
}

export function createFakeAuth(overrides: FakeAuthOverrides = {}): FakeAuth {
  const auth = {
    login: vi.fn(async () => {
      throw new Error('login not stubbed');
    }),
    logoff: vi.fn(async () => undefined),
    generateValidateCode: vi.fn(async () => ({ validateKey: 'key-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' })),
    // By default the server agrees with what the session holds.
    getUserInfo: vi.fn(async () => ({ userInfo: getUserInfo(), responsibilities: getResponsibilities() })),
    updatePassword: vi.fn(async () => ({ msg: '密码已修改，请重新登录' })),
    sendEmailCode: vi.fn(async () => ({ msg: '验证码已发送' })),
    checkEmailCode: vi.fn(async () => ({ msg: '验证码正确' })),
    changePasswordByCode: vi.fn(async () => ({ msg: '密码已修改，请重新登录' })),
  } as unknown as FakeAuth;
  return withOverrides(auth, overrides);
}

/** No saved layouts; saving and deleting succeed. */
export function createFakePreferences(overrides: Overrides<PreferencesProvider> = {}): FakePreferences {
  const preferences = {
    getTableConfig: vi.fn(async () => null),
    createOrUpdateTableConfig: vi.fn(async () => undefined),
    deleteTableConfig: vi.fn(async () => undefined),
  } as unknown as FakePreferences;
  return withOverrides(preferences, overrides);
}

export function createFakeExports(overrides: Overrides<ExportProvider> = {}): FakeExports {
  const exports = {
    exportExcel: vi.fn(async () => ({ blob: new Blob(['xlsx']), fileName: 'export.xlsx' })),
    exportCsv: vi.fn(async () => ({ blob: new Blob(['csv']), fileName: 'export.csv' })),
    forScreen: vi.fn(),
  } as unknown as FakeExports;
  withOverrides(exports, overrides);
  exports.forScreen.mockImplementation(() => exports);
  return exports;
}

/**
 * A home with nothing in it: no to-dos, notifications, notices or statistics. Tests that draw the shell
 * get it by default, so its home tab does not call a server that is not there.
 */
export function createFakeHome(overrides: Partial<HomeApi> = {}): HomeApi {
  const empty = async () => ({ rows: [], page: { pageIndex: 1, pageRows: 10, count: 0 } });
  return {
    findMyTodo: vi.fn(empty),
    doHandle: vi.fn(async () => ({})),
    findMyNotification: vi.fn(empty),
    viewNotification: vi.fn(async () => ({})),
    findMyNotice: vi.fn(empty),
    viewNotice: vi.fn(async () => ({})),
    // No statistics, so no charts: G2Plot needs a browser's Worker and canvas, which happy-dom lacks
    // (the home draws its charts only once it has statistics).
    findHomeStats: vi.fn(async () => undefined as unknown as HomeStats),
    findMenu: vi.fn(async () => ({ menuId: 0 })),
    ...overrides,
  };
}
