/** A DataProvider for unit tests: every method is a vi.fn with a sensible default answer. */
import { vi } from 'vitest';
import type { DataProvider } from '../core/dataProvider';
import { getResponsibilities, getUserInfo } from '../core/session';

export type FakeProvider = { [K in keyof DataProvider]: ReturnType<typeof vi.fn> & DataProvider[K] };

/** Loosely typed overrides: tests return fixtures, not the generic T the interface promises. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FakeOverrides = Partial<Record<keyof DataProvider, (...args: any[]) => unknown>>;

export function createFakeProvider(overrides: FakeOverrides = {}): FakeProvider {
  const provider = {
    findById: vi.fn(async () => ({})),
    listByPage: vi.fn(async () => ({ rows: [], page: { count: 0, pageIndex: 1, pageRows: 20 } })),
    saveOrUpdate: vi.fn(async (_entity: unknown, record: unknown) => record),
    doBatchSaveOrUpdate: vi.fn(async () => undefined),
    delete: vi.fn(async () => undefined),
    doBatchDelete: vi.fn(async () => undefined),
    lifecycleAction: vi.fn(async () => undefined),
    findHistory: vi.fn(async () => []),
    findPage: vi.fn(async () => {
      throw new Error('findPage not stubbed');
    }),
    findDic: vi.fn(async () => ({})),
    findMenuByResp: vi.fn(async () => []),
    findByMenuResp: vi.fn(async () => []),
    exportExcel: vi.fn(async () => ({ blob: new Blob(['xlsx']), fileName: 'export.xlsx' })),
    exportCsv: vi.fn(async () => ({ blob: new Blob(['csv']), fileName: 'export.csv' })),
    getTableConfig: vi.fn(async () => null),
    createOrUpdateTableConfig: vi.fn(async () => undefined),
    deleteTableConfig: vi.fn(async () => undefined),
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
    forScreen: vi.fn(),
  } as unknown as FakeProvider;
  // Overrides become the spies' implementations, so calls can still be asserted.
  for (const [name, implementation] of Object.entries(overrides)) {
    (provider as unknown as Record<string, ReturnType<typeof vi.fn>>)[name] = vi.fn(
      implementation as (...args: unknown[]) => unknown,
    );
  }
  provider.forScreen.mockImplementation(() => provider);
  return provider;
}
