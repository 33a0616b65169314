/** A DataProvider for unit tests: every method is a vi.fn with a sensible default answer. */
import { vi } from 'vitest';
import type { DataProvider } from '../core/dataProvider';

export type FakeProvider = { [K in keyof DataProvider]: ReturnType<typeof vi.fn> & DataProvider[K] };

export function createFakeProvider(overrides: Partial<DataProvider> = {}): FakeProvider {
  const provider = {
    findById: vi.fn(async () => ({})),
    listByPage: vi.fn(async () => ({ rows: [], page: { count: 0, pageIndex: 1, pageRows: 20 } })),
    saveOrUpdate: vi.fn(async (_entity: unknown, record: unknown) => record),
    doBatchSaveOrUpdate: vi.fn(async () => undefined),
    delete: vi.fn(async () => undefined),
    doBatchDelete: vi.fn(async () => undefined),
    lifecycleAction: vi.fn(async () => undefined),
    findPage: vi.fn(async () => {
      throw new Error('findPage not stubbed');
    }),
    findDic: vi.fn(async () => ({})),
    findMenuByResp: vi.fn(async () => []),
    findByMenuResp: vi.fn(async () => []),
    forScreen: vi.fn(),
    ...overrides,
  } as unknown as FakeProvider;
  provider.forScreen.mockImplementation(() => provider);
  return provider;
}
