import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, rawPost } from '../testing/apiAssertions';
import { signedHeaders, startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('platform');
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, any>;
const base = (resource: string, action: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.call('baseServer', resource, action, body, headers);
/** A signed call without a language header: the default language applies. */
const withoutLanguage = (resource: string, action: string, body: Record<string, unknown>) =>
  rawPost(server, `/api/baseServer/v1/${resource}/${action}`, JSON.stringify(body), {
    ...signedHeaders(),
    language: undefined,
  });

describe('findDic', () => {
  it('answers meaning in EN when the language header is EN, ordered by seqNum', async () => {
    const data = expectOk(
      await base(
        'baseLookupValuesRestful',
        'findDic',
        { lookupTypes: ['BASE_CURRENCY', 'BASE_RATE_TYPE'] },
        { language: 'EN' },
      ),
    );
    expect(Object.keys(data).sort()).toEqual(['BASE_CURRENCY', 'BASE_RATE_TYPE']);
    expect(data.BASE_CURRENCY.map((v: Row) => [v.lookupCode, v.meaning])).toEqual([
      ['CNY', 'Chinese yuan'],
      ['USD', 'US dollar'],
      ['EUR', 'Euro'],
      ['JPY', 'Japanese yen'],
      ['HKD', 'Hong Kong dollar'],
      ['GBP', 'Pound sterling'],
    ]);
    expect(data.BASE_RATE_TYPE[0]).toMatchObject({
      lookupType: 'BASE_RATE_TYPE',
      lookupCode: 'SPOT',
      meaning: 'Spot',
      seqNum: 1,
      enabledFlag: 'Y',
    });
  });

  it('answers meaning in CN by default', async () => {
    const data = expectOk(
      await withoutLanguage('baseLookupValuesRestful', 'findDic', { lookupTypes: ['BASE_CURRENCY'] }),
    );
    expect(data.BASE_CURRENCY.slice(0, 2).map((v: Row) => v.meaning)).toEqual(['人民币', '美元']);
  });

  it('answers CN to the CN header and takes the body language when there is no header', async () => {
    const cn = expectOk(
      await base('baseLookupValuesRestful', 'findDic', { lookupTypes: ['BASE_CURRENCY'] }, { language: 'CN' }),
    );
    expect(cn.BASE_CURRENCY[0].meaning).toBe('人民币');
    const en = expectOk(
      await withoutLanguage('baseLookupValuesRestful', 'findDic', { lookupTypes: ['BASE_CURRENCY'], language: 'EN' }),
    );
    expect(en.BASE_CURRENCY[0].meaning).toBe('Chinese yuan');
  });

  it('answers an empty list for an unknown lookup type', async () => {
    expect(expectOk(await base('baseLookupValuesRestful', 'findDic', { lookupTypes: ['NO_SUCH_TYPE'] }))).toEqual({
      NO_SUCH_TYPE: [],
    });
  });

  it.each([[undefined], ['BASE_CURRENCY'], [[1, 2]], [Array.from({ length: 101 }, (_, i) => `T${i}`)]])(
    'answers 400 to lookupTypes %j',
    async (lookupTypes) => {
      expectError(await base('baseLookupValuesRestful', 'findDic', { lookupTypes }), 400);
    },
  );
});

describe('findPage', () => {
  it('answers the page and every entity it touches, with system fields and without storage columns', async () => {
    const answer = await base(
      'baseMetadataRestful',
      'findPage',
      { path: 'purchaseRequisitionList' },
      { language: 'EN' },
    );
    const data = expectOk(answer);
    expect(answer.body.msg).toBe('Purchase requisitions');
    expect(data.page).toMatchObject({ path: 'purchaseRequisitionList', entity: 'srmPurRequisitionHeader' });
    expect(Object.keys(data.entities)).toEqual(
      expect.arrayContaining(['srmPurRequisitionHeader', 'srmPurRequisitionLine', 'baseOrganization', 'baseUsers']),
    );
    const header = data.entities.srmPurRequisitionHeader;
    const names = header.fields.map((f: Row) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'requisitionHeaderId',
        'requisitionNumber',
        'status',
        'createdBy',
        'creationDate',
        'lastUpdatedBy',
        'lastUpdateDate',
        'versionNum',
      ]),
    );
    expect(header.fields.filter((f: Row) => 'column' in f)).toEqual([]);
    expect(header.children[0]).toMatchObject({ name: 'lines', entity: 'srmPurRequisitionLine' });
  });

  it('answers the title in CN by default', async () => {
    const answer = await withoutLanguage('baseMetadataRestful', 'findPage', { path: 'purchaseRequisitionList' });
    expectOk(answer);
    expect(answer.body.msg).toBe('采购申请');
  });

  it('finds a nested path, with or without a leading slash', async () => {
    const data = expectOk(
      await base('baseMetadataRestful', 'findPage', { path: '/purRequisitionManage/purRequisitionEdit' }),
    );
    expect(data.page.path).toBe('purRequisitionManage/purRequisitionEdit');
    expect(data.entities.srmPurRequisitionLine.fields.map((f: Row) => f.name)).toContain('requisitionLineId');
  });

  it.each([['noSuchPage'], ['../../etc/passwd'], [''], [undefined], [42], ['purchaseRequisitionList/']])(
    'answers 404 to the path %j',
    async (path) => {
      expectError(await base('baseMetadataRestful', 'findPage', { path }), 404);
    },
  );
});

const countChildren = (m: { children?: unknown[] }): number =>
  (m.children ?? []).reduce((n: number, c) => n + 1 + countChildren(c as { children?: unknown[] }), 0);

describe('findMenuByResp', () => {
  const SEEDED = ['BASE_DATA', 'BASE_EXCHANGE_RATE', 'PURCHASING', 'PUR_REQUISITION', 'PUR_REQUISITION_EDIT'];

  it('answers the seeded menus with their tree links, names in the request language', async () => {
    const menus = expectOk<Row[]>(
      await base('baseMenuRestful', 'findMenuByResp', { isValid: true, responsibilityId: 1 }, { language: 'EN' }),
    );
    // The administrator's responsibility is granted every menu.
    expect(menus.map((m) => m.menuCode)).toEqual(expect.arrayContaining(SEEDED));
    expect(menus.length).toBe(
      server.kernel.registry.menus().length + server.kernel.registry.menus().reduce((n, m) => n + countChildren(m), 0),
    );
    const byCode = Object.fromEntries(menus.map((m) => [m.menuCode, m]));
    expect(byCode.BASE_DATA).toMatchObject({ menuParentId: 0, levelId: 1, menuType: 'DIR', menuName: 'Base data' });
    expect(byCode.PUR_REQUISITION).toMatchObject({
      menuParentId: byCode.PURCHASING.menuId,
      levelId: 2,
      htmlUrl: 'purchaseRequisitionList',
      menuName: 'Purchase requisitions',
    });
    expect(byCode.PUR_REQUISITION_EDIT).toMatchObject({
      menuParentId: byCode.PUR_REQUISITION.menuId,
      levelId: 3,
      htmlUrl: 'purRequisitionManage/purRequisitionEdit',
    });
    expect(menus.every((m) => Number.isInteger(m.menuId) && m.menuId > 0)).toBe(true);
  });

  it('answers menu names in CN by default', async () => {
    const menus = expectOk<Row[]>(
      await withoutLanguage('baseMenuRestful', 'findMenuByResp', { isValid: true, responsibilityId: 1 }),
    );
    expect(menus.find((m) => m.menuCode === 'PURCHASING')?.menuName).toBe('采购管理');
  });

  it('answers the one menu asked for by menuCode', async () => {
    const menus = expectOk<Row[]>(
      await base('baseMenuRestful', 'findMenuByResp', {
        isValid: true,
        responsibilityId: 1,
        menuCode: 'PUR_REQUISITION',
      }),
    );
    expect(menus.map((m) => m.menuCode)).toEqual(['PUR_REQUISITION']);
  });

  it('answers [{menuId: 0}] for a menuCode that does not exist', async () => {
    expect(
      expectOk(
        await base('baseMenuRestful', 'findMenuByResp', {
          isValid: true,
          responsibilityId: 1,
          menuCode: 'NO_SUCH_MENU',
        }),
      ),
    ).toEqual([{ menuId: 0 }]);
  });

  it('binds a quote-laden menuCode', async () => {
    expect(
      expectOk(await base('baseMenuRestful', 'findMenuByResp', { responsibilityId: 1, menuCode: "X' OR '1'='1" })),
    ).toEqual([{ menuId: 0 }]);
  });
});

describe('findByMenuResp', () => {
  it("answers a menu's buttons", async () => {
    const menus = expectOk<Row[]>(
      await base('baseMenuRestful', 'findMenuByResp', { responsibilityId: 1, menuCode: 'BASE_EXCHANGE_RATE' }),
    );
    const buttons = expectOk<Row[]>(
      await base('baseResourceRestful', 'findByMenuResp', { menuId: menus[0].menuId, respId: 1 }, { language: 'EN' }),
    );
    expect(buttons.map((b) => b.resourceCode)).toEqual([
      'btnAdd',
      'btnEdit',
      'btnSave',
      'btnDelete',
      'btnBatchDelete',
      'btnExport',
      'btnImport',
      'btnEnable',
      'btnInvalid',
    ]);
    expect(buttons[0]).toMatchObject({ resourceCode: 'btnAdd', resourceName: 'New' });
  });

  it('answers 400 to a menuId that is not a number', async () => {
    expectError(await base('baseResourceRestful', 'findByMenuResp', { menuId: 'abc', respId: 1 }), 400);
  });
});
