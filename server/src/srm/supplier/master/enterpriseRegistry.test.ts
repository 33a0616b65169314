import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../http/apiError';
import {
  enterpriseRegistryFor,
  LocalEnterpriseRegistry,
  recordFromService,
  RemoteEnterpriseRegistry,
  type EnterpriseRecord,
} from './enterpriseRegistry';
import type { MasterStore } from './masterStore';

const USCC = '91320506MA1W8K3P2X';

/** A held-record store in memory standing in for srmSlcEnterpriseRegistry. */
function memoryLocal(held: EnterpriseRecord[] = []) {
  const kept: EnterpriseRecord[] = [];
  const local = {
    lookup: (uscc: string) =>
      Promise.resolve([...held, ...kept].find((r) => r.unifiedSocialCreditCode === uscc) ?? null),
    keep: (record: EnterpriseRecord) => {
      kept.push({ ...record, enterpriseRegistryId: 9 });
      return Promise.resolve(kept.at(-1)!);
    },
  };
  return { local: local as unknown as LocalEnterpriseRegistry, kept };
}

function answering(body: unknown, status = 200): { fetcher: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const fetcher = ((url: URL) => {
    urls.push(String(url));
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  }) as unknown as typeof fetch;
  return { fetcher, urls };
}

describe('recordFromService', () => {
  it('maps the service fields onto the record (capital from 万元 to yuan, status to the lookup)', () => {
    expect(
      recordFromService(USCC, {
        name: '苏州恒达精密五金有限公司',
        credit_no: USCC,
        oper_name: '周建国',
        regist_capi: '1000万人民币',
        start_date: '2012-05-18',
        status: '存续（在营、开业、在册）',
        econ_kind: '有限责任公司',
        belong_org: '苏州市吴中区市场监督管理局',
        address: '江苏省苏州市',
        scope: '五金件',
      }),
    ).toMatchObject({
      unifiedSocialCreditCode: USCC,
      enterpriseName: '苏州恒达精密五金有限公司',
      registeredCapital: '10000000.00',
      capitalCurrency: 'CNY',
      enterpriseStatus: 'EXISTING',
      establishDate: '2012-05-18',
      dataSource: 'QIXINBAO',
    });
    expect(recordFromService(USCC, { name: '某公司', status: '注销' })?.enterpriseStatus).toBe('CANCELLED');
    expect(recordFromService(USCC, { credit_no: USCC })).toBeNull();
  });
});

describe('RemoteEnterpriseRegistry', () => {
  it('answers a held record without calling the service', async () => {
    const { local } = memoryLocal([
      { unifiedSocialCreditCode: USCC, enterpriseName: 'held', enterpriseStatus: 'EXISTING', dataSource: 'MANUAL' },
    ]);
    const { fetcher, urls } = answering({});
    const found = await new RemoteEnterpriseRegistry(local, 'https://registry.example/api', 'k', fetcher).lookup(USCC);
    expect(found?.enterpriseName).toBe('held');
    expect(urls).toEqual([]);
  });

  it('asks the service for an unknown code, keeps its answer, and says none when it knows none', async () => {
    const { local, kept } = memoryLocal();
    const { fetcher, urls } = answering({ status: '200', data: { name: '新公司', credit_no: USCC, status: '在业' } });
    const found = await new RemoteEnterpriseRegistry(local, 'https://registry.example/api', 'key1', fetcher).lookup(
      USCC,
    );
    expect(found).toMatchObject({ enterpriseName: '新公司', enterpriseStatus: 'IN_BUSINESS', enterpriseRegistryId: 9 });
    expect(kept).toHaveLength(1);
    expect(urls[0]).toBe(`https://registry.example/api?appkey=key1&keyword=${USCC}`);
    const empty = answering({ status: '201', data: null });
    expect(
      await new RemoteEnterpriseRegistry(memoryLocal().local, 'https://r.example/', 'k', empty.fetcher).lookup(USCC),
    ).toBeNull();
  });

  it('answers 502 when the service fails', async () => {
    const { fetcher } = answering({ message: 'down' }, 503);
    const failed = await new RemoteEnterpriseRegistry(memoryLocal().local, 'https://r.example/', 'k', fetcher)
      .lookup(USCC)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).httpStatus).toBe(502);
  });

  it('is the configured provider only when ENTERPRISE_REGISTRY_URL is set', () => {
    const store = { sql: {}, db: {} } as unknown as MasterStore;
    expect(enterpriseRegistryFor(store, {})).toBeInstanceOf(LocalEnterpriseRegistry);
    expect(enterpriseRegistryFor(store, { ENTERPRISE_REGISTRY_URL: 'https://r.example/' })).toBeInstanceOf(
      RemoteEnterpriseRegistry,
    );
  });
});
